import { type ColumnDefinitionBuilder, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Tax invoices and credit notes (issue 58).
 * - `invoices`: one row per document, `kind` "invoice" or "credit-note", its `number` ("INV-000001", "CN-000001")
 *   and `sequence`, each kind its own unbroken sequence (unique per kind); the case it belongs to; `payment_ref`,
 *   the payment's id as the payments give it (no foreign key: another part of the server keeps payments), unique
 *   per kind so that one payment never gets two invoices; a credit note's `credited_invoice_id` and `reason`. The
 *   content is frozen at issue, so that the document renders the same forever: the customer's name, the lines
 *   (JSON: label, amountFils, vat: what the customer pays for the line in fils, VAT included where `vat` is true;
 *   a line with `vat` false is a government fee outside VAT), the totals in fils, and the agency's name, address
 *   and TRN as they were. The totals (server/invoices/money.ts): `excluding_vat_fils`, the lines with VAT without
 *   their VAT; `vat_fils`, the VAT included in them (5/105 of their sum, rounded half-up once per document);
 *   `disbursements_fils`, the government fees; `total_fils`, what the customer pays (a credit note: is credited),
 *   the sum of all the lines = excluding_vat_fils + vat_fils + disbursements_fils. (Before any invoice was issued
 *   in production, this migration's first version had lines before VAT and `subtotal_fils`: no data to convert.)
 * - `invoice_counters`: the last number of each kind. Issuing takes the next one by an UPDATE … RETURNING inside the
 *   issuing transaction (SQLite's write lock, PostgreSQL's row lock): two servers wait for each other, and a
 *   transaction that fails gives its number back with everything else, so there is no gap and no repeat.
 */
export const invoices: Migration = {
  version: 20,
  name: "invoices",
  async up(db, engine) {
    const id = (column: ColumnDefinitionBuilder) =>
      engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
    await db.schema
      .createTable("invoices")
      .addColumn("id", "integer", id)
      .addColumn("kind", "text", (column) => column.notNull().check(sql`kind in ('invoice', 'credit-note')`))
      .addColumn("number", "text", (column) => column.notNull().unique())
      .addColumn("sequence", "integer", (column) => column.notNull())
      .addColumn("case_id", "integer", (column) => column.notNull().references("cases.id"))
      .addColumn("payment_ref", "text")
      .addColumn("credited_invoice_id", "integer", (column) => column.references("invoices.id"))
      .addColumn("reason", "text")
      .addColumn("issued_at", "text", (column) => column.notNull())
      .addColumn("supplied_on", "text", (column) => column.notNull())
      .addColumn("customer_name", "text", (column) => column.notNull())
      .addColumn("lines", "text", (column) => column.notNull())
      .addColumn("excluding_vat_fils", "integer", (column) => column.notNull())
      .addColumn("vat_fils", "integer", (column) => column.notNull())
      .addColumn("disbursements_fils", "integer", (column) => column.notNull())
      .addColumn("total_fils", "integer", (column) => column.notNull())
      .addColumn("agency_name", "text", (column) => column.notNull())
      .addColumn("agency_address", "text", (column) => column.notNull())
      .addColumn("agency_trn", "text", (column) => column.notNull())
      .addUniqueConstraint("invoices_kind_sequence", ["kind", "sequence"])
      .addUniqueConstraint("invoices_kind_payment", ["kind", "payment_ref"])
      .execute();
    await db.schema.createIndex("invoices_case").on("invoices").column("case_id").execute();
    await db.schema.createIndex("invoices_credited").on("invoices").column("credited_invoice_id").execute();
    await db.schema
      .createTable("invoice_counters")
      .addColumn("kind", "text", (column) => column.primaryKey())
      .addColumn("last", "integer", (column) => column.notNull())
      .execute();
    await db
      .insertInto("invoice_counters")
      .values([
        { kind: "invoice", last: 0 },
        { kind: "credit-note", last: 0 },
      ])
      .execute();
  },
};
