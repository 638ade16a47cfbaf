// @vitest-environment node
import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../data/open";
import { PushStore } from "../data/push";
import type { DatabaseSetting } from "../data/settings";
import { engines } from "../data/testing/engines";
import { spawnServer } from "../testing/child-server";
import { makeFakeClientRoot } from "../testing/fake-client";
import {
  enquiryForm,
  removeTestDirs,
  type Running,
  start,
  testDatabase,
  validEnquiry,
  waitFor,
} from "../testing/inbox-server";
import { solvedProof } from "../testing/pow";
import { startPushService, type TestDevice, type TestPushService } from "../testing/push-service";
import { defaultPushRetry, type PushSetting, readPushSetting } from "./config";
import { acceptableEndpoint } from "./endpoint";
import { vapidKeys } from "./keys";
import { sendPush } from "./sender";
import { PushWorker } from "./worker";

const contact = "mailto:owner@karama-visa.example";
const fast = { ...defaultPushRetry, baseMs: 50, maxMs: 200, pollMs: 100, leaseMs: 2_000, sendTimeoutMs: 1_000 };
const alertsOn: PushSetting = { on: true, contact, loopback: true, retry: fast };

let service: TestPushService;
const running: Running[] = [];
const opened: Database[] = [];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  service = await startPushService();
});
afterEach(async () => {
  for (const server of running.splice(0)) await server.app.close();
  for (const database of opened.splice(0)) await database.close();
});
afterAll(async () => {
  await service.close();
  await removeTestDirs();
  for (const cleanup of cleanups) cleanup();
});

async function openOn(setting: DatabaseSetting): Promise<Database> {
  const database = await openDatabase(setting);
  opened.push(database);
  return database;
}

/** A person in the office with alerts on for `device` (or revoked, still subscribed). */
async function subscribed(database: Database, device: TestDevice, name = "Sara", revoked = false) {
  const { id } = await database.db
    .insertInto("people")
    .values({
      name,
      role: "staff",
      handle: `${name}-${Math.random()}`,
      created_at: new Date().toISOString(),
      revoked_at: revoked ? new Date().toISOString() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await new PushStore(database).subscribe(id, { ...device, label: `${name}'s phone` });
  return id;
}

const submit = async (server: Running, values: Record<string, string> = validEnquiry) => {
  const response = await fetch(server.url, { method: "POST", body: enquiryForm(values) });
  expect(response.status).toBe(200);
};

const titleOf = (text: string | null) => (JSON.parse(text ?? "{}") as { title?: string }).title;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a push as a device reads it", () => {
  it("is encrypted to the device (RFC 8291) and signed for its push service (VAPID, ES256)", async () => {
    const database = await openOn(await testDatabase("sqlite"));
    const keys = await vapidKeys(database);
    // Made once: a second server on the database signs with the same keys.
    expect(await vapidKeys(database)).toEqual(keys);
    const device = service.device();
    const payload = { title: "New enquiry: Aisha Khan", body: "Tourist Visa", url: "/office/enquiries/7" };
    expect(await sendPush(device, payload, { keys, contact, timeoutMs: 5_000, policy: alertsOn })).toEqual({
      kind: "sent",
    });
    const [push] = service.delivered(device);
    expect(JSON.parse(push?.text ?? "null")).toEqual(payload);
    expect(push?.publicKey).toBe(keys.publicKey);
    expect(push?.claims).toMatchObject({ aud: service.origin, sub: contact });
    expect(push?.claims?.exp).toBeGreaterThan(Date.now() / 1000);
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
  });

  it("tells a gone device (404, 410) from one to try again (5xx, no answer)", async () => {
    const database = await openOn(await testDatabase("sqlite"));
    const keys = await vapidKeys(database);
    const device = service.device();
    service.answer(device, 410, 404, 500, 429);
    const send = () =>
      sendPush(
        device,
        { title: "t", body: "b", url: "/office" },
        { keys, contact, timeoutMs: 5_000, policy: alertsOn },
      );
    expect((await send()).kind).toBe("gone");
    expect((await send()).kind).toBe("gone");
    expect((await send()).kind).toBe("failed");
    expect((await send()).kind).toBe("failed");
  });

  it("accepts only known https push services, and loopback http when the tests say so (endpoint.test.ts)", () => {
    expect(acceptableEndpoint("https://fcm.googleapis.com/fcm/send/abc", { loopback: false })).toBe(true);
    expect(acceptableEndpoint("https://push.example/a", { loopback: false })).toBe(false);
    expect(acceptableEndpoint("http://127.0.0.1:9/push/a", { loopback: false })).toBe(false);
    expect(acceptableEndpoint("http://127.0.0.1:9/push/a", { loopback: true })).toBe(true);
    expect(acceptableEndpoint("http://10.0.0.1/push/a", { loopback: true })).toBe(false);
    expect(acceptableEndpoint("https://user:pw@fcm.googleapis.com/a", { loopback: false })).toBe(false);
    expect(acceptableEndpoint("javascript:alert(1)", { loopback: true })).toBe(false);
  });
});

describe.each(engines)("alerts for new enquiries (%s)", (engine) => {
  it("reach every device with alerts on within seconds: name and service, never phone, e-mail or message", async () => {
    const server = await start({ database: await testDatabase(engine), server: { push: alertsOn } });
    running.push(server);
    const database = await openOn(server.database);
    const mine = service.device();
    const theirs = service.device();
    const revoked = service.device();
    await subscribed(database, mine, "Sara");
    await subscribed(database, theirs, "Omar");
    await subscribed(database, revoked, "Gone", true);
    await submit(server);
    await waitFor(() => service.delivered(mine).length === 1 && service.delivered(theirs).length === 1, "the pushes");
    const [stored] = await server.stored();
    const alert = JSON.parse(service.delivered(mine)[0]?.text ?? "null") as Record<string, string>;
    expect(alert).toEqual({
      title: "New enquiry: Aisha Khan",
      body: "Tourist Visa",
      url: `/office/enquiries/${stored?.id}`,
    });
    for (const secret of ["501234567", "aisha@", "Two adults"]) expect(JSON.stringify(alert)).not.toContain(secret);
    // The VAPID token: signed by the server's keys, for this push service, naming PUSH_CONTACT.
    const keys = await vapidKeys(database);
    expect(service.delivered(mine)[0]).toMatchObject({
      publicKey: keys.publicKey,
      claims: { aud: service.origin, sub: contact },
    });
    expect(service.received.filter((push) => push.device === revoked.endpoint.split("/").pop())).toEqual([]);
    await expect.poll(() => new PushStore(database).waiting()).toBe(0);
  });

  it("delete a device its push service says is gone (410), and try a failing one again later (500)", async () => {
    const server = await start({ database: await testDatabase(engine), server: { push: alertsOn } });
    running.push(server);
    const database = await openOn(server.database);
    const gone = service.device();
    const failing = service.device();
    service.answer(gone, 410);
    service.answer(failing, 500, 503);
    const goneOwner = await subscribed(database, gone, "Gone");
    const failingOwner = await subscribed(database, failing, "Failing");
    await submit(server);
    await waitFor(() => service.delivered(failing).length === 1, "the third try");
    const store = new PushStore(database);
    expect(
      service.received.filter((push) => push.device === failing.endpoint.split("/").pop()).map((p) => p.status),
    ).toEqual([500, 503, 201]);
    // The server writes down what the push service answered once the answer is in: after the test has seen it.
    await expect.poll(async () => store.subscriptionsOf(goneOwner)).toEqual([]);
    await expect.poll(async () => (await store.subscriptionsOf(failingOwner))[0]?.lastSuccessAt ?? null).not.toBeNull();
    await expect.poll(() => store.waiting()).toBe(0);
  });

  it("send nothing for held spam", async () => {
    const server = await start({
      database: await testDatabase(engine),
      server: { push: alertsOn },
      // The spam guard on, as on a live server (server/inbox/spam.ts, its defaults).
      inbox: { spam: { powMaxNumber: 50_000, challengeTtlMs: 2 * 60 * 60_000, minFillMs: 3_000 } },
    });
    running.push(server);
    const database = await openOn(server.database);
    const device = service.device();
    await subscribed(database, device);
    // No proof of work: held as suspected spam, answered as if accepted.
    await submit(server, { ...validEnquiry, name: "Spammy Bot" });
    const [held] = await server.stored();
    expect(held?.status).toBe("held");
    await pause(500);
    expect(service.received.filter((push) => push.device === device.endpoint.split("/").pop())).toEqual([]);
    expect(await new PushStore(database).waiting()).toBe(0);
  });

  it("are sent once by one of two living servers, and again by another after a server died mid-send", async () => {
    const database = await openOn(await testDatabase(engine));
    const store = new PushStore(database);
    const device = service.device();
    await subscribed(database, device);
    for (let n = 0; n < 12; n++) await store.queue({ to: "everyone-on", title: `#${n}`, body: "b", url: "/office" });
    const keys = await vapidKeys(database);
    const send = (alert: {
      title: string;
      body: string;
      url: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    }) =>
      sendPush(
        alert,
        { title: alert.title, body: alert.body, url: alert.url },
        { keys, contact, timeoutMs: 2_000, policy: alertsOn },
      );
    const log = { info: () => {}, warn: () => {} };
    // A server that claimed one and died before sending it: its lease holds for 2 s.
    const claimedAt = Date.now();
    const [orphan] = await store.claim("dead-server", claimedAt, 1, fast.leaseMs);
    const workers = [new PushWorker(store, send, fast, log), new PushWorker(store, send, fast, log)];
    for (const worker of workers) worker.start();
    try {
      await waitFor(() => service.delivered(device).length === 12, "every alert", 20_000);
      await pause(500);
      const pushes = service.delivered(device).map((push) => ({ ...push, title: titleOf(push.text) }));
      // Each once: none sent twice while both servers lived.
      expect(pushes.map((push) => push.title).sort()).toEqual(Array.from({ length: 12 }, (_, n) => `#${n}`).sort());
      // The orphan, only once the dead server's lease had passed.
      const taken = pushes.find((push) => push.title === orphan?.title);
      expect(taken?.at).toBeGreaterThanOrEqual(claimedAt + fast.leaseMs);
    } finally {
      for (const worker of workers) await worker.stop();
    }
  });

  it("survive a server killed between storing an enquiry and sending its alert: sent after restart, once", async () => {
    const setting = await testDatabase(engine);
    const database = await openOn(setting);
    const device = service.device();
    await subscribed(database, device);
    const clientRoot = makeFakeClientRoot();
    cleanups.push(() => rmSync(clientRoot, { recursive: true, force: true }));
    const env = {
      CLIENT_ROOT: clientRoot,
      DATABASE_URL: setting.engine === "sqlite" ? `sqlite:${setting.path}` : setting.url,
      INBOX_RATE_LIMIT: "0",
      SMTP_HOST: "",
      // The spam guard is on, as on a live server: the enquiry carries a proof of work, and may come at once.
      INBOX_MIN_FILL_SECONDS: "0",
      INBOX_POW_MAX_NUMBER: "10",
    };
    // The first server stores the enquiry (its alert queued in the same commit) and is killed before any send:
    // it has alerts off (PUSH_CONTACT=off), so nothing is sent in between.
    const first = await spawnServer({ ...env, PUSH_CONTACT: "off" });
    const proof = await solvedProof(first.url);
    const stored = await fetch(`${first.url}/api/submit`, {
      method: "POST",
      body: enquiryForm({ ...validEnquiry, altcha: proof }),
    });
    expect(stored.status).toBe(200);
    first.process.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    expect(service.received.filter((push) => push.device === device.endpoint.split("/").pop())).toEqual([]);

    const second = await spawnServer({ ...env, PUSH_CONTACT: contact, PUSH_LOOPBACK: "on" });
    try {
      await waitFor(() => service.delivered(device).length === 1, "the alert after restart");
      await pause(1_000);
      expect(service.delivered(device)).toHaveLength(1);
      expect(JSON.parse(service.delivered(device)[0]?.text ?? "{}")).toMatchObject({
        title: "New enquiry: Aisha Khan",
      });
    } finally {
      second.process.kill("SIGTERM");
      expect(await second.exited).toBe("0");
    }
  }, 120_000);
});

describe("PUSH_CONTACT", () => {
  it("turns alerts on with an https: or mailto: address, off with off; anything else stops the start", () => {
    expect(readPushSetting({ PUSH_CONTACT: "off" })).toMatchObject({
      on: false,
      reason: expect.stringContaining("PUSH_CONTACT"),
    });
    expect(readPushSetting({ PUSH_CONTACT: contact })).toMatchObject({ on: true, contact, loopback: false });
    expect(readPushSetting({ PUSH_CONTACT: "https://www.karama.example/contact" })).toMatchObject({ on: true });
    expect(readPushSetting({ PUSH_CONTACT: "mailto:a@b.example", PUSH_LOOPBACK: "on" })).toMatchObject({
      loopback: true,
    });
    for (const bad of ["owner@karama.example", "http://www.karama.example", "mailto:nobody", "https://"]) {
      expect(() => readPushSetting({ PUSH_CONTACT: bad }), bad).toThrow(/PUSH_CONTACT must be an https: or mailto:/);
    }
  });

  it("unset (a fresh install), is mailto: the agency's e-mail, or SITE_URL on https while that is the example's", () => {
    // Nothing set at all: on, with the example mailbox (npm run doctor warns of it).
    expect(readPushSetting({})).toMatchObject({
      on: true,
      contact: "mailto:info@example.com",
      contactFrom: "AGENCY_EMAIL",
    });
    expect(
      readPushSetting({ AGENCY_EMAIL: "office@karama.example", SITE_URL: "https://www.karama.example" }),
    ).toMatchObject({
      on: true,
      contact: "mailto:office@karama.example",
      contactFrom: "AGENCY_EMAIL",
    });
    expect(readPushSetting({ SITE_URL: "https://www.karama.example/" })).toMatchObject({
      on: true,
      contact: "https://www.karama.example",
      contactFrom: "SITE_URL",
    });
    // SITE_URL on plain http, or localhost: not an address anyone reaches.
    for (const site of ["http://www.karama.example", "https://localhost:3000"]) {
      expect(readPushSetting({ SITE_URL: site })).toMatchObject({ contact: "mailto:info@example.com" });
    }
    expect(readPushSetting({ PUSH_CONTACT: contact, AGENCY_EMAIL: "office@karama.example" })).toMatchObject({
      contact,
      contactFrom: "PUSH_CONTACT",
    });
  });

  it("PUSH_HOSTS adds host names; anything else stops the start", () => {
    expect(readPushSetting({ PUSH_HOSTS: "push.example.net, *.push.example.org" })).toMatchObject({
      hosts: ["push.example.net", "*.push.example.org"],
    });
    expect(readPushSetting({})).toMatchObject({ hosts: [] });
    for (const bad of ["https://push.example.net", "10.0.0.5", "push.example.net:8443", "*", "localhost"]) {
      expect(() => readPushSetting({ PUSH_HOSTS: bad }), bad).toThrow(/PUSH_HOSTS: .* is not a host name/);
    }
  });
});
