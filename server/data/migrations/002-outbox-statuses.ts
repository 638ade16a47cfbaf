import { sql } from "kysely";
import type { Migration } from "./migration";

const statuses = sql`status IN ('pending', 'sent', 'rejected', 'held')`;

/**
 * The outbox learns two more states: 'rejected' (the mail server refused it outright too many times; the agency
 * can queue it again) and 'held' (suspected spam: stored, not mailed, until the agency releases it). And secrets the
 * server makes once and keeps (the proof of work's signing keys), so a challenge issued before a restart, or by
 * another server, still verifies.
 */
export const outboxStatuses: Migration = {
  version: 2,
  name: "outbox-statuses",
  async up(db, engine) {
    if (engine === "postgres") {
      await db.schema.alterTable("outbox").dropConstraint("outbox_status").execute();
      await db.schema.alterTable("outbox").addCheckConstraint("outbox_status", statuses).execute();
      await db.schema
        .alterTable("outbox")
        .addColumn("rejections", "integer", (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("outbox").addColumn("held_reason", "text").execute();
    } else {
      // SQLite cannot change a CHECK constraint: the table is rebuilt, its rows copied.
      await db.schema
        .createTable("outbox_new")
        .addColumn("enquiry_id", "integer", (column) =>
          column.primaryKey().references("enquiries.id").onDelete("cascade"),
        )
        .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
        .addCheckConstraint("outbox_status", statuses)
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        // Permanent (5xx) refusals among the attempts; the outbox stops at a bound.
        .addColumn("rejections", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
        .addColumn("last_error", "text")
        .addColumn("sent_at", "text")
        // Why a held submission looked like spam (the checks it failed).
        .addColumn("held_reason", "text")
        .execute();
      await sql`INSERT INTO outbox_new (enquiry_id, status, attempts, next_attempt_at, last_error, sent_at)
        SELECT enquiry_id, status, attempts, next_attempt_at, last_error, sent_at FROM outbox`.execute(db);
      await db.schema.dropTable("outbox").execute();
      await db.schema.alterTable("outbox_new").renameTo("outbox").execute();
      await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
    }
    await db.schema
      .createTable("secrets")
      .addColumn("name", "text", (column) => column.primaryKey())
      .addColumn("value", "text", (column) => column.notNull())
      .execute();
  },
};
