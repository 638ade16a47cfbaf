import type { Migration } from "./migration";

/**
 * The passport as the traveller confirmed it (issue 57): read from its machine-readable lines on their phone, or
 * typed, then checked; shown to the office beside the photo. One row per case, the latest confirmation replacing the
 * one before (each is on the case's timeline). The fields (names, passport number, dates) are sealed like a paper
 * (server/data/cases/vault.ts: `key_id`, `wrapped_key`, `data`), bound to their case; what the office may list
 * without opening them stays in the clear: how they were confirmed (`read`, `corrected`, `typed`, `office-read`, `office-typed`),
 * the problems found (`expires-soon`, `name-differs`… comma-separated codes), when and by whom. The row is deleted
 * with the case's papers.
 */
export const casePassport: Migration = {
  version: 22,
  name: "case-passport",
  async up(db, engine) {
    const bytes = engine === "sqlite" ? "blob" : "bytea";
    await db.schema
      .createTable("case_passports")
      .addColumn("case_id", "integer", (column) => column.primaryKey().references("cases.id").onDelete("cascade"))
      .addColumn("how", "text", (column) => column.notNull())
      .addColumn("problems", "text", (column) => column.notNull().defaultTo(""))
      .addColumn("paper_id", "text")
      .addColumn("key_id", "text", (column) => column.notNull())
      .addColumn("wrapped_key", bytes, (column) => column.notNull())
      .addColumn("data", bytes, (column) => column.notNull())
      .addColumn("confirmed_at", "text", (column) => column.notNull())
      .addColumn("confirmed_by", "integer", (column) => column.references("people.id").onDelete("set null"))
      .execute();
  },
};
