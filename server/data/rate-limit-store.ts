import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { createHmac, randomBytes } from "node:crypto";
import { dubaiDay } from "./dubai-days";
import type { Database } from "./database";

/** How long a minute's counts are kept after it ends. */
const keepMs = 60 * 60_000;

/** The secrets table's rows for the addresses' key, one a day: `rate-limit-key:YYYY-MM-DD` (Dubai's day). */
const keyPrefix = "rate-limit-key:";

/** The day's key of each open database, in this process: asked of the database once a day. */
const dailyKeys = new WeakMap<Database, { day: string; key: Promise<Buffer> }>();

/**
 * The key the addresses are hashed with today: made by the first server that needs it (each day), read by every
 * other, as the spam guard's keys are (spam.ts). The days before are deleted with it, so that once a day is over
 * no server, backup or copy of the database can tell whose counts its rows were, even by hashing every address.
 */
function todaysKey(database: Database, now: number): Promise<Buffer> {
  const day = dubaiDay(now);
  const known = dailyKeys.get(database);
  if (known?.day === day) return known.key;
  const name = `${keyPrefix}${day}`;
  const key = (async () => {
    await database.db
      .insertInto("secrets")
      .values({ name, value: randomBytes(32).toString("hex") })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .execute();
    // Only the days before: a server whose clock is a little ahead may already have made tomorrow's.
    await database.db.deleteFrom("secrets").where("name", "like", `${keyPrefix}%`).where("name", "<", name).execute();
    const row = await database.db.selectFrom("secrets").select("value").where("name", "=", name).executeTakeFirst();
    if (!row) throw new Error(`The secret ${name} could not be stored`);
    return Buffer.from(row.value, "hex");
  })();
  dailyKeys.set(database, { day, key });
  // Asked again next time, rather than failing every request until the day ends.
  key.catch(() => {
    if (dailyKeys.get(database)?.key === key) dailyKeys.delete(database);
  });
  return key;
}

/**
 * @fastify/rate-limit's counts in the database, so that every server behind a load balancer counts the same
 * submissions: one row per address, its current window and count, moved on by one atomic upsert (no read then
 * write for two servers to race on). The window is fixed (the minute the request falls in). While the database
 * cannot be reached the limit lets requests through: the submission itself is then answered 503. The address
 * is kept only as a keyed hash (HMAC-SHA-256 with the day's key, todaysKey), and only for the hour after its last
 * minute.
 */
export function databaseRateLimitStore(databaseNow: () => Database | null): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  class DatabaseRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      const database = databaseNow();
      if (!database) {
        callback(new Error("the database is not open"));
        return;
      }
      const { db } = database;
      const sweep =
        now - lastSweep > keepMs
          ? db
              .deleteFrom("rate_limits")
              .where("window_start", "<", now - keepMs)
              .execute()
          : null;
      if (sweep) lastSweep = now;
      todaysKey(database, now)
        .then((secret) =>
          db
            .insertInto("rate_limits")
            .values({
              key: createHmac("sha256", secret).update(key).digest("base64url"),
              window_start: windowStart,
              count: 1,
            })
            .onConflict((conflict) =>
              conflict.column("key").doUpdateSet((eb) => ({
                count: eb
                  .case()
                  .when("rate_limits.window_start", "=", eb.ref("excluded.window_start"))
                  .then(eb("rate_limits.count", "+", 1))
                  .else(1)
                  .end(),
                window_start: eb.ref("excluded.window_start"),
              })),
            )
            .returning("count")
            .executeTakeFirstOrThrow(),
        )
        .then(
          (row) => callback(null, { current: Number(row.count), ttl: windowStart + timeWindow - now }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      void sweep?.catch(() => {});
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore;
}
