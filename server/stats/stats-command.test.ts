// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dubaiDay } from "../data/dubai-days";
import { openDatabase } from "../data/open";
import { engines } from "../data/testing/engines";
import { removeTestDirs, scriptOn, testDatabase } from "../testing/inbox-server";
import type { DatabaseSetting } from "../data/settings";
import { StatsStore } from "../data/stats/store";
import { InboxStore } from "../data/enquiries/store";
import { submission } from "../testing/submission";
import { openingHours } from "../../app/content/agency";
import { parseOpeningHours } from "../../app/lib/structured-data";
import { inOpeningHours } from "../data/stats/leads";

afterAll(removeTestDirs);

/** npm run stats (scripts/stats.ts) prints the office's figures, as text or as JSON, on both engines. */
describe.each(engines)("npm run stats on %s", (engine) => {
  let setting: DatabaseSetting;
  const today = dubaiDay(Date.now());
  const received = Date.parse(`${today}T12:00:00+04:00`);
  const answered = { enquiries: 1, contacted: 1, medianMinutes: 12, p90Minutes: 12 };
  const none = { enquiries: 0, contacted: 0, medianMinutes: null, p90Minutes: null };
  const open = inOpeningHours(parseOpeningHours(openingHours), received);

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
        view(addDays(today, -10), "/about", "facebook", "tablet"),
        { day: today, kind: "missing", route: "/old", source: "other sites", device: "phone" },
      ],
      [
        { id: "v6-9-1", day: today, route: "/", device: "phone", metric: "LCP", value: 1800 },
        { id: "v6-9-2", day: today, route: "/", device: "phone", metric: "LCP", value: 4200 },
      ],
    );
    // The enquiry: from Home, by WhatsApp, on a phone, today at noon in Dubai (the agency open or not, as the day
    // is), answered on WhatsApp 12 minutes later and won.
    const [id = 0] = await new InboxStore(database).addMany(
      [{ submission: submission({}), heldReason: null, page: "/", source: "whatsapp", device: "phone" }],
      new Date(received),
    );
    await database.db.updateTable("enquiries").set({ stage: "won" }).where("id", "=", id).execute();
    await database.db
      .insertInto("enquiry_events")
      .values({
        enquiry_id: id,
        at: new Date(received + 12 * 60_000).toISOString(),
        person_id: null,
        kind: "whatsapp",
        detail: "",
      })
      .execute();
    await database.close();
  });

  it("--json gives the pages, sources, devices and vitals of the period", async () => {
    const { stdout, stderr, code } = await scriptOn("stats", setting, ["--days", "7", "--json"]);
    expect(code, stderr).toBe(0);
    const figures = JSON.parse(stdout);
    expect(figures).toMatchObject({
      from: addDays(today, -6),
      to: today,
      totals: { views: 4, enquiries: 1 },
      pages: [
        { route: "/", title: "Home", views: 3, enquiries: 1, won: 1 },
        { route: "/contact", title: "Contact Us", views: 1, enquiries: 0, won: 0 },
      ],
      sources: [
        { source: "whatsapp", views: 3, enquiries: 1, won: 1 },
        { source: "google", views: 1, enquiries: 0, won: 0 },
      ],
      firstContact: { inHours: open ? answered : none, outside: open ? none : answered },
      devices: [
        { device: "phone", views: 3, enquiries: 1 },
        { device: "desktop", views: 1, enquiries: 0 },
      ],
      notFound: 1,
      vitals: [{ route: "/", title: "Home", device: "phone", metric: "LCP", p75: 4200, samples: 2 }],
    });
    expect(figures.daily).toHaveLength(7);
    const longer = JSON.parse((await scriptOn("stats", setting, ["--days", "28", "--json"])).stdout);
    expect(longer.pages).toContainEqual({ route: "/about", title: "About Us", views: 1, enquiries: 0, won: 0 });
    expect(longer.firstContact.weeks).toHaveLength(
      Math.ceil(28 / 7) + (new Date(`${today}T00:00:00Z`).getUTCDay() === 0 ? 0 : 1),
    );
  }, 60_000);

  it("prints the same as tables, by default for 28 days", async () => {
    const { stdout, stderr, code } = await scriptOn("stats", setting, []);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(
      `${addDays(today, -27)} to ${today} (Dubai): 5 page views, 1 enquiry, 20.0 % per 100 views.`,
    );
    expect(stdout).toMatch(/^WhatsApp\s+3\s+1\s+33\.3 %\s+1$/m);
    // Pages by their titles, not their paths (issue 35, item 8).
    expect(stdout).toMatch(/^Home\s+3\s+1\s+33\.3 %\s+1$/m);
    const [first, second] = open
      ? ["1 of 1\\s+12 min\\s+12 min", "0 of 0\\s+–\\s+–"]
      : ["0 of 0\\s+–\\s+–", "1 of 1\\s+12 min\\s+12 min"];
    expect(stdout).toMatch(new RegExp(`^All\\s+${first}\\s+${second}$`, "m"));
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
