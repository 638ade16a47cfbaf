import { sql } from "kysely";
import type { Migration } from "./migration";

const statuses = sql`status IN ('pending', 'sent', 'rejected', 'held', 'office')`;

/**
 * Enquiries added by hand in the office (issue 35, item 6): a walk-in, a phone call, a WhatsApp chat. `came_by` says
 * how it came (null for the site's own), and the outbox learns a state for them, 'office': stored with the others,
 * never mailed to the agency (it heard of it first).
 */
export const byHand: Migration = {
  version: 11,
  name: "by-hand",
  async up(db, engine) {
    await db.schema.alterTable("enquiries").addColumn("came_by", "text").execute();
    if (engine === "postgres") {
      await db.schema.alterTable("outbox").dropConstraint("outbox_status").execute();
      await db.schema.alterTable("outbox").addCheckConstraint("outbox_status", statuses).execute();
      return;
    }
    // SQLite cannot change a CHECK constraint: the table is rebuilt (as in migration 2), its rows and indexes too.
    await db.schema
      .createTable("outbox_new")
      .addColumn("enquiry_id", "integer", (column) =>
        column.primaryKey().references("enquiries.id").onDelete("cascade"),
      )
      .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
      .addCheckConstraint("outbox_status", statuses)
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("rejections", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
      .addColumn("last_error", "text")
      .addColumn("sent_at", "text")
      .addColumn("held_reason", "text")
      .addColumn("lease_owner", "text")
      .addColumn("lease_until", "bigint")
      .execute();
    await sql`INSERT INTO outbox_new (enquiry_id, status, attempts, rejections, next_attempt_at, last_error, sent_at,
        held_reason, lease_owner, lease_until)
      SELECT enquiry_id, status, attempts, rejections, next_attempt_at, last_error, sent_at, held_reason, lease_owner,
        lease_until FROM outbox`.execute(db);
    await db.schema.dropTable("outbox").execute();
    await db.schema.alterTable("outbox_new").renameTo("outbox").execute();
    await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
    await db.schema.createIndex("outbox_status_enquiry").on("outbox").columns(["status", "enquiry_id"]).execute();
  },
};
