// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../open";
import type { DatabaseSetting } from "../settings";
import { migrateToLatest } from "../migrate";
import { migrations } from "../migrations/index";
import { whenFree } from "../../busy";
import { emptyDatabase, engines } from "../testing/engines";
import { InboxStore } from "../enquiries/store";
import type { Submission } from "../enquiries/types";
import { submission as visitorEnquiry } from "../../testing/submission";
import { otherPage, otherSource, sourcesPerDay } from "./bounds";
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
/** A visitor's enquiry, as the inbox stores it. */
const submission: Submission = visitorEnquiry({});

describe.each(engines)("the statistics on %s", (engine) => {
  let database: Database;
  let setting: DatabaseSetting;
  let remove: () => Promise<void>;
  let stats: StatsStore;

  beforeAll(async () => {
    const empty = await emptyDatabase(engine);
    remove = empty.remove;
    setting = empty.setting;
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
    expect(figures.notFound).toBe(1);
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
    // No view of it was counted: the enquiry counts as one (issue 35, item 10).
    expect(figures.pages).toEqual([{ route: "/about", views: 1, enquiries: 1 }]);

    expect(await inbox.release(held, now.getTime())).toBe(true);
    expect(await inbox.release(held, now.getTime())).toBe(false);
    figures = await stats.figures("2026-11-05", "2026-11-05");
    expect(figures.totals).toEqual({ views: 2, enquiries: 2 });
    expect(figures.sources).toEqual([
      { source: "facebook", views: 1, enquiries: 1 },
      { source: "google", views: 1, enquiries: 1 },
    ]);
  });

  it("an enquiry from a page counts as a view of it when none was counted, so no figure passes 100 per 100 views", async () => {
    const day = "2026-11-12";
    const at = new Date(`${day}T10:00:00Z`);
    const inbox = new InboxStore(database);
    const enquiry = (page: string | null, source: string | null, device: string | null) => ({
      submission,
      heldReason: null,
      page,
      source,
      device,
    });
    // Two views of /about counted, one from Facebook on a phone and one from Google on a computer.
    await stats.record([view(day, "/about", "facebook", "phone"), view(day, "/about", "google", "desktop")], []);
    // An enquiry of a counted view adds none; one whose view went uncounted (a blocker, an enquiry sent before the
    // page's beacon) adds its view; so does each enquiry beyond the views counted for its day, page, source, device.
    await inbox.addMany([enquiry("/about", "facebook", "phone")], at);
    await inbox.addMany([enquiry("/about", "facebook", "phone")], at);
    await inbox.addMany([enquiry("/services", "facebook / eid", "phone")], at);
    await inbox.addMany([enquiry("/old-offer", "whatsapp", "phone"), enquiry(null, null, null)], at);
    const figures = await stats.figures(day, day);
    expect(figures.totals).toEqual({ views: 6, enquiries: 5 });
    expect(figures.pages).toEqual([
      { route: "/about", views: 3, enquiries: 2 },
      { route: "", views: 1, enquiries: 1 },
      { route: otherPage, views: 1, enquiries: 1 },
      { route: "/services", views: 1, enquiries: 1 },
    ]);
    expect(figures.sources).toEqual([
      { source: "facebook", views: 2, enquiries: 2 },
      { source: "", views: 1, enquiries: 1 },
      { source: "facebook / eid", views: 1, enquiries: 1 },
      { source: "whatsapp", views: 1, enquiries: 1 },
      { source: "google", views: 1, enquiries: 0 },
    ]);
    for (const row of [...figures.days, ...figures.pages, ...figures.sources, ...figures.devices])
      expect(row.enquiries).toBeLessThanOrEqual(row.views);
    // Views counted later for the same page add to it as usual.
    await stats.record([view(day, "/services", "facebook / eid", "phone")], []);
    expect((await stats.figures(day, day)).pages).toContainEqual({ route: "/services", views: 2, enquiries: 1 });
  });

  it("counts any path that is not a page of the site, and a Referer of a visitor's making, as one 'other' page", async () => {
    await stats.record(
      [
        view("2026-10-01", "/about"),
        view("2026-10-01", "/javascript:alert(1)"),
        view("2026-10-01", "/old-offer"),
        view("2026-10-01", "/About"),
        { day: "2026-10-01", kind: "missing", route: "/p-1", source: "direct", device: "phone" },
        { day: "2026-10-01", kind: "missing", route: "/p-2", source: "direct", device: "phone" },
      ],
      [],
    );
    const inbox = new InboxStore(database);
    await inbox.addMany(
      [{ submission, heldReason: null, page: "/javascript:alert(1)", source: "direct", device: "phone" }],
      new Date("2026-10-01T10:00:00Z"),
    );
    const figures = await stats.figures("2026-10-01", "2026-10-01");
    expect(figures.pages).toEqual([
      { route: otherPage, views: 3, enquiries: 1 },
      { route: "/about", views: 1, enquiries: 0 },
    ]);
    expect(figures.notFound).toBe(2);
    const routes = await database.db
      .selectFrom("stat_events")
      .select("route")
      .where("day", "=", "2026-10-01")
      .execute();
    expect(new Set(routes.map((row) => row.route))).toEqual(new Set(["/about", otherPage]));
  });

  it(`counts the first ${sourcesPerDay} campaign tags of a day under their names and the rest as 'other'; known sources always`, async () => {
    const day = "2026-09-01";
    const tags = Array.from({ length: 300 }, (_, n) => `tag-${n}`);
    // In pieces, as the writer sends them; a tag seen again later in the day keeps its name.
    for (let from = 0; from < tags.length; from += 70) {
      await stats.record(
        tags.slice(from, from + 70).map((tag) => view(day, "/", tag)),
        [],
      );
    }
    await stats.record([view(day, "/", "tag-5"), view(day, "/", "tag-250"), view(day, "/", "google")], []);
    const stored = await database.db
      .selectFrom("stat_events")
      .select("source")
      .distinct()
      .where("day", "=", day)
      .execute();
    const names = new Set(stored.map((row) => row.source));
    expect(names.size).toBe(sourcesPerDay + 2);
    expect(names).toContain(otherSource);
    expect(names).toContain("google");
    expect(names).toContain("tag-199");
    expect(names).not.toContain("tag-200");
    const figures = await stats.figures(day, day);
    expect(figures.totals.views).toBe(303);
    expect(figures.sources.find((row) => row.source === "tag-5")).toEqual({ source: "tag-5", views: 2, enquiries: 0 });
    // The office shows the most viewed tags by name and the rest together: a short table whatever was sent.
    expect(figures.sources.length).toBeLessThanOrEqual(52);
    expect(figures.sources.reduce((sum, row) => sum + row.views, 0)).toBe(303);
    // The next day starts afresh.
    await stats.record([view("2026-09-02", "/", "tag-299")], []);
    expect((await stats.figures("2026-09-02", "2026-09-02")).sources).toEqual([
      { source: "tag-299", views: 1, enquiries: 0 },
    ]);
  });

  it("adds each batch to the day's one row per page, source and device: rows stay as many as keys, not batches", async () => {
    const day = "2026-10-05";
    for (let batch = 0; batch < 30; batch++) {
      await stats.record(
        [view(day, "/", "google"), view(day, "/", "google"), view(day, "/about", "facebook", "desktop")],
        [],
      );
    }
    const rows = await database.db
      .selectFrom("stat_events")
      .select(["route", "count"])
      .where("day", "=", day)
      .execute();
    expect(rows.sort((a, b) => (a.route < b.route ? -1 : 1))).toEqual([
      { route: "/", count: 60 },
      { route: "/about", count: 30 },
    ]);
  });

  it("merges the rows of a database written before into one per key, the figures unchanged", async () => {
    const empty = await emptyDatabase(engine);
    const older = await openDatabase(empty.setting, { migrate: false });
    try {
      await migrateToLatest(older, migrations.slice(0, 7));
      const row = { day: "2026-10-06", kind: "view" as const, route: "/", source: "google", device: "phone", count: 2 };
      await older.db
        .insertInto("stat_events")
        .values([row, row, { ...row, count: 5 }, { ...row, route: "/about" }])
        .execute();
      await migrateToLatest(older);
      const rows = await older.db.selectFrom("stat_events").select(["route", "count"]).execute();
      expect(rows.sort((a, b) => (a.route < b.route ? -1 : 1))).toEqual([
        { route: "/", count: 9 },
        { route: "/about", count: 2 },
      ]);
      expect((await new StatsStore(older).figures("2026-10-06", "2026-10-06")).totals.views).toBe(11);
    } finally {
      await older.close();
      await empty.remove();
    }
  });

  it("keeps to the cap when several servers count at once", async () => {
    const day = "2026-09-10";
    // Connections of their own that never wait inside SQLite (busy_timeout 0), as the servers' own: a lock
    // another holds is waited out on a timer (whenFree), as the writer does.
    const others = await Promise.all([1, 2, 3].map(() => openDatabase(setting, { waitMs: 0, migrate: false })));
    try {
      const servers = others.map((other) => new StatsStore(other));
      // Three servers, each its own tags and some shared, in pieces of 50 at once.
      await Promise.all(
        servers.map(async (server, index) => {
          const tags = Array.from({ length: 150 }, (_, n) => (n % 3 === 0 ? `shared-${n}` : `s${index}-${n}`));
          for (let from = 0; from < tags.length; from += 50) {
            await whenFree(
              () =>
                server.record(
                  [...tags.slice(from, from + 50).map((tag) => view(day, "/", tag)), view(day, "/", "google")],
                  [],
                ),
              10_000,
            );
          }
        }),
      );
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
    const stored = await database.db
      .selectFrom("stat_events")
      .select("source")
      .distinct()
      .where("day", "=", day)
      .execute();
    expect(stored.filter((row) => row.source !== otherSource && row.source !== "google")).toHaveLength(sourcesPerDay);
    expect((await stats.figures(day, day)).totals.views).toBe(459);
  });

  it("an enquiry's campaign tag always counts under its name, past the day's bound too, and so do the day's later views of it (issue 55)", async () => {
    const day = "2026-09-20";
    await stats.record(
      Array.from({ length: sourcesPerDay - 1 }, (_, n) => view(day, "/", `flyer-${n}`)),
      [],
    );
    const inbox = new InboxStore(database);
    const at = new Date(`${day}T10:00:00Z`);
    await inbox.addMany([{ submission, heldReason: null, page: "/about", source: "late-tag", device: "phone" }], at);
    await inbox.addMany([{ submission, heldReason: null, page: "/about", source: "later-tag", device: "phone" }], at);
    await inbox.addMany([{ submission, heldReason: null, page: "/about", source: "flyer-3", device: "phone" }], at);
    const counted = async (kind: "view" | "enquiry") =>
      (
        await database.db
          .selectFrom("stat_events")
          .select(["source", "count"])
          .where("day", "=", day)
          .where("kind", "=", kind)
          .where("route", "=", "/about")
          .execute()
      ).sort((a, b) => (a.source < b.source ? -1 : 1));
    expect(await counted("enquiry")).toEqual([
      { source: "flyer-3", count: 1 },
      { source: "late-tag", count: 1 },
      { source: "later-tag", count: 1 },
    ]);
    // The day is full; a later view of the enquiry's tag is named (a fresh store: not this one's memory of the day).
    await new StatsStore(database).record(
      [view(day, "/about", "later-tag"), view(day, "/about", "never-enquired")],
      [],
    );
    const views = await counted("view");
    expect(views).toContainEqual({ source: "later-tag", count: 2 });
    expect(views).toContainEqual({ source: otherSource, count: 1 });
  });

  it("a flood of invented tags early in the day does not hide the campaign that then brings an enquiry", async () => {
    const day = "2026-09-21";
    // 30 senders × 12 invented tags, before anyone else's visit.
    for (let sender = 0; sender < 30; sender++) {
      await stats.record(
        Array.from({ length: 12 }, (_, n) => view(day, "/", `junk-${sender}-${n}`)),
        [],
      );
    }
    // The agency's real flyer: its views past the cap count as other; the visitor then sends an enquiry.
    await stats.record([view(day, "/dubai-visa/3", "eid-flyer")], []);
    const inbox = new InboxStore(database);
    await inbox.addMany(
      [{ submission, heldReason: null, page: "/dubai-visa/3", source: "eid-flyer", device: "phone" }],
      new Date(`${day}T10:00:00Z`),
    );
    const rows = await database.db
      .selectFrom("stat_events")
      .select(["source", "kind", "count"])
      .where("day", "=", day)
      .execute();
    const of = (source: string, kind: string) =>
      rows.filter((row) => row.source === source && row.kind === kind).reduce((sum, row) => sum + Number(row.count), 0);
    expect(of("eid-flyer", "enquiry")).toBe(1);
    // An enquiry counts as a view of its row when none was counted under it (issue 35): the row has one.
    expect(of("eid-flyer", "view")).toBe(1);
    // The flood's tags stay bounded: the day's cap of named invented tags, the rest as one other row.
    const named = new Set(rows.filter((row) => row.source.startsWith("junk-")).map((row) => row.source));
    expect(named.size).toBeLessThanOrEqual(sourcesPerDay);
    expect(of(otherSource, "view")).toBeGreaterThanOrEqual(360 - sourcesPerDay);
  });

  it("a campaign an enquiry admitted past the cap counts its later views by name, once the full day is read again", async () => {
    const day = "2026-09-22";
    let now = Date.UTC(2026, 8, 22, 6);
    const collector = new StatsStore(database, () => now);
    await collector.record(
      Array.from({ length: sourcesPerDay + 5 }, (_, n) => view(day, "/", `junk-${n}`)),
      [],
    );
    await new InboxStore(database).addMany(
      [{ submission, heldReason: null, page: "/dubai-visa/3", source: "ramadan-poster", device: "phone" }],
      new Date(`${day}T10:00:00Z`),
    );
    const views = async () =>
      (
        await database.db
          .selectFrom("stat_events")
          .select(["count"])
          .where("day", "=", day)
          .where("source", "=", "ramadan-poster")
          .where("kind", "=", "view")
          .execute()
      ).reduce((sum, row) => sum + Number(row.count), 0);
    const before = await views();
    // Within the minute the full day's list is trusted as read; after it, read again, the tag is there.
    now += 61_000;
    await collector.record([view(day, "/dubai-visa/3", "ramadan-poster")], []);
    expect(await views()).toBe(before + 1);
  });

  it("shows rows written before the bounds (or by hand) bounded too, with no visitor text as a page", async () => {
    const day = "2026-10-10";
    const rows = [
      ...Array.from({ length: 400 }, (_, n) => ({ route: `/p-${n}`, source: `old-tag-${n}` })),
      { route: "/‮gnp.exe", source: "‮evil" },
      { route: "/about", source: "<script>" },
    ].map(({ route, source }) => ({ day, kind: "view" as const, route, source, device: "phone", count: 1 }));
    await database.db.insertInto("stat_events").values(rows).execute();
    const figures = await stats.figures(day, day);
    expect(figures.pages).toEqual([
      { route: otherPage, views: 401, enquiries: 0 },
      { route: "/about", views: 1, enquiries: 0 },
    ]);
    expect(figures.sources.length).toBeLessThanOrEqual(52);
    expect(JSON.stringify(figures)).not.toContain("‮");
    expect(JSON.stringify(figures)).not.toContain("<script>");
    expect(figures.sources.reduce((sum, row) => sum + row.views, 0)).toBe(402);
  });

  it("drops a vital of a page the site does not have, or beyond what a browser can report", async () => {
    await stats.record(
      [],
      [
        vital("/services", "phone", "LCP", 120_000, "2026-10-20"),
        vital("/services", "phone", "LCP", -5, "2026-10-20"),
        vital("/javascript:alert(1)", "phone", "LCP", 1000, "2026-10-20"),
        vital("/services", "phone", "CLS", 100, "2026-10-20"),
        vital("/services", "phone", "LCP", 1500, "2026-10-20"),
      ],
    );
    expect(await stats.vitals("2026-10-20", "2026-10-20")).toEqual([
      { route: "/services", device: "phone", metric: "LCP", p75: 1500, samples: 1 },
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
    // A row the table refuses (no day): the batch fails as a whole, and the setting is back all the same.
    await expect(stats.record([{ ...view("2026-11-10", "/"), day: null as unknown as string }], [])).rejects.toThrow();
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
    await stats.record([view("2026-08-20", "/", "old-flyer")], []);
    const before = await stats.figures("2024-10-24", "2026-11-24");
    // 90 days up to 24 Nov 2026 begin on 27 Aug.
    // Rows, not views: the two identical views of 26 Aug were written as one row with a count of 2.
    expect(await stats.rollUp("2026-11-24")).toEqual({ events: 4, vitals: 1 });
    expect(await stats.figures("2024-10-24", "2026-11-24")).toEqual(before);
    expect(await stats.vitals("2026-08-01", "2026-08-31")).toEqual([
      { route: "/services", device: "phone", metric: "TTFB", p75: 600, samples: 1 },
    ]);
    // The day's campaign tags are forgotten with its raw rows.
    const tagDays = await database.db.selectFrom("stat_sources").select("day").execute();
    expect(tagDays.length).toBeGreaterThan(0);
    expect(tagDays.every((row) => row.day >= "2026-08-27")).toBe(true);
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
