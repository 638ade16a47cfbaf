import { sql } from "kysely";
import type { Migration } from "./migration";

/** Every submission, kept as given; its outbox row says whether it has been e-mailed to the agency yet. */
export const enquiries: Migration = {
  version: 1,
  name: "enquiries",
  async up(db, engine) {
    const text = ["received_at", "name", "email", "phone", "visa_type", "travel_date", "adult", "child", "subject"];
    let table = db.schema
      .createTable("enquiries")
      .addColumn("id", "integer", (column) =>
        engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn("kind", "text", (column) => column.notNull())
      .addCheckConstraint("enquiries_kind", sql`kind IN ('enquiry', 'contact')`);
    for (const name of [...text, "message"]) table = table.addColumn(name, "text", (column) => column.notNull());
    await table.execute();

    await db.schema
      .createTable("outbox")
      .addColumn("enquiry_id", "integer", (column) =>
        column.primaryKey().references("enquiries.id").onDelete("cascade"),
      )
      .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
      .addCheckConstraint("outbox_status", sql`status IN ('pending', 'sent')`)
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      // Milliseconds since the epoch, so the worker compares numbers.
      .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
      .addColumn("last_error", "text")
      .addColumn("sent_at", "text")
      .execute();
    await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
  },
};
