// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whenFree } from "../busy";
import { openDatabase } from "../data/open";
import { InboxStore } from "../data/enquiries/store";
import { engines } from "../data/testing/engines";
import { submission } from "../testing/submission";
import {
  accepted,
  enquiryForm,
  post,
  removeTestDirs,
  type Running,
  start,
  startOn,
  testDatabase,
  validEnquiry,
} from "../testing/inbox-server";
import { badKeyMessage, submissionKey } from "./route";

afterAll(removeTestDirs);

/** A key as the site's forms make them: 32 hex digits (app/lib/forms/send-key.ts). */
let made = 0;
const newKey = () => `${(++made).toString(16).padStart(8, "0")}${"0123456789abcdef".repeat(2)}`.slice(0, 32);

describe("the Idempotency-Key header", () => {
  it("is read bare or as a quoted string, and refused when it is not one key of 16 to 100 safe characters", () => {
    expect(submissionKey(undefined)).toBeNull();
    expect(submissionKey("0123456789abcdef")).toBe("0123456789abcdef");
    expect(submissionKey(' "8e03978e-40d5-43e8-bc93-6894a57f9324" ')).toBe("8e03978e-40d5-43e8-bc93-6894a57f9324");
    for (const bad of ["", "short", "a".repeat(101), "0123456789abcdef, 0123456789abcdef", "<script>0123456789abc"]) {
      expect(() => submissionKey(bad), bad).toThrow(badKeyMessage);
    }
    expect(() => submissionKey(["0123456789abcdef", "0123456789abcdef"])).toThrow(badKeyMessage);
  });
});

/** Issue 38: a send tried again with its key never makes a second enquiry, on either engine. */
describe.each(engines)("one enquiry per key on %s", (engine) => {
  let server: Running;
  beforeAll(async () => {
    server = await startOn(engine);
  });
  afterAll(async () => {
    await server.app.close();
  });

  const send = (key: string | null, name: string) =>
    post(server.url, {
      body: enquiryForm({ ...validEnquiry, name }),
      headers: key === null ? {} : { "Idempotency-Key": key },
    });

  it("answers a retry as it answered the first send, and stores, mails and counts the enquiry once", async () => {
    const key = newKey();
    expect(await send(key, "Retry Once")).toEqual(accepted);
    expect(await send(key, "Retry Once")).toEqual(accepted);
    expect(await send(`"${key}"`, "Retry Once")).toEqual(accepted);
    const stored = (await server.stored()).filter((enquiry) => enquiry.name === "Retry Once");
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe("pending");
    // Without a key, or with another, each send is an enquiry of its own.
    expect(await send(null, "No Key")).toEqual(accepted);
    expect(await send(null, "No Key")).toEqual(accepted);
    expect(await send(newKey(), "No Key")).toEqual(accepted);
    expect((await server.stored()).filter((enquiry) => enquiry.name === "No Key")).toHaveLength(3);
  });

  it("stores one of ten sends of one key at once", async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(key, "Ten At Once")));
    expect(answers).toEqual(Array.from({ length: 10 }, () => accepted));
    expect((await server.stored()).filter((enquiry) => enquiry.name === "Ten At Once")).toHaveLength(1);
  });

  it("refuses a key that is not one, and stores nothing", async () => {
    const before = (await server.stored()).length;
    expect(await send("not a key", "Bad Key")).toEqual({
      status: 400,
      body: { success: false, message: badKeyMessage },
    });
    expect(await server.stored()).toHaveLength(before);
  });
});

/** Two servers (two connections) storing the same keys at the same moment: one enquiry per key all the same. */
describe.each(engines)("one enquiry per key on %s, from two servers at once", (engine) => {
  it("gives both the same enquiry, whichever commits first", async () => {
    const setting = await testDatabase(engine);
    const first = await openDatabase(setting);
    const second = await openDatabase(setting);
    try {
      const [a, b] = [new InboxStore(first), new InboxStore(second)];
      const keys = Array.from({ length: 20 }, newKey);
      const batch = (name: string) =>
        keys.map((key) => ({ submission: submission({ name }), heldReason: null, key, page: "/", source: "google" }));
      // As each server's group commit does: while the other holds SQLite's lock, it tries again shortly.
      const [idsA, idsB] = await Promise.all([
        whenFree(() => a.addMany(batch("Server A")), 10_000),
        whenFree(() => b.addMany(batch("Server B")), 10_000),
      ]);
      expect(idsA).toEqual(idsB);
      expect(new Set(idsA).size).toBe(20);
      expect(idsA.every((id) => id > 0)).toBe(true);
      expect(await a.all()).toHaveLength(20);
      // Counted once each by the statistics, whichever server stored it.
      const counted = await first.db
        .selectFrom("stat_events")
        .select((eb) => eb.fn.sum<number>("count").as("count"))
        .where("kind", "=", "enquiry")
        .executeTakeFirst();
      expect(Number(counted?.count)).toBe(20);
      // The same key twice in one batch: one enquiry, both given its id.
      const key = newKey();
      const twice = await a.addMany([
        { submission: submission({ name: "Twice" }), heldReason: null, key },
        { submission: submission({ name: "Twice" }), heldReason: null, key },
      ]);
      expect(twice[0]).toBeGreaterThan(0);
      expect(twice[1]).toBe(twice[0]);
      expect((await a.all()).filter((enquiry) => enquiry.name === "Twice")).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

/**
 * Two servers behind a load balancer, each given the same enquiry with the same key at the same moment (a phone that
 * sent it again while its first send's answer was still on its way, issue 38): both answer as the inbox does, and
 * there is one enquiry.
 */
describe.each(engines)("one enquiry per key on %s, sent to two servers at once", (engine) => {
  it("stores one enquiry, and both servers answer that it was stored", async () => {
    const database = await testDatabase(engine);
    const servers = [await start({ database }), await start({ database })] as const;
    try {
      for (let round = 0; round < 5; round++) {
        const key = newKey();
        const name = `Two Servers ${round}`;
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            post(servers[index % 2 === 0 ? 0 : 1].url, {
              body: enquiryForm({ ...validEnquiry, name }),
              headers: { "Idempotency-Key": key },
            }),
          ),
        );
        expect(answers).toEqual(Array.from({ length: 6 }, () => accepted));
        expect((await servers[0].stored()).filter((enquiry) => enquiry.name === name)).toHaveLength(1);
      }
    } finally {
      await Promise.all(servers.map((server) => server.app.close()));
    }
  });
});
