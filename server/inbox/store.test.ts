import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../data/open";
import type { DatabaseSetting } from "../data/settings";
import { emptyDatabase, engines } from "../data/testing/engines";
import { whenFree } from "../busy";
import { databaseRateLimitStore } from "../data/rate-limit-store";
import { defaultSpamConfig, SpamGuard } from "./spam";
import { InboxStore, proofUsedBefore } from "../data/enquiries/store";
import type { Submission } from "../data/enquiries/types";

/*
 * The inbox's queries on both engines, as several servers use them at once: each "server" here is a connection
 * (a database handle) of its own on the same database, with no mock in between.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function servers(engine: DatabaseSetting["engine"], count: number): Promise<InboxStore[]> {
  const { setting, remove } = await emptyDatabase(engine);
  cleanups.push(remove);
  const stores: InboxStore[] = [];
  for (let index = 0; index < count; index++) {
    // SQLite: as the server, no wait inside SQLite (a lock held across an await of this same thread would never
    // be let go); writes that may meet another's transaction go through whenFree, as the server's do.
    const database: Database = await openDatabase(setting, { waitMs: engine === "sqlite" ? 0 : 10_000 });
    cleanups.push(() => database.close());
    stores.push(new InboxStore(database));
  }
  return stores;
}

/** One server. */
async function one(engine: DatabaseSetting["engine"]): Promise<InboxStore> {
  const [store] = await servers(engine, 1);
  if (!store) throw new Error("no store");
  return store;
}

/** Two servers on the same database. */
async function two(engine: DatabaseSetting["engine"]): Promise<[InboxStore, InboxStore]> {
  const [first, second] = await servers(engine, 2);
  if (!first || !second) throw new Error("no store");
  return [first, second];
}

const submission = (name: string): Submission => ({
  kind: "enquiry",
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone: "+971 50 000 0000",
  visaType: "Tourist Visa",
  date: "2027-01-10",
  adult: "",
  child: "",
  subject: "",
  message: "Hello",
});

const now = Date.parse("2026-11-24T12:00:00Z");
const lease = 60_000;

describe.each(engines)("the inbox on %s", (engine) => {
  it("stores enquiries in one transaction and lists them", async () => {
    const store = await one(engine);
    const ids = await store.addMany(
      [
        { submission: submission("Ana"), heldReason: null },
        { submission: submission("Bot"), heldReason: "honeypot filled" },
      ],
      new Date(now),
    );
    expect(ids).toEqual([1, 2]);
    expect((await store.latest(10)).map((enquiry) => [enquiry.name, enquiry.status])).toEqual([
      ["Bot", "held"],
      ["Ana", "pending"],
    ]);
    expect(await store.health()).toMatchObject({ pending: 1, held: 1, rejected: 0, oldestPendingAt: now });
    expect(await store.nextDueAt()).toBe(now);
  });

  it("lets two servers claiming at once share the outbox: every enquiry claimed once", async () => {
    const [first, second] = await two(engine);
    await first.addMany(
      Array.from({ length: 60 }, (_, index) => ({ submission: submission(`N${index}`), heldReason: null })),
      new Date(now - 1000),
    );
    const claimed: number[] = [];
    const worker = async (store: InboxStore, name: string) => {
      for (;;) {
        const batch = await store.claim(name, now, 3, lease);
        if (batch.length === 0) return;
        claimed.push(...batch.map((enquiry) => enquiry.id));
      }
    };
    // Eight workers, four on each server, all at once.
    await Promise.all(Array.from({ length: 8 }, (_, index) => worker(index % 2 ? second : first, `w${index}`)));
    expect(claimed.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
  });

  it("gives a claim whose lease ran out to another server, and only the holder may mark it sent", async () => {
    const [first, second] = await two(engine);
    const id = await first.add(submission("Maria"), new Date(now));
    expect((await first.claim("a", now, 5, lease)).map((enquiry) => enquiry.id)).toEqual([id]);
    // Still held by a: nobody else gets it.
    expect(await second.claim("b", now + lease - 1, 5, lease)).toEqual([]);
    // a is still sending when its lease runs out: b takes it over.
    expect((await second.claim("b", now + lease, 5, lease)).map((enquiry) => enquiry.id)).toEqual([id]);
    expect(await first.markSent(id, "a")).toBe(false);
    expect(await first.markFailed(id, "a", "timeout", now + 1)).toBe(false);
    expect(await second.markSent(id, "b")).toBe(true);
    expect((await first.all())[0]).toMatchObject({ status: "sent", attempts: 1 });
    expect(await second.claim("b", now + 10 * lease, 5, lease)).toEqual([]);
  });

  it("lets another server take at once what a stopping server claimed and did not send", async () => {
    const [first, second] = await two(engine);
    await first.addMany(
      [1, 2, 3].map((index) => ({ submission: submission(`N${index}`), heldReason: null })),
      new Date(now),
    );
    const [sent] = await first.claim("a", now, 3, lease);
    expect(await first.markSent(sent?.id ?? 0, "a")).toBe(true);
    expect(await second.claim("b", now, 3, lease)).toEqual([]);
    await first.releaseClaims("a");
    expect((await second.claim("b", now, 3, lease)).map((enquiry) => enquiry.name)).toEqual(["N2", "N3"]);
    expect((await second.all()).map((enquiry) => enquiry.status)).toEqual(["sent", "pending", "pending"]);
  });

  it("records a failure by the holder, frees the enquiry for its next attempt, and sets it aside at the bound", async () => {
    const store = await one(engine);
    const id = await store.add(submission("Ana"), new Date(now));
    await store.claim("a", now, 1, lease);
    expect(await store.markFailed(id, "a", "550 no such mailbox", now + 10, true, 2)).toBe(true);
    expect((await store.claim("b", now + 5, 1, lease)).length).toBe(0);
    const [again] = await store.claim("b", now + 10, 1, lease);
    expect(again).toMatchObject({ id, attempts: 1, rejections: 1, lastError: "550 no such mailbox" });
    expect(await store.markFailed(id, "b", "550 no such mailbox", now + 20, true, 2)).toBe(true);
    expect((await store.all())[0]).toMatchObject({ status: "rejected", rejections: 2 });
    expect(await store.requeue(id, now + 30)).toBe(true);
    expect((await store.claim("c", now + 30, 1, lease)).map((enquiry) => enquiry.rejections)).toEqual([0]);
  });

  it("releases a held enquiry once when two people release it at the same moment", async () => {
    const [first, second] = await two(engine);
    const [id = 0] = await first.addMany([{ submission: submission("Held"), heldReason: "no proof of work" }]);
    const results = await Promise.all([first.release(id), second.release(id), first.release(id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await first.claim("a", Date.now() + 1000, 5, lease)).map((enquiry) => enquiry.id)).toEqual([id]);
  });

  it("counts submissions per address across servers, with no count lost to a race", async () => {
    const handles = await two(engine);
    const stores = handles.map((store) => {
      const Store = databaseRateLimitStore(() => store.database);
      return new Store({});
    });
    const incr = (index: number, key: string) =>
      new Promise<number>((resolve, reject) =>
        stores[index % 2]?.incr(
          key,
          (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)),
          60_000,
          10,
        ),
      );
    const counts = await Promise.all(Array.from({ length: 40 }, (_, index) => incr(index, "203.0.113.7")));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(await incr(0, "198.51.100.1")).toBe(1);
    // No address is stored as such.
    const keys = await handles[0].database.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((row) => row.key).join(" ")).not.toMatch(/203\.0\.113\.7|198\.51\.100\.1/);
  });

  it("accepts a proof of work issued by one server once, on whichever server stores it first", async () => {
    const [first, second] = await two(engine);
    const config = { ...defaultSpamConfig, powMaxNumber: 1_000, minFillMs: 0 };
    const issuer = await SpamGuard.create(first.database, config);
    const checker = await SpamGuard.create(second.database, config);
    const { challenge } = await issuer.challenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    const fields = new Map([["altcha", Buffer.from(JSON.stringify({ challenge, solution })).toString("base64")]]);
    // The same proof three times, on both servers at once: each check passes alone...
    const verdicts = await Promise.all([checker.verdict(fields), issuer.verdict(fields), checker.verdict(fields)]);
    expect(verdicts.map((verdict) => verdict.reason)).toEqual([null, null, null]);
    // ...and storing them lets one through.
    await Promise.all(
      verdicts.map(({ reason, proof }, index) =>
        whenFree(
          () =>
            (index % 2 ? first : second).addMany([
              { submission: submission(`Copy${index}`), heldReason: reason, proof },
            ]),
          10_000,
        ),
      ),
    );
    const stored = await first.all();
    expect(stored.map((enquiry) => enquiry.status).sort()).toEqual(["held", "held", "pending"]);
    expect(stored.filter((enquiry) => enquiry.status === "held").map((enquiry) => enquiry.heldReason)).toEqual([
      proofUsedBefore,
      proofUsedBefore,
    ]);
    // Twice in one batch (one commit), the second copy is held too.
    const again = await second.addMany([
      { submission: submission("Twin1"), heldReason: null, proof: { signature: "fresh-one", expiresAt: now } },
      {
        submission: submission("Twin2"),
        heldReason: "honeypot filled",
        proof: { signature: "fresh-one", expiresAt: now },
      },
    ]);
    const twins = (await first.all()).filter((enquiry) => again.includes(enquiry.id));
    expect(twins.map((enquiry) => [enquiry.name, enquiry.status, enquiry.heldReason])).toEqual([
      ["Twin1", "pending", null],
      ["Twin2", "held", `honeypot filled, ${proofUsedBefore}`],
    ]);
    // Expired proofs are forgotten.
    await first.sweepUsedProofs(Date.now() + config.challengeTtlMs + 1);
    expect(await first.database.db.selectFrom("used_proofs").selectAll().execute()).toEqual([]);
  });
});
