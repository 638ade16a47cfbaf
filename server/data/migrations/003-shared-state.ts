import type { Migration } from "./migration";

/**
 * What several servers on one database must agree on, in the database rather than in a process:
 * - the outbox's leases: a server claims the enquiries it is about to mail until `lease_until` (ms since the
 *   epoch); another claims them only once that has passed (a server killed mid-send), and only the lease holder
 *   may mark one sent;
 * - the per-address submission counts of the rate limit, one row per address and minute;
 * - the proofs of work already used, each accepted once by whichever server sees it first, kept until they expire.
 */
export const sharedState: Migration = {
  version: 3,
  name: "shared-state",
  async up(db) {
    await db.schema.alterTable("outbox").addColumn("lease_owner", "text").execute();
    await db.schema.alterTable("outbox").addColumn("lease_until", "bigint").execute();
    await db.schema
      .createTable("rate_limits")
      .addColumn("key", "text", (column) => column.primaryKey())
      .addColumn("window_start", "bigint", (column) => column.notNull())
      .addColumn("count", "integer", (column) => column.notNull())
      .execute();
    await db.schema
      .createTable("used_proofs")
      .addColumn("signature", "text", (column) => column.primaryKey())
      .addColumn("expires_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("used_proofs_expiry").on("used_proofs").column("expires_at").execute();
  },
};
