import { sql } from "kysely";
import type { Migration } from "./migration";

const key = ["day", "kind", "route", "source", "device"] as const;

/**
 * The statistics bounded whatever visitors send (issue 34, server/data/stats/bounds.ts):
 *
 * - `stat_sources`: the campaign tags each day counts under their own name, its first 200 on all servers
 *   together; past them a day's tags count as one "other" source. A row per day and tag, kept as long as the
 *   day's raw rows.
 * - `stat_events` keyed: one row per day, kind, page, source and device class, its count added to by each batch
 *   (it was a row per batch), so that what the figures read is bounded by what can be told apart, not by how many
 *   beacons came or how slowly. The rows written before are merged, their counts added up. On SQLite the table is
 *   clustered on its key (WITHOUT ROWID): a range of days is read from the key alone.
 */
export const statSources: Migration = {
  version: 8,
  name: "stat-sources",
  async up(db, engine) {
    await db.schema
      .createTable("stat_sources")
      .addColumn("day", "text", (column) => column.notNull())
      .addColumn("source", "text", (column) => column.notNull())
      .addPrimaryKeyConstraint("stat_sources_key", ["day", "source"])
      .execute();

    await db.schema
      .createTable("stat_events_keyed")
      .addColumn("day", "text", (column) => column.notNull())
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("route", "text", (column) => column.notNull())
      .addColumn("source", "text", (column) => column.notNull())
      .addColumn("device", "text", (column) => column.notNull())
      .addColumn("count", "integer", (column) => column.notNull())
      .addPrimaryKeyConstraint("stat_events_key", [...key])
      .$call((table) => (engine === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
      .execute();
    await db
      .insertInto("stat_events_keyed")
      .columns([...key, "count"])
      .expression(
        db
          .selectFrom("stat_events")
          .select([...key, (eb) => eb.fn.sum("count").as("count")])
          .groupBy([...key]),
      )
      .execute();
    await db.schema.dropTable("stat_events").execute();
    await db.schema.alterTable("stat_events_keyed").renameTo("stat_events").execute();
  },
};
