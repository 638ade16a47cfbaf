// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StatsStore } from "./stats/store";
import { enquiryViews } from "./migrations/012-enquiry-views";
import { openDatabase, type Database } from "./open";
import { emptyDatabase, engines } from "./testing/engines";

describe.each(engines)("migration 12, the views enquiries imply, on %s", (engine) => {
  let database: Database;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const empty = await emptyDatabase(engine);
    remove = empty.remove;
    database = await openDatabase(empty.setting);
  });

  afterAll(async () => {
    await database?.close();
    await remove?.();
  });

  it("gives each row of enquiries the views it lacks, in raw rows and daily totals, once", async () => {
    const row = (day: string, kind: "view" | "enquiry", route: string, source: string, count: number) => ({
      day,
      kind,
      route,
      source,
      device: "phone",
      count,
    });
    await database.db
      .insertInto("stat_events")
      .values([
        // 3 enquiries, 1 view counted: 2 views lacking.
        row("2026-11-01", "view", "/about", "facebook", 1),
        row("2026-11-01", "enquiry", "/about", "facebook", 3),
        // Enough views already.
        row("2026-11-01", "view", "/", "google", 10),
        row("2026-11-01", "enquiry", "/", "google", 2),
        // No view at all.
        row("2026-11-02", "enquiry", "/contact", "direct", 1),
      ])
      .execute();
    await database.db
      .insertInto("stat_days")
      .values([row("2025-06-01", "enquiry", "/services", "whatsapp", 4), row("2025-06-01", "view", "/", "direct", 7)])
      .execute();
    const stats = new StatsStore(database);
    for (let run = 0; run < 2; run++) {
      await enquiryViews.up(database.db, database.engine);
      const figures = await stats.figures("2025-01-01", "2026-11-30");
      expect(figures.totals).toEqual({ views: 3 + 10 + 1 + 4 + 7, enquiries: 3 + 2 + 1 + 4 });
      expect(figures.pages).toEqual([
        { route: "/", views: 17, enquiries: 2 },
        { route: "/services", views: 4, enquiries: 4 },
        { route: "/about", views: 3, enquiries: 3 },
        { route: "/contact", views: 1, enquiries: 1 },
      ]);
    }
  });
});
