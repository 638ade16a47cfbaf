// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../data/open";
import { emptyDatabase, engines } from "../data/testing/engines";
import { InboxStore } from "../inbox/store";
import type { Submission } from "../inbox/types";
import { type StatEvent, type StatVital, StatsStore } from "./store";

const view = (day: string, route: string, source = "direct", device = "phone"): StatEvent => ({
  day,
  kind: "view",
  route,
  source,
  device,
});
let ids = 0;
const vital = (
  route: string,
  device: string,
  metric: StatVital["metric"],
  value: number,
  day = "2026-11-20",
): StatVital => ({
  id: `v6-1764000000000-${1_000_000_000_000 + ++ids}`,
  day,
  route,
  device,
  metric,
  value,
});
const submission: Submission = {
  kind: "enquiry",
  name: "Aisha Khan",
  email: "aisha@example.com",
  phone: "+971 50 123 4567",
  visaType: "Tourist Visa",
  date: "2026-12-20",
  adult: "2",
  child: "0",
  subject: "",
  message: "Two adults, 30 days please.",
};

describe.each(engines)("the statistics on %s", (engine) => {
  let database: Database;
  let remove: () => Promise<void>;
  let stats: StatsStore;

  beforeAll(async () => {
    const empty = await emptyDatabase(engine);
    remove = empty.remove;
    database = await openDatabase(empty.setting);
    stats = new StatsStore(database);
  });
  afterAll(async () => {
    await database.close();
    await remove();
  });

  it("counts views per day, page, source and device, and the not-found paths apart", async () => {
    await stats.record(
      [
        view("2026-11-01", "/", "facebook"),
        view("2026-11-01", "/", "facebook"),
        view("2026-11-02", "/about", "google", "desktop"),
        view("2026-11-03", "/", "direct", "tablet"),
        { day: "2026-11-03", kind: "missing", route: "/old-offer", source: "other sites", device: "phone" },
        view("2026-10-31", "/"),
      ],
      [],
    );
    const figures = await stats.figures("2026-11-01", "2026-11-04");
    expect(figures.totals).toEqual({ views: 4, enquiries: 0 });
    expect(figures.days).toEqual([
      { day: "2026-11-01", views: 2, enquiries: 0 },
      { day: "2026-11-02", views: 1, enquiries: 0 },
      { day: "2026-11-03", views: 1, enquiries: 0 },
      { day: "2026-11-04", views: 0, enquiries: 0 },
    ]);
    expect(figures.pages).toEqual([
      { route: "/", views: 3, enquiries: 0 },
      { route: "/about", views: 1, enquiries: 0 },
    ]);
    expect(figures.sources).toEqual([
      { source: "facebook", views: 2, enquiries: 0 },
      { source: "direct", views: 1, enquiries: 0 },
      { source: "google", views: 1, enquiries: 0 },
    ]);
    expect(figures.devices).toEqual([
      { device: "phone", views: 2, enquiries: 0 },
      { device: "desktop", views: 1, enquiries: 0 },
      { device: "tablet", views: 1, enquiries: 0 },
    ]);
    expect(figures.missing).toEqual([{ path: "/old-offer", views: 1 }]);
  });

  it("an enquiry counts with its page, source and device when stored, and a held one only once let through", async () => {
    const inbox = new InboxStore(database);
    const now = new Date("2026-11-05T10:00:00Z");
    const [sent, held = 0] = await inbox.addMany(
      [
        { submission, heldReason: null, page: "/about", source: "google", device: "desktop" },
        { submission, heldReason: "too fast", page: "/", source: "facebook", device: "phone" },
      ],
      now,
    );
    expect((await inbox.all()).find((row) => row.id === sent)).toMatchObject({
      page: "/about",
      source: "google",
      device: "desktop",
    });
    let figures = await stats.figures("2026-11-05", "2026-11-05");
    expect(figures.pages).toEqual([{ route: "/about", views: 0, enquiries: 1 }]);

    expect(await inbox.release(held, now.getTime())).toBe(true);
    expect(await inbox.release(held, now.getTime())).toBe(false);
    figures = await stats.figures("2026-11-05", "2026-11-05");
    expect(figures.totals).toEqual({ views: 0, enquiries: 2 });
    expect(figures.sources).toEqual([
      { source: "facebook", views: 0, enquiries: 1 },
      { source: "google", views: 0, enquiries: 1 },
    ]);
  });

  it("the p75 of each metric per page and device matches the figures worked out by hand", async () => {
    // Nearest rank: n = 5 → rank ⌈3.75⌉ = 4; n = 4 → rank 3; n = 1 → rank 1; n = 8 → rank 6.
    await stats.record(
      [],
      [
        ...[3000, 1000, 5000, 2000, 4000].map((value) => vital("/", "phone", "LCP", value)),
        ...[400, 100, 300, 200].map((value) => vital("/", "desktop", "LCP", value)),
        vital("/about", "phone", "CLS", 0.31),
        ...[0.01, 0.02, 0.02, 0.05, 0.08, 0.12, 0.2, 0.3].map((value) => vital("/about", "phone", "INP", value * 1000)),
        vital("/", "phone", "LCP", 99_999, "2026-09-01"),
      ],
    );
    expect(await stats.vitals("2026-11-01", "2026-11-30")).toEqual([
      { route: "/", device: "desktop", metric: "LCP", p75: 300, samples: 4 },
      { route: "/", device: "phone", metric: "LCP", p75: 4000, samples: 5 },
      { route: "/about", device: "phone", metric: "CLS", p75: 0.31, samples: 1 },
      { route: "/about", device: "phone", metric: "INP", p75: 120, samples: 8 },
    ]);
  });

  it("keeps one row per metric id, with its last (final) value, within a batch and across batches", async () => {
    const first = vital("/contact", "tablet", "CLS", 0.05);
    await stats.record([], [first, { ...first, value: 0.07 }]);
    await stats.record([], [{ ...first, value: 0.09 }]);
    expect(await stats.vitals("2026-11-20", "2026-11-20")).toContainEqual({
      route: "/contact",
      device: "tablet",
      metric: "CLS",
      p75: 0.09,
      samples: 1,
    });
  });

  it("writes a batch without waiting for the disk, and leaves every later commit durable, even after a failure", async () => {
    const durability = async () =>
      engine === "sqlite"
        ? String((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(database.db)).rows[0]?.synchronous)
        : String(
            (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(database.db)).rows[0]
              ?.synchronous_commit,
          );
    const durable = engine === "sqlite" ? "2" : "on";
    expect(await durability()).toBe(durable);
    await stats.record([view("2026-11-10", "/")], []);
    expect(await durability()).toBe(durable);
    // A row the table refuses (no route): the batch fails as a whole, and the setting is back all the same.
    await expect(
      stats.record([{ ...view("2026-11-10", "/"), route: null as unknown as string }], []),
    ).rejects.toThrow();
    expect(await durability()).toBe(durable);
    // More rows than one statement may carry.
    await stats.record(
      Array.from({ length: 2_500 }, () => view("2026-11-11", "/services")),
      [],
    );
    expect((await stats.figures("2026-11-11", "2026-11-11")).totals.views).toBe(2_500);
  });

  it("rolls raw rows older than 90 days into daily totals, giving the same figures, and forgets totals after 25 months", async () => {
    await stats.record(
      [view("2026-08-26", "/services", "tiktok"), view("2026-08-26", "/services", "tiktok"), view("2026-08-27", "/")],
      [vital("/services", "phone", "TTFB", 500, "2026-08-26"), vital("/services", "phone", "TTFB", 600, "2026-08-27")],
    );
    await stats.record([view("2024-10-23", "/"), view("2024-10-24", "/")], []);
    const before = await stats.figures("2024-10-24", "2026-11-24");
    // 90 days up to 24 Nov 2026 begin on 27 Aug.
    // Rows, not views: the two identical views of 26 Aug were written as one row with a count of 2.
    expect(await stats.rollUp("2026-11-24")).toEqual({ events: 3, vitals: 1 });
    expect(await stats.figures("2024-10-24", "2026-11-24")).toEqual(before);
    expect(await stats.vitals("2026-08-01", "2026-08-31")).toEqual([
      { route: "/services", device: "phone", metric: "TTFB", p75: 600, samples: 1 },
    ]);
    // Twice is the same as once.
    expect(await stats.rollUp("2026-11-24")).toEqual({ events: 0, vitals: 0 });
    expect(await stats.figures("2024-10-24", "2026-11-24")).toEqual(before);
    // 25 months before 24 Nov 2026 is 24 Oct 2024: the day before it goes.
    const older = await stats.figures("2024-10-23", "2024-10-24");
    expect(older.days).toEqual([
      { day: "2024-10-23", views: 0, enquiries: 0 },
      { day: "2024-10-24", views: 1, enquiries: 0 },
    ]);
  });
});
