import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "../data/open";
import { addDays, daysFrom } from "../data/dubai-days";
import type { Schema, StatEventsTable, StatKind, StatVitalsTable } from "../data/schema";
import type { MetricName } from "../../app/lib/statistics/beacon";
import { isKnownSource, isPage, otherPage, otherSource, pageOf, sourceOf, sourcesPerDay, sourcesShown } from "./bounds";
import { isMetricName, isReportable } from "./metrics";

/** Raw rows (a day's counts per page, source and device; a row per vital) are kept this many days, today included. */
export const rawDays = 90;
/** Daily totals are kept this many months. */
export const totalMonths = 25;

/** One thing counted; written with its identical ones as one row and their count. */
export type StatEvent = Omit<StatEventsTable, "count">;
export type StatVital = StatVitalsTable;

export interface Counts {
  views: number;
  enquiries: number;
}

export interface Figures {
  from: string;
  to: string;
  totals: Counts;
  /** Every day of the range, the empty ones too, oldest first. */
  days: ({ day: string } & Counts)[];
  /**
   * Most viewed first; a page with enquiries and no views too (`route` '' when the page was not known, `otherPage`
   * for any address that is not a page of the site): at most the site's pages and two more.
   */
  pages: ({ route: string } & Counts)[];
  /** The known sources, the `sourcesShown` most viewed campaign tags, and the rest added up as `otherSource`. */
  sources: ({ source: string } & Counts)[];
  devices: ({ device: string } & Counts)[];
  /** Views of the not-found page, whatever the address (which is not kept: issue 34). */
  notFound: number;
}

export interface VitalFigure {
  route: string;
  device: string;
  metric: MetricName;
  /** The 75th percentile, nearest rank: the value at rank ⌈0.75 n⌉ of the n in ascending order. */
  p75: number;
  samples: number;
}

/** PostgreSQL's lock on admitting a day's campaign tags ("stats" in ASCII), held by one transaction at a time. */
const sourcesLock = 0x7374617473;

/**
 * The site's statistics (issue 27): what the collector counts, what the inbox adds for each enquiry, and the figures
 * the office and `npm run stats` show. Every query is written once for both engines (server/data).
 *
 * Whatever is sent, what is kept is bounded (issue 34, server/stats/bounds.ts): a page of the site or one other,
 * a known source or one of the day's first 200 campaign tags (stat_sources, the same for every server) or one
 * other, a vital a browser can report of a page of the site.
 */
export class StatsStore {
  private readonly db: Kysely<Schema>;
  /** The figures' reads: off the server's thread on SQLite (server/data/reads.ts). */
  private readonly reads: Kysely<Schema>;
  /**
   * The campaign tags of the last few days known to be admitted, and whether the day is full (its list is then
   * final): a batch whose tags are all known here asks the database nothing more, so a flood of new tags costs a
   * query only until its day is full.
   */
  private readonly tagDays = new Map<string, { names: Set<string>; full: boolean }>();

  constructor(readonly database: Database) {
    this.db = database.db;
    this.reads = database.reads;
  }

  /**
   * One batch from the collector, in one transaction, its counts added to the day's rows of their keys (one row per
   * day, kind, page, source and device class, however many batches: the figures read what can be told apart, not
   * how many beacons came); a metric id seen before keeps its newest (final) value.
   * Committed without waiting for the disk (SQLite's synchronous=NORMAL for this transaction, PostgreSQL's
   * synchronous_commit off): a crash may lose the last second of counts, never an enquiry, and the disk flush an
   * enquiry's commit waits for is not spent on statistics. The next durable commit flushes these rows too.
   */
  async record(events: readonly StatEvent[], vitals: readonly StatVital[]): Promise<void> {
    const bounded = events.map(boundEvent);
    // PostgreSQL refuses an upsert that touches one row twice: the last value of an id wins within a batch too.
    const latest = [...new Map(vitals.filter(isKeptVital).map((vital) => [vital.id, vital])).values()];
    if (bounded.length === 0 && latest.length === 0) return;
    const unsure = this.unsureTags(bounded);
    /** The days whose tags were admitted in this transaction: their whole list, cached once it is committed. */
    const admitted = new Map<string, Set<string>>();
    const write = async (trx: Kysely<Schema>) => {
      admitted.clear();
      for (const [day, tags] of unsure) admitted.set(day, await admitTags(trx, this.database.engine, day, tags, true));
      const named = (day: string) => admitted.get(day) ?? this.tagDays.get(day)?.names;
      const rows = bounded.map((event) =>
        isTag(event.source) && !named(event.day)?.has(event.source) ? { ...event, source: otherSource } : event,
      );
      await addCounts(trx, tally(rows));
      for (const rows of chunks(latest)) {
        await trx
          .insertInto("stat_vitals")
          .values(rows)
          .onConflict((conflict) => conflict.column("id").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
          .execute();
      }
    };
    if (this.database.engine === "postgres") {
      await this.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL synchronous_commit TO OFF`.execute(trx);
        await write(trx);
      });
    } else {
      // SQLite: one connection, held for the whole (no other query runs between the pragmas), FULL again after.
      // BEGIN IMMEDIATE takes the write lock first, so the day's tags read are those of every process.
      await this.db.connection().execute(async (connection) => {
        await sql`PRAGMA synchronous = NORMAL`.execute(connection);
        try {
          await sql`BEGIN IMMEDIATE`.execute(connection);
          try {
            await write(connection);
            await sql`COMMIT`.execute(connection);
          } catch (error) {
            await sql`ROLLBACK`.execute(connection);
            throw error;
          }
        } finally {
          await sql`PRAGMA synchronous = FULL`.execute(connection);
        }
      });
    }
    for (const [day, names] of admitted) {
      this.tagDays.delete(day);
      this.tagDays.set(day, { names, full: names.size >= sourcesPerDay });
    }
    for (const day of this.tagDays.keys()) if (this.tagDays.size > 4) this.tagDays.delete(day);
  }

  /** Per day, the batch's campaign tags not known to be admitted, of days not known to be full. */
  private unsureTags(events: readonly StatEvent[]): Map<string, string[]> {
    const unsure = new Map<string, Set<string>>();
    for (const { day, source } of events) {
      if (!isTag(source)) continue;
      const known = this.tagDays.get(day);
      if (known?.names.has(source) || known?.full) continue;
      const tags = unsure.get(day) ?? new Set<string>();
      tags.add(source);
      unsure.set(day, tags);
    }
    return new Map([...unsure].map(([day, tags]) => [day, [...tags]]));
  }

  /**
   * Views, enquiries and not-found pages of the days from `from` to `to` (Dubai days, both included). Each table is
   * added up in the database along one column at a time (day, page, source, device), so what comes back is a row per
   * value of that column, not one per combination of them; rows written before the bounds are bounded here too.
   */
  async figures(from: string, to: string): Promise<Figures> {
    const [byDay, byRoute, bySource, byDevice] = await Promise.all([
      this.countedBy("day", from, to),
      this.countedBy("route", from, to),
      this.countedBy("source", from, to),
      this.countedBy("device", from, to),
    ]);
    const days = new Map(daysFrom(from, to).map((day) => [day, zero()]));
    const totals = zero();
    let notFound = 0;
    for (const { name, kind, count } of byDay) {
      if (kind === "missing") notFound += count;
      else {
        add(days, name, kind, count);
        totals[field(kind)] += count;
      }
    }
    const pages = new Map<string, Counts>();
    for (const { name, kind, count } of byRoute)
      if (kind !== "missing") add(pages, name === "" ? "" : pageOf(name), kind, count);
    const sources = new Map<string, Counts>();
    for (const { name, kind, count } of bySource)
      if (kind !== "missing") add(sources, name === "" ? "" : sourceOf(name), kind, count);
    const devices = new Map<string, Counts>();
    for (const { name, kind, count } of byDevice) if (kind !== "missing") add(devices, name, kind, count);
    // The most viewed campaign tags by name; the others, whatever their number, in the one other row.
    const tags = ranked(sources, "source").filter((row) => isTag(row.source));
    for (const { source, ...counts } of tags.slice(sourcesShown)) {
      sources.delete(source);
      add(sources, otherSource, "view", counts.views);
      add(sources, otherSource, "enquiry", counts.enquiries);
    }
    return {
      from,
      to,
      totals,
      days: [...days].map(([day, counts]) => ({ day, ...counts })),
      pages: ranked(pages, "route"),
      sources: ranked(sources, "source"),
      devices: ranked(devices, "device"),
      notFound,
    };
  }

  /** Counts of each kind per value of one column over the days, raw rows and daily totals together. */
  private async countedBy(
    column: "day" | "route" | "source" | "device",
    from: string,
    to: string,
  ): Promise<{ name: string; kind: StatKind; count: number }[]> {
    const rows = await this.reads
      .selectFrom("stat_events")
      .select((eb) => [eb.ref(column).as("name"), "kind", eb.fn.sum<number | string>("count").as("count")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy([column, "kind"])
      .unionAll((eb) =>
        eb
          .selectFrom("stat_days")
          .select((inner) => [inner.ref(column).as("name"), "kind", inner.fn.sum<number | string>("count").as("count")])
          .where("day", ">=", from)
          .where("day", "<=", to)
          .groupBy([column, "kind"]),
      )
      .execute();
    return rows.map((row) => ({ name: row.name, kind: row.kind, count: Number(row.count) }));
  }

  /**
   * The 75th percentile of each metric per page and device class over the days from `from` to `to`, with its sample
   * count; nearest rank, in SQL (window functions, on both engines), so no row leaves the database but the answer.
   */
  async vitals(from: string, to: string): Promise<VitalFigure[]> {
    const ranked = this.reads
      .selectFrom("stat_vitals")
      .select(["route", "device", "metric", "value"])
      .select((eb) => [
        eb.fn
          .agg<number>("row_number")
          .over((over) => over.partitionBy(["route", "device", "metric"]).orderBy("value"))
          .as("rank"),
        eb.fn
          .agg<number>("count", [sql.lit(1)])
          .over((over) => over.partitionBy(["route", "device", "metric"]))
          .as("samples"),
      ])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .as("ranked");
    const rows = await this.reads
      .selectFrom(ranked)
      .select(["route", "device", "metric", "value", "samples"])
      // rank = ⌈3n/4⌉, in whole numbers on both engines: 4·rank ≥ 3n > 4·(rank − 1).
      .where(sql<boolean>`4 * rank >= 3 * samples and 4 * (rank - 1) < 3 * samples`)
      .orderBy("route")
      .orderBy("device")
      .orderBy("metric")
      .execute();
    // Rows written before the bounds may name a page the site does not have: left out.
    return rows
      .filter((row) => isPage(row.route))
      .map((row) => ({
        route: row.route,
        device: row.device,
        metric: row.metric,
        p75: Number(row.value),
        samples: Number(row.samples),
      }));
  }

  /**
   * The nightly clean-up: raw rows older than 90 days (counting `today`) move into daily totals, in one
   * transaction, so each day is counted in exactly one of the two tables; totals older than 25 months and vitals
   * older than 90 days go.
   */
  async rollUp(today: string): Promise<{ events: number; vitals: number }> {
    const keepFrom = addDays(today, -(rawDays - 1));
    const totalsFrom = monthsBefore(today, totalMonths);
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("stat_days")
        .columns(["day", "kind", "route", "source", "device", "count"])
        .expression((eb) =>
          eb
            .selectFrom("stat_events")
            .select(["day", "kind", "route", "source", "device", (inner) => inner.fn.sum<number>("count").as("count")])
            .where("day", "<", keepFrom)
            .groupBy(["day", "kind", "route", "source", "device"]),
        )
        .onConflict((conflict) =>
          conflict
            .columns(["day", "kind", "route", "source", "device"])
            .doUpdateSet((eb) => ({ count: eb("stat_days.count", "+", eb.ref("excluded.count")) })),
        )
        .execute();
      const events = await trx.deleteFrom("stat_events").where("day", "<", keepFrom).executeTakeFirst();
      const vitals = await trx.deleteFrom("stat_vitals").where("day", "<", keepFrom).executeTakeFirst();
      await trx.deleteFrom("stat_days").where("day", "<", totalsFrom).execute();
      await trx.deleteFrom("stat_sources").where("day", "<", keepFrom).execute();
      return { events: Number(events.numDeletedRows), vitals: Number(vitals.numDeletedRows) };
    });
  }
}

/**
 * Counts enquiries let through, inside the transaction that stores them (server/inbox/store.ts). Their page and
 * source are bounded as a beacon's are: a Referer that is not a page of the site is the one other page, and a
 * campaign tag counts under its name if its day has admitted it (or still has room), else as the other source.
 * On PostgreSQL a tag is admitted only when the lock on the day's tags is free at once: an enquiry never waits
 * for the collector (its tag then counts under its name if a view of the visit admitted it, as it mostly has).
 */
export async function countEnquiries(
  trx: Kysely<Schema>,
  enquiries: readonly { day: string; page: string | null; source: string | null; device: string | null }[],
): Promise<void> {
  if (enquiries.length === 0) return;
  const events = enquiries.map(({ day, page, source, device }) =>
    boundEvent({ day, kind: "enquiry", route: page ?? "", source: source ?? "", device: device ?? "" }),
  );
  const tags = new Map<string, Set<string>>();
  for (const { day, source } of events) if (isTag(source)) tags.set(day, (tags.get(day) ?? new Set()).add(source));
  const admitted = new Map<string, Set<string>>();
  const engine = trx.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
  // Letting a held one through counts it outside the inbox's transaction: on PostgreSQL, one of its own, so that
  // the lock on the day's tags (a transaction's) holds while they are read and added to. (On SQLite it is two
  // statements of one process back to back: another process would have to add the day's 200th tag between them.)
  if (engine === "postgres" && !trx.isTransaction) {
    await trx.transaction().execute((inner) => countEnquiries(inner, enquiries));
    return;
  }
  for (const [day, list] of tags) admitted.set(day, await admitTags(trx, engine, day, [...list], false));
  const rows = tally(
    events.map((event) =>
      isTag(event.source) && !admitted.get(event.day)?.has(event.source) ? { ...event, source: otherSource } : event,
    ),
  );
  await addCounts(trx, rows);
  await addMissingViews(trx, rows);
}

/**
 * An enquiry from a page counts as a view of it when none was counted (issue 35, item 10): a visitor's browser
 * may count no view (a blocker, a beacon lost, an enquiry sent before the page's beacon went), so after the
 * enquiries are added, each of their rows (a day, page, source and device: the finest the statistics keep, there
 * being no visit id) is given the views it lacks to have as many views as enquiries. Every figure adds up such
 * rows, so no page, source, device, day or total shows more enquiries than views. Views counted afterwards for the
 * row add to it as usual (a beacon that comes after its enquiry is then counted twice, the figure erring low).
 */
async function addMissingViews(trx: Kysely<Schema>, enquiries: readonly StatEventsTable[]): Promise<void> {
  if (enquiries.length === 0) return;
  const counted = await trx
    .selectFrom("stat_events")
    .select(["day", "kind", "route", "source", "device", "count"])
    .where((eb) =>
      eb.or(
        enquiries.map(({ day, route, source, device }) =>
          eb.and([eb("day", "=", day), eb("route", "=", route), eb("source", "=", source), eb("device", "=", device)]),
        ),
      ),
    )
    .where("kind", "in", ["view", "enquiry"])
    .execute();
  const lacking = new Map<string, StatEventsTable>();
  for (const { day, route, source, device } of enquiries) {
    const key = keyOf({ day, kind: "view", route, source, device });
    lacking.set(key, { day, kind: "view", route, source, device, count: 0 });
  }
  for (const row of counted) {
    const cell = lacking.get(keyOf({ ...row, kind: "view" }));
    if (cell) cell.count += row.kind === "enquiry" ? Number(row.count) : -Number(row.count);
  }
  await addCounts(
    trx,
    [...lacking.values()].filter((row) => row.count > 0),
  );
}

/**
 * Adds counts to the day's rows (stat_events has one per day, kind, page, source and device: migration 8), in the
 * order of their keys, so that two transactions adding to the same rows (two servers' collectors, two enquiries)
 * take their locks in one order and wait for each other, never deadlock.
 */
async function addCounts(trx: Kysely<Schema>, rows: StatEventsTable[]): Promise<void> {
  const sorted = rows.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  for (const piece of chunks(sorted)) {
    await trx
      .insertInto("stat_events")
      .values(piece)
      .onConflict((conflict) =>
        conflict
          .columns(["day", "kind", "route", "source", "device"])
          .doUpdateSet((eb) => ({ count: eb("stat_events.count", "+", eb.ref("excluded.count")) })),
      )
      .execute();
  }
}

/**
 * Admits campaign tags to a day, within the caller's transaction, up to the day's `sourcesPerDay` on all servers
 * together; returns the day's whole list. Exact with any number of servers: on SQLite the caller holds the write
 * lock (BEGIN IMMEDIATE, or a transaction that has written), on PostgreSQL a transaction-level advisory lock makes
 * one transaction at a time read and add. Without `wait`, PostgreSQL only tries the lock, and without it reads.
 */
async function admitTags(
  trx: Kysely<Schema>,
  engine: Database["engine"],
  day: string,
  tags: readonly string[],
  wait: boolean,
): Promise<Set<string>> {
  let mayAdd = true;
  if (engine === "postgres") {
    if (wait) await sql`SELECT pg_advisory_xact_lock(${sourcesLock})`.execute(trx);
    else {
      const { rows } = await sql<{
        locked: boolean;
      }>`SELECT pg_try_advisory_xact_lock(${sourcesLock}) AS locked`.execute(trx);
      mayAdd = rows[0]?.locked === true;
    }
  }
  const names = new Set(
    (await trx.selectFrom("stat_sources").select("source").where("day", "=", day).execute()).map((row) => row.source),
  );
  if (!mayAdd) return names;
  const fresh = tags.filter((tag) => !names.has(tag)).slice(0, Math.max(0, sourcesPerDay - names.size));
  if (fresh.length > 0) {
    await trx
      .insertInto("stat_sources")
      .values(fresh.map((source) => ({ day, source })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    for (const tag of fresh) names.add(tag);
  }
  return names;
}

/** A campaign tag: a source that is none of the known ones, not the other row, and not '' (not known). */
function isTag(source: string): boolean {
  return source !== "" && source !== otherSource && !isKnownSource(source);
}

/** An event with its page and source bounded (bounds.ts); a not-found view keeps no address at all. */
function boundEvent(event: StatEvent): StatEvent {
  return {
    ...event,
    route: event.kind === "missing" ? otherPage : event.route === "" ? "" : pageOf(event.route),
    source: event.source === "" ? "" : sourceOf(event.source),
  };
}

/** A vital of a page of the site, with a value a browser can report. */
function isKeptVital(vital: StatVital): boolean {
  return isPage(vital.route) && isMetricName(vital.metric) && isReportable(vital.metric, vital.value);
}

function field(kind: StatKind): keyof Counts {
  return kind === "view" ? "views" : "enquiries";
}

function add(map: Map<string, Counts>, key: string, kind: StatKind, count: number): void {
  const counts = map.get(key) ?? zero();
  counts[field(kind)] += count;
  map.set(key, counts);
}

/** Most viewed first, then most enquiries, then by name. */
function ranked<K extends string>(map: Map<string, Counts>, key: K): ({ [P in K]: string } & Counts)[] {
  return [...map]
    .map(([name, counts]) => ({ [key]: name, ...counts }) as { [P in K]: string } & Counts)
    .sort((a, b) => b.views - a.views || b.enquiries - a.enquiries || (a[key] < b[key] ? -1 : 1));
}

/** Identical events as one row with their count: a batch of 2,000 page views is a few dozen rows. */
function tally(events: readonly StatEvent[]): StatEventsTable[] {
  const rows = new Map<string, StatEventsTable>();
  for (const event of events) {
    const key = keyOf(event);
    const row = rows.get(key);
    if (row) row.count += 1;
    else rows.set(key, { ...event, count: 1 });
  }
  return [...rows.values()];
}

function keyOf(event: StatEvent): string {
  return [event.day, event.kind, event.route, event.source, event.device].join("\u0000");
}

/** Rows in statements of at most 1,000 (SQLite and PostgreSQL cap the values one statement may carry). */
function chunks<T>(rows: readonly T[]): T[][] {
  const pieces: T[][] = [];
  for (let from = 0; from < rows.length; from += 1000) pieces.push(rows.slice(from, from + 1000));
  return pieces;
}

function zero(): Counts {
  return { views: 0, enquiries: 0 };
}

/** The same day of the month `months` months before (the month's last day when it is shorter). */
function monthsBefore(isoDay: string, months: number): string {
  const [year, month, day] = isoDay.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}
