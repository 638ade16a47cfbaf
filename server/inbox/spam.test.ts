// @vitest-environment node
import { afterAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import { solvedProof } from "../testing/pow";
import {
  accepted,
  enquiriesOn,
  enquiryForm,
  json,
  type Reply,
  removeTestDirs,
  send,
  start,
  startOn,
  testDatabase,
  validEnquiry,
  waitFor,
} from "../testing/inbox-server";
import { LocalSmtp } from "../testing/smtp";
import { defaultSpamConfig } from "./spam";

afterAll(removeTestDirs);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const spam = { ...defaultSpamConfig, powMaxNumber: 2_000, minFillMs: 300 };

describe.each(engines)("on %s, spam is held, not mailed, and answered like an accepted enquiry", (engine) => {
  it("mails a submission that passes every check, and holds each kind that fails one", async () => {
    const smtp = new LocalSmtp();
    const server = await startOn(engine, { smtpPort: await smtp.start(), inbox: { spam, pollMs: 50 } });
    try {
      const genuine = await solvedProof(server.origin);
      await sleep(spam.minFillMs);
      const replies: Reply[] = [];
      replies.push(
        await send(server.url, { body: enquiryForm({ ...validEnquiry, name: "Genuine", altcha: genuine }) }),
      );

      const ticked = await solvedProof(server.origin);
      await sleep(spam.minFillMs);
      const honeypot = { ...validEnquiry, name: "Honeypot", botcheck: "on", altcha: ticked };
      replies.push(await send(server.url, { body: enquiryForm(honeypot) }));
      replies.push(await send(server.url, { body: enquiryForm({ ...validEnquiry, name: "No proof" }) }));
      replies.push(await send(server.url, { body: enquiryForm({ ...validEnquiry, name: "Replay", altcha: genuine }) }));
      const quick = await solvedProof(server.origin);
      replies.push(
        await send(server.url, { body: enquiryForm({ ...validEnquiry, name: "Too quick", altcha: quick }) }),
      );
      const forged = Buffer.from(
        JSON.stringify({ challenge: { parameters: {} }, solution: { counter: 1, derivedKey: "00" } }),
      );
      replies.push(
        await send(server.url, {
          body: enquiryForm({ ...validEnquiry, name: "Forged", altcha: forged.toString("base64") }),
        }),
      );
      replies.push(await send(server.url, json({ name: "Contact bot", message: "Buy now", botcheck: "1" })));

      // A bot learns nothing from the reply: the same status, body and headers as the genuine one.
      const shape = (reply: Reply) => ({
        status: reply.status,
        body: reply.body,
        headers: [...reply.headers.keys()].filter((name) => name !== "date").sort(),
      });
      const [first] = replies;
      if (!first) throw new Error("no reply");
      expect({ status: first.status, body: first.body }).toEqual(accepted);
      for (const reply of replies) expect(shape(reply)).toEqual(shape(first));

      await waitFor(async () => (await server.stored())[0]?.status === "sent", "the genuine enquiry to be mailed");
      await sleep(200);
      expect(smtp.received).toHaveLength(1);
      const stored = await server.stored();
      const rows = Object.fromEntries(stored.map((row) => [row.name, [row.status, row.heldReason]]));
      expect(rows).toEqual({
        Genuine: ["sent", null],
        Honeypot: ["held", "honeypot filled"],
        "No proof": ["held", "no proof of work"],
        Replay: ["held", "proof of work used before"],
        "Too quick": [
          "held",
          expect.stringMatching(/^sent 0\.\d s after the form was first touched \(at least 0\.3 s\)$/),
        ],
        Forged: ["held", expect.stringMatching(/^proof of work (invalid|unreadable)$/)],
        "Contact bot": ["held", "honeypot filled, no proof of work"],
      });

      const held = await enquiriesOn(server.database, "--held");
      expect(held).toMatch(/6 held as suspected spam/);
      expect(held).toMatch(/honeypot filled/);
      const latest = await enquiriesOn(server.database);
      expect(latest).toMatch(/Latest 1 \(newest first\)/);
      expect(latest).toMatch(/6 more among the latest 20 held as suspected spam/);
      const csv = await enquiriesOn(server.database, "--csv");
      expect(csv.trim().split("\r\n")).toHaveLength(8);
      expect(csv).toMatch(/,held,0,,,honeypot filled,,,,'\+971501234567,\r\n/);

      const honeypotId = String(stored.find((row) => row.name === "Honeypot")?.id);
      expect(await enquiriesOn(server.database, "--release", honeypotId)).toMatch(/is released/);
      await waitFor(() => smtp.received.length === 2, "the released submission to be mailed");
    } finally {
      await server.app.close();
      await smtp.stop();
    }
    // Three proofs of work and five runs of the enquiries command: over 30 s on a busy two-core machine.
  }, 120_000);

  it("keeps its signing keys in the database: a challenge from before a restart still verifies", async () => {
    const database = await testDatabase(engine);
    const before = await start({ database, inbox: { spam } });
    const proof = await solvedProof(before.origin);
    await before.app.close();
    const after = await start({ database, inbox: { spam } });
    try {
      await sleep(spam.minFillMs);
      await send(after.url, { body: enquiryForm({ ...validEnquiry, altcha: proof }) });
      expect((await after.stored())[0]).toMatchObject({ status: "pending", heldReason: null });
    } finally {
      await after.app.close();
    }
  });

  it("answers GET /api/challenge with a fresh signed challenge and the minimum fill time, never cached", async () => {
    const server = await startOn(engine, { inbox: { spam } });
    try {
      const response = await fetch(`${server.origin}/api/challenge`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as { challenge: { signature: string }; minFillMs: number };
      expect(body.minFillMs).toBe(300);
      expect(body.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      const again = (await (await fetch(`${server.origin}/api/challenge`)).json()) as typeof body;
      expect(again.challenge.signature).not.toBe(body.challenge.signature);
    } finally {
      await server.app.close();
    }
  });
});
