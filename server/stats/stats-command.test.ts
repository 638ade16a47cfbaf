// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dubaiDay } from "../data/dubai-days";
import { openDatabase } from "../data/open";
import { engines } from "../data/testing/engines";
import { removeTestDirs, scriptOn, testDatabase } from "../testing/inbox-server";
import type { DatabaseSetting } from "../data/settings";
import { StatsStore } from "../data/stats/store";

afterAll(removeTestDirs);

/** npm run stats (scripts/stats.ts) prints the office's figures, as text or as JSON, on both engines. */
describe.each(engines)("npm run stats on %s", (engine) => {
  let setting: DatabaseSetting;
  const today = dubaiDay(Date.now());

  beforeAll(async () => {
    setting = await testDatabase(engine);
    const database = await openDatabase(setting);
    const view = (day: string, route: string, source: string, device: string) =>
      ({ day, kind: "view", route, source, device }) as const;
    await new StatsStore(database).record(
      [
        view(today, "/", "whatsapp", "phone"),
        view(today, "/", "whatsapp", "phone"),
        view(today, "/", "google", "desktop"),
        view(today, "/contact", "whatsapp", "phone"),
        { day: today, kind: "enquiry", route: "/", source: "whatsapp", device: "phone" },
        view(addDays(today, -10), "/about", "facebook", "tablet"),
        { day: today, kind: "missing", route: "/old", source: "other sites", device: "phone" },
      ],
      [
        { id: "v6-9-1", day: today, route: "/", device: "phone", metric: "LCP", value: 1800 },
        { id: "v6-9-2", day: today, route: "/", device: "phone", metric: "LCP", value: 4200 },
      ],
    );
    await database.close();
  });

  it("--json gives the pages, sources, devices and vitals of the period", async () => {
    const { stdout, code } = await scriptOn("stats", setting, ["--days", "7", "--json"]);
    expect(code).toBe(0);
    const figures = JSON.parse(stdout);
    expect(figures).toMatchObject({
      from: addDays(today, -6),
      to: today,
      totals: { views: 4, enquiries: 1 },
      pages: [
        { route: "/", title: "Home", views: 3, enquiries: 1 },
        { route: "/contact", title: "Contact Us", views: 1, enquiries: 0 },
      ],
      sources: [
        { source: "whatsapp", views: 3, enquiries: 1 },
        { source: "google", views: 1, enquiries: 0 },
      ],
      devices: [
        { device: "phone", views: 3, enquiries: 1 },
        { device: "desktop", views: 1, enquiries: 0 },
      ],
      notFound: 1,
      vitals: [{ route: "/", title: "Home", device: "phone", metric: "LCP", p75: 4200, samples: 2 }],
    });
    expect(figures.daily).toHaveLength(7);
    const longer = JSON.parse((await scriptOn("stats", setting, ["--days", "28", "--json"])).stdout);
    expect(longer.pages).toContainEqual({ route: "/about", title: "About Us", views: 1, enquiries: 0 });
  }, 60_000);

  it("prints the same as tables, by default for 28 days", async () => {
    const { stdout, code } = await scriptOn("stats", setting, []);
    expect(code).toBe(0);
    expect(stdout).toContain(
      `${addDays(today, -27)} to ${today} (Dubai): 5 page views, 1 enquiry, 20.0 % per 100 views.`,
    );
    expect(stdout).toMatch(/^WhatsApp\s+3\s+1\s+33\.3 %$/m);
    // Pages by their titles, not their paths (issue 35, item 8).
    expect(stdout).toMatch(/^Home\s+3\s+1\s+33\.3 %$/m);
    expect(stdout).toMatch(/^Home\s+phone\s+4\.20 s poor \(2\)/m);
  }, 60_000);
});

/** --days is checked before the command opens the database (or loads its code): once, not once an engine. */
describe("npm run stats", () => {
  it("refuses a --days it cannot use, and says why", async () => {
    const setting = await testDatabase("sqlite");
    const bad = ["0", "761", "7.5", "week"];
    const answers = await Promise.all(bad.map((days) => scriptOn("stats", setting, ["--days", days])));
    answers.forEach(({ stderr, code }, index) => {
      expect(code).toBe(2);
      expect(stderr).toContain(`--days must be a whole number from 1 to 760, not "${bad[index]}"`);
    });
  }, 60_000);
});
