import { sql } from "kysely";
import type { Migration } from "./migration";

/**
 * The statistics counted before issue 35 given the views their enquiries imply: an enquiry from a page counts as a
 * view of it when none was counted (server/data/stats/counting.ts, countEnquiries). Each row of enquiries (a day, page,
 * source and device) with more enquiries than views counted gets the views it lacks, in the raw rows and the daily
 * totals alike, so the figures of the last 25 months never pass 100 enquiries per 100 views either. One statement
 * per table, on both engines; a second run adds nothing (the rows then have as many views as enquiries).
 *
 * Numbered 12 (issue 35): it is registered in ./index.ts after migration 11, which another branch adds.
 */
export const enquiryViews: Migration = {
  version: 12,
  name: "enquiry-views",
  async up(db) {
    for (const table of ["stat_events", "stat_days"] as const) {
      // Views an enquiry row lacks, added to the view row of its key (or making it). The WHERE is what lets SQLite
      // read an INSERT … SELECT … ON CONFLICT as an upsert.
      await sql`
        INSERT INTO ${sql.table(table)} (day, kind, route, source, device, count)
        SELECT e.day, 'view', e.route, e.source, e.device, e.count - COALESCE(v.count, 0)
        FROM ${sql.table(table)} e
        LEFT JOIN ${sql.table(table)} v
          ON v.day = e.day AND v.kind = 'view' AND v.route = e.route AND v.source = e.source AND v.device = e.device
        WHERE e.kind = 'enquiry' AND e.count > COALESCE(v.count, 0)
        ON CONFLICT (day, kind, route, source, device) DO UPDATE SET count = ${sql.table(table)}.count + excluded.count
      `.execute(db);
    }
  },
};
