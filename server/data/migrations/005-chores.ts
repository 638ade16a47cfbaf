import type { Migration } from "./migration";

/**
 * Jobs done once a day by whichever server comes first (the office's daily digest, the nightly clean-up): a row
 * per job and day, inserted by the one that does it, so two servers never both send the digest.
 */
export const chores: Migration = {
  version: 5,
  name: "chores",
  async up(db) {
    await db.schema
      .createTable("chores")
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("day", "text", (column) => column.notNull())
      .addColumn("done_at", "text", (column) => column.notNull())
      .addPrimaryKeyConstraint("chores_key", ["name", "day"])
      .execute();
  },
};
