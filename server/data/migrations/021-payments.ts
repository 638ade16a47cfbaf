import type { ColumnDefinitionBuilder } from "kysely";
import type { Migration } from "./migration";

/**
 * Payments on a traveller's case (issue 58): the office asks for an amount, the traveller pays on the provider's
 * own hosted page, and only the provider's signed notification marks it paid.
 * - `payments`: what was asked for (`lines` as JSON, each a label and an amount in fils; `amount_fils` their sum;
 *   `currency` "aed"), its status (requested, paid, mismatch, refunded, partly-refunded, cancelled), the provider's
 *   checkout session (`provider_session`, unique) and payment (`provider_payment`, the intent's id), when it was
 *   asked for and by whom, when it was paid and by which of the provider's events. `public_id` is random: it is in
 *   the traveller's return address, never the row's id.
 * - `payment_events`: every notification taken in, by the provider's event id (unique: the same event twice is
 *   seen, and changes nothing), its type, when, and what came of it.
 * - `refunds`: each refund recorded, with the provider's id for it, when, by whom and why.
 */
export const payments: Migration = {
  version: 21,
  name: "payments",
  async up(db, engine) {
    const id = (column: ColumnDefinitionBuilder) =>
      engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
    await db.schema
      .createTable("payments")
      .addColumn("id", "integer", id)
      .addColumn("public_id", "text", (column) => column.notNull().unique())
      .addColumn("case_id", "integer", (column) => column.notNull().references("cases.id"))
      .addColumn("lines", "text", (column) => column.notNull())
      .addColumn("amount_fils", "integer", (column) => column.notNull())
      .addColumn("currency", "text", (column) => column.notNull())
      .addColumn("status", "text", (column) => column.notNull())
      .addColumn("provider", "text")
      .addColumn("provider_session", "text", (column) => column.unique())
      .addColumn("provider_payment", "text")
      .addColumn("requested_at", "text", (column) => column.notNull())
      .addColumn("requested_by", "integer", (column) => column.references("people.id").onDelete("set null"))
      .addColumn("paid_at", "text")
      .addColumn("paid_event", "text")
      .execute();
    await db.schema.createIndex("payments_case").on("payments").column("case_id").execute();

    await db.schema
      .createTable("payment_events")
      .addColumn("id", "integer", id)
      .addColumn("provider", "text", (column) => column.notNull())
      .addColumn("event_id", "text", (column) => column.notNull().unique())
      .addColumn("type", "text", (column) => column.notNull())
      .addColumn("payment_id", "integer", (column) => column.references("payments.id"))
      .addColumn("received_at", "text", (column) => column.notNull())
      .addColumn("outcome", "text", (column) => column.notNull())
      .execute();

    await db.schema
      .createTable("refunds")
      .addColumn("id", "integer", id)
      .addColumn("payment_id", "integer", (column) => column.notNull().references("payments.id"))
      .addColumn("amount_fils", "integer", (column) => column.notNull())
      .addColumn("provider_refund", "text")
      .addColumn("at", "text", (column) => column.notNull())
      .addColumn("by", "integer", (column) => column.references("people.id").onDelete("set null"))
      .addColumn("reason", "text", (column) => column.notNull().defaultTo(""))
      .execute();
    await db.schema.createIndex("refunds_payment").on("refunds").column("payment_id").execute();
  },
};
