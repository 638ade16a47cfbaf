import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { createHash } from "node:crypto";
import type { InboxState } from "./state";

/** How long a minute's counts are kept after it ends. */
const keepMs = 60 * 60_000;

/**
 * @fastify/rate-limit's counts in the database, so that every server behind a load balancer counts the same
 * submissions: one row per address, its current window and count, moved on by one atomic upsert (no read then
 * write for two servers to race on). The window is fixed (the minute the request falls in). While the database
 * cannot be reached the limit lets requests through: the submission itself is then answered 503. The address
 * is kept only as a hash, and only for the hour after its last minute.
 */
export function databaseRateLimitStore(state: InboxState): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  class DatabaseRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      const database = state.store?.database;
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
      db.insertInto("rate_limits")
        .values({ key: createHash("sha256").update(key).digest("base64url"), window_start: windowStart, count: 1 })
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
        .executeTakeFirstOrThrow()
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
