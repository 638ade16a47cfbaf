import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "./open";
import { emptyDatabase, engines } from "./testing/engines";
import { databaseRateLimitStore } from "./rate-limit-store";

/*
 * The rate limit's counts are kept per address for an hour. An unsalted hash of an address is no protection: the
 * IPv4 space is small enough to hash whole, and a list of likely addresses takes a second. The addresses are
 * keyed with a secret every server shares, made anew each day; the old one is deleted, so a day's counts can no
 * longer be traced back to anyone once it is over.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const address = "203.0.113.77";
const day = 24 * 60 * 60_000;

/** Every way the plain SHA-256 of a text is commonly written. */
const plainHashes = (text: string) => {
  const digest = createHash("sha256").update(text).digest();
  return [digest.toString("hex"), digest.toString("base64"), digest.toString("base64url")];
};

describe.each(engines)("issue 34, finding 11: the rate limit keys addresses with a daily secret, on %s", (engine) => {
  /** Two servers on one database, each with its own connection and its own rate-limit store. */
  async function twoServers() {
    const { setting, remove } = await emptyDatabase(engine);
    cleanups.push(remove);
    const databases: Database[] = [];
    const stores: InstanceType<ReturnType<typeof databaseRateLimitStore>>[] = [];
    for (let index = 0; index < 2; index++) {
      const database = await openDatabase(setting, { waitMs: engine === "sqlite" ? 0 : 10_000 });
      cleanups.push(() => database.close());
      databases.push(database);
      const Store = databaseRateLimitStore(() => database);
      stores.push(new Store({}));
    }
    const incr = (index: number, key: string) =>
      new Promise<number>((resolve, reject) =>
        stores[index]?.incr(
          key,
          (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)),
          60_000,
          10,
        ),
      );
    const database = databases[0] as Database;
    const keys = async () => (await database.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    const secrets = async () =>
      (await database.db.selectFrom("secrets").select(["name", "value"]).execute()).filter(
        (row) => !row.name.startsWith("altcha"),
      );
    return { incr, keys, secrets };
  }

  it("stores neither the address nor its plain SHA-256, and both servers count it under one key", async () => {
    const { incr, keys, secrets } = await twoServers();
    expect(await incr(0, address)).toBe(1);
    expect(await incr(1, address)).toBe(2);
    expect(await incr(1, `office-sign-in:${address}`)).toBe(1);
    const stored = await keys();
    expect(stored).toHaveLength(2);
    const guessable = [...plainHashes(address), ...plainHashes(`office-sign-in:${address}`)];
    for (const key of stored) {
      expect(key).not.toContain(address);
      expect(guessable).not.toContain(key);
    }
    // The secret is the database's, one for the day, the same for every server.
    expect(await secrets()).toHaveLength(1);
  });

  it("makes a new secret each day and deletes the old one, so yesterday's keys lead nowhere", async () => {
    const { incr, keys, secrets } = await twoServers();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(start);
    expect(await incr(0, address)).toBe(1);
    const [today] = await keys();
    const [todaysSecret] = await secrets();

    vi.setSystemTime(start + day);
    expect(await incr(1, address)).toBe(1);
    expect(await incr(0, address)).toBe(2);
    const tomorrow = (await keys()).filter((key) => key !== today);
    expect(tomorrow).toHaveLength(1);
    const left = await secrets();
    expect(left).toHaveLength(1);
    expect(left[0]?.value).not.toBe(todaysSecret?.value);
    expect(left[0]?.name).not.toBe(todaysSecret?.name);
  });
});
