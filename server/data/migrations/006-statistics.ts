import type { Migration } from "./migration";

/**
 * The site's own statistics (server/stats): page views, not-found pages and enquiries, kept 90 days as the collector
 * writes them (a row per batch and kind of thing counted: identical events of a day, which nothing tells apart, are
 * one row with their count), then rolled into daily totals kept 25 months; and each page load's Core Web Vitals, one row per web-vitals metric
 * id holding its final value, kept 90 days. No visitor id, address or user agent: a row is a day, a page, where the
 * visit came from and phone / tablet / desktop. Enquiries keep where their visit came from, for the office.
 */
export const statistics: Migration = {
  version: 6,
  name: "statistics",
  async up(db) {
    await db.schema
      .createTable("stat_events")
      .addColumn("day", "text", (column) => column.notNull())
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("route", "text", (column) => column.notNull())
      .addColumn("source", "text", (column) => column.notNull())
      .addColumn("device", "text", (column) => column.notNull())
      .addColumn("count", "integer", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("stat_events_day").on("stat_events").column("day").execute();

    await db.schema
      .createTable("stat_days")
      .addColumn("day", "text", (column) => column.notNull())
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("route", "text", (column) => column.notNull())
      .addColumn("source", "text", (column) => column.notNull())
      .addColumn("device", "text", (column) => column.notNull())
      .addColumn("count", "integer", (column) => column.notNull())
      .addPrimaryKeyConstraint("stat_days_key", ["day", "kind", "route", "source", "device"])
      .execute();

    await db.schema
      .createTable("stat_vitals")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("day", "text", (column) => column.notNull())
      .addColumn("route", "text", (column) => column.notNull())
      .addColumn("device", "text", (column) => column.notNull())
      .addColumn("metric", "text", (column) => column.notNull())
      .addColumn("value", "double precision", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("stat_vitals_day").on("stat_vitals").column("day").execute();

    await db.schema.alterTable("enquiries").addColumn("source", "text").execute();
    await db.schema.alterTable("enquiries").addColumn("device", "text").execute();
  },
};
