import type { Migration } from "./migration";

/**
 * Campaign links (issue 55): the tagged links, and their QR codes, the owner makes in the office for a flyer, a
 * shop window or a post. A row per link: the campaign's name as the owner gave it, its tag (`utm_source`, unique,
 * made from the name: server/data/stats/campaigns.ts), the page of the site it opens, when and by whom it was made,
 * and when it was removed. A removed link keeps its row, so the statistics of its days still name it; its tag is
 * then counted as any tag nobody made. Numbered 17 (issue 55), after migration 16.
 */
export const campaignLinks: Migration = {
  version: 17,
  name: "campaign-links",
  async up(db, engine) {
    await db.schema
      .createTable("campaign_links")
      .addColumn("id", "integer", (column) =>
        engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("tag", "text", (column) => column.notNull().unique())
      .addColumn("path", "text", (column) => column.notNull())
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("created_by", "integer", (column) => column.references("people.id").onDelete("set null"))
      .addColumn("removed_at", "text")
      .execute();
  },
};
