import { type Kysely, sql } from "kysely";
import type { Database } from "../data/open";
import { addDays, daysFrom } from "../data/dubai-days";
import type { Schema, StatEventsTable, StatKind, StatVitalsTable } from "../data/schema";
import type { MetricName } from "../../app/lib/statistics/beacon";

/** Raw rows (one per view, enquiry, vital) are kept this many days, the newest day included. */
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
  /** Most viewed first; a page with enquiries and no views too (`route` '' when the page was not known). */
  pages: ({ route: string } & Counts)[];
  sources: ({ source: string } & Counts)[];
  devices: ({ device: string } & Counts)[];
  /** Paths that showed the not-found page, most shown first. */
  missing: { path: string; views: number }[];
}

export interface VitalFigure {
  route: string;
  device: string;
  metric: MetricName;
  /** The 75th percentile, nearest rank: the value at rank ⌈0.75 n⌉ of the n in ascending order. */
  p75: number;
  samples: number;
}

/**
 * The site's statistics (issue 27): what the collector counts, what the inbox adds for each enquiry, and the figures
 * the office and `npm run stats` show. Every query is written once for both engines (server/data).
 */
export class StatsStore {
  private readonly db: Kysely<Schema>;

  constructor(readonly database: Database) {
    this.db = database.db;
  }

  /**
   * One batch from the collector, in one transaction; a metric id seen before keeps its newest (final) value.
   * Committed without waiting for the disk (SQLite's synchronous=NORMAL for this transaction, PostgreSQL's
   * synchronous_commit off): a crash may lose the last second of counts, never an enquiry, and the disk flush an
   * enquiry's commit waits for is not spent on statistics. The next durable commit flushes these rows too.
   */
  async record(events: readonly StatEvent[], vitals: readonly StatVital[]): Promise<void> {
    if (events.length === 0 && vitals.length === 0) return;
    // PostgreSQL refuses an upsert that touches one row twice: the last value of an id wins within a batch too.
    const latest = [...new Map(vitals.map((vital) => [vital.id, vital])).values()];
    const write = async (trx: Kysely<Schema>) => {
      for (const rows of chunks(tally(events))) await trx.insertInto("stat_events").values(rows).execute();
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
      return;
    }
    // SQLite: one connection, held for the whole (no other query runs between the pragmas), FULL again after.
    await this.db.connection().execute(async (connection) => {
      await sql`PRAGMA synchronous = NORMAL`.execute(connection);
      try {
        await connection.transaction().execute(write);
      } finally {
        await sql`PRAGMA synchronous = FULL`.execute(connection);
      }
    });
  }

  /** Views, enquiries and not-found pages of the days from `from` to `to` (Dubai days, both included). */
  async figures(from: string, to: string): Promise<Figures> {
    const rows = await this.db
      .selectFrom("stat_events")
      .select(["day", "kind", "route", "source", "device", (eb) => eb.fn.sum<number | string>("count").as("count")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy(["day", "kind", "route", "source", "device"])
      .unionAll((eb) =>
        eb
          .selectFrom("stat_days")
          .select(["day", "kind", "route", "source", "device", "count"])
          .where("day", ">=", from)
          .where("day", "<=", to),
      )
      .execute();
    const days = new Map(daysFrom(from, to).map((day) => [day, zero()]));
    const pages = new Map<string, Counts>();
    const sources = new Map<string, Counts>();
    const devices = new Map<string, Counts>();
    const missing = new Map<string, number>();
    const totals = zero();
    for (const row of rows) {
      const count = Number(row.count);
      if (row.kind === "missing") {
        missing.set(row.route, (missing.get(row.route) ?? 0) + count);
        continue;
      }
      const field = row.kind === "view" ? "views" : "enquiries";
      for (const [map, key] of [
        [days, row.day],
        [pages, row.route],
        [sources, row.source],
        [devices, row.device],
      ] as const) {
        const counts = map.get(key) ?? zero();
        counts[field] += count;
        map.set(key, counts);
      }
      totals[field] += count;
    }
    const ranked = <K extends string>(map: Map<string, Counts>, key: K) =>
      [...map]
        .map(([name, counts]) => ({ [key]: name, ...counts }) as { [P in K]: string } & Counts)
        .sort((a, b) => b.views - a.views || b.enquiries - a.enquiries || (a[key] < b[key] ? -1 : 1));
    return {
      from,
      to,
      totals,
      days: [...days].map(([day, counts]) => ({ day, ...counts })),
      pages: ranked(pages, "route"),
      sources: ranked(sources, "source"),
      devices: ranked(devices, "device"),
      missing: [...missing]
        .map(([path, views]) => ({ path, views }))
        .sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : 1)),
    };
  }

  /**
   * The 75th percentile of each metric per page and device class over the days from `from` to `to`, with its sample
   * count; nearest rank, in SQL (window functions, on both engines), so no row leaves the database but the answer.
   */
  async vitals(from: string, to: string): Promise<VitalFigure[]> {
    const ranked = this.db
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
    const rows = await this.db
      .selectFrom(ranked)
      .select(["route", "device", "metric", "value", "samples"])
      // rank = ⌈3n/4⌉, in whole numbers on both engines: 4·rank ≥ 3n > 4·(rank − 1).
      .where(sql<boolean>`4 * rank >= 3 * samples and 4 * (rank - 1) < 3 * samples`)
      .orderBy("route")
      .orderBy("device")
      .orderBy("metric")
      .execute();
    return rows.map((row) => ({
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
      return { events: Number(events.numDeletedRows), vitals: Number(vitals.numDeletedRows) };
    });
  }
}

/** Counts enquiries let through, inside the transaction that stores them (server/inbox/store.ts). */
export async function countEnquiries(
  trx: Kysely<Schema>,
  enquiries: readonly { day: string; page: string | null; source: string | null; device: string | null }[],
): Promise<void> {
  if (enquiries.length === 0) return;
  await trx
    .insertInto("stat_events")
    .values(
      enquiries.map(({ day, page, source, device }) => ({
        day,
        kind: "enquiry" as StatKind,
        route: page ?? "",
        source: source ?? "",
        device: device ?? "",
        count: 1,
      })),
    )
    .execute();
}

/** Identical events as one row with their count: a batch of 2,000 page views is a few dozen rows. */
function tally(events: readonly StatEvent[]): StatEventsTable[] {
  const rows = new Map<string, StatEventsTable>();
  for (const event of events) {
    const key = [event.day, event.kind, event.route, event.source, event.device].join("\u0000");
    const row = rows.get(key);
    if (row) row.count += 1;
    else rows.set(key, { ...event, count: 1 });
  }
  return [...rows.values()];
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
