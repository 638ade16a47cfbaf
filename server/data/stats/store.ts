import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Database } from "../database";
import { addDays } from "../dubai-days";
import type { Schema } from "../schema";
import type { MetricName } from "../../../app/lib/statistics/beacon";
import { isPage, sourcesPerDay } from "./bounds";
import {
  addCounts,
  admitTags,
  boundEvent,
  chunks,
  isTag,
  namedIfAdmitted,
  type StatEvent,
  type StatVital,
  tally,
} from "./counting";
import { type Counted, type Counts, type Figures, figuresOf } from "./figures";
import { statKey } from "./key";
import { isMetricName, isReportable } from "./metrics";
import { CampaignLinks, tagOfSource } from "./campaigns";

export { countEnquiries, type StatEvent, type StatVital } from "./counting";
export type { Counts, Figures } from "./figures";

/** Raw rows (a day's counts per page, source and device; a row per vital) are kept this many days, today included. */
export const rawDays = 90;
/** Daily totals are kept this many months. */
export const totalMonths = 25;
/** How long a server trusts the campaign links' tags it read: a link made on another server counts within this. */
export const campaignTagsMs = 10_000;

export interface VitalFigure {
  route: string;
  device: string;
  metric: MetricName;
  /** The 75th percentile, nearest rank: the value at rank ⌈0.75 n⌉ of the n in ascending order. */
  p75: number;
  samples: number;
}

/**
 * The site's statistics (issue 27): what the collector counts (the inbox counts each enquiry through counting.ts), and
 * the figures the office and `npm run stats` show. Every query is written once for both engines (server/data).
 *
 * Whatever is sent, what is kept is bounded (issue 34, server/data/stats/bounds.ts): a page of the site or one other,
 * a known source or one of the day's first 200 campaign tags (stat_sources, the same for every server) or one
 * other, a vital a browser can report of a page of the site.
 */
/** How often a full day's campaign tags are read again, for the enquiries' tags admitted past the cap. */
const fullDayRead = 60_000;

export class StatsStore {
  private readonly db: Kysely<Schema>;
  /** The figures' reads: off the server's thread on SQLite (server/data/reads.ts). */
  private readonly reads: Kysely<Schema>;
  /**
   * The campaign tags of the last few days known to be admitted, and whether the day is full (its list is then
   * final): a batch whose tags are all known here asks the database nothing more, so a flood of new tags costs a
   * query only until its day is full.
   */
  private readonly tagDays = new Map<string, { names: Set<string>; full: boolean; readAt: number }>();

  /** The campaign links the owner made (issue 55): their tags always count under their own name. */
  readonly campaigns: CampaignLinks;
  /** Their tags as last read, and when: read again after `campaignTagsMs` (another server's office) or when told. */
  private campaignTagsRead: { tags: Set<string>; at: number } | null = null;

  /**
   * `clock` (tests): a full day's list is read again at most this often (`fullDayRead`), as an enquiry's tag may
   * join it past the cap (counting.ts, admitEnquiryTags), on this server or another: its later views then count
   * under its name.
   */
  constructor(
    readonly database: Database,
    private readonly clock: () => number = Date.now,
  ) {
    this.db = database.db;
    this.reads = database.reads;
    this.campaigns = new CampaignLinks(database.db);
  }

  /** The tags of the campaign links not removed, read at most every `campaignTagsMs`. */
  async campaignTags(now = this.clock()): Promise<Set<string>> {
    const read = this.campaignTagsRead;
    if (read && now - read.at < campaignTagsMs) return read.tags;
    const tags = await this.campaigns.activeTags();
    this.campaignTagsRead = { tags, at: now };
    return tags;
  }

  /** Whether a stored source is from a campaign link (its tag, with or without a utm_campaign after it). */
  async isCampaignSource(source: string): Promise<boolean> {
    return (await this.campaignTags()).has(tagOfSource(source));
  }

  /** A link was made or removed here: its tags are read again at the next batch. */
  forgetCampaignTags(): void {
    this.campaignTagsRead = null;
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
    // A campaign link's tag is always named and never takes one of the day's places (issue 55).
    const campaignTags = bounded.some((event) => isTag(event.source)) ? await this.campaignTags() : new Set<string>();
    const always = (source: string) => campaignTags.has(tagOfSource(source));
    const unsure = this.unsureTags(bounded.filter((event) => !always(event.source)));
    /** The days whose tags were admitted in this transaction: their whole list, cached once it is committed. */
    const admitted = new Map<string, Set<string>>();
    const write = async (trx: Kysely<Schema>) => {
      admitted.clear();
      for (const [day, tags] of unsure) admitted.set(day, await admitTags(trx, this.database.engine, day, tags));
      const named = (day: string) => admitted.get(day) ?? this.tagDays.get(day)?.names;
      await addCounts(trx, tally(namedIfAdmitted(bounded, named, always)));
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
      this.tagDays.set(day, { names, full: names.size >= sourcesPerDay, readAt: this.clock() });
    }
    for (const day of this.tagDays.keys()) if (this.tagDays.size > 4) this.tagDays.delete(day);
  }

  /** Per day, the batch's campaign tags not known to be admitted, of days not known to be full. */
  private unsureTags(events: readonly StatEvent[]): Map<string, string[]> {
    const unsure = new Map<string, Set<string>>();
    for (const { day, source } of events) {
      if (!isTag(source)) continue;
      const known = this.tagDays.get(day);
      if (known?.names.has(source)) continue;
      if (known?.full && this.clock() - known.readAt < fullDayRead) continue;
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
    return figuresOf(from, to, { day: byDay, route: byRoute, source: bySource, device: byDevice });
  }

  /**
   * Views and enquiries per campaign tag over the days (issue 55): each tag's rows, with or without a utm_campaign
   * after it ("eid-flyer / eid 2026"), added up; a tag without any is left out. Tags are a–z, 0–9 and dashes (a
   * campaign link's: campaigns.ts), so they hold nothing LIKE reads as a wildcard.
   */
  async tagCounts(from: string, to: string, tags: readonly string[]): Promise<Map<string, Counts>> {
    const counts = new Map<string, Counts>();
    if (tags.length === 0) return counts;
    const ofTags = (eb: ExpressionBuilder<Schema, "stat_events" | "stat_days">) =>
      eb.or([
        eb("source", "in", tags),
        ...tags.filter((tag) => /^[a-z0-9-]+$/.test(tag)).map((tag) => eb("source", "like", `${tag} / %`)),
      ]);
    const rows = await this.reads
      .selectFrom("stat_events")
      .select((eb) => ["source", "kind", eb.fn.sum<number | string>("count").as("count")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("kind", "in", ["view", "enquiry"])
      .where((eb) => ofTags(eb as never))
      .groupBy(["source", "kind"])
      .unionAll((eb) =>
        eb
          .selectFrom("stat_days")
          .select((inner) => ["source", "kind", inner.fn.sum<number | string>("count").as("count")])
          .where("day", ">=", from)
          .where("day", "<=", to)
          .where("kind", "in", ["view", "enquiry"])
          .where((inner) => ofTags(inner as never))
          .groupBy(["source", "kind"]),
      )
      .execute();
    for (const row of rows) {
      const tag = tagOfSource(row.source);
      const cell = counts.get(tag) ?? { views: 0, enquiries: 0 };
      if (row.kind === "view") cell.views += Number(row.count);
      else cell.enquiries += Number(row.count);
      counts.set(tag, cell);
    }
    return counts;
  }

  /** Counts of each kind per value of one column over the days, raw rows and daily totals together. */
  private async countedBy(column: "day" | "route" | "source" | "device", from: string, to: string): Promise<Counted[]> {
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
        .columns([...statKey, "count"])
        .expression((eb) =>
          eb
            .selectFrom("stat_events")
            .select([...statKey, (inner) => inner.fn.sum<number>("count").as("count")])
            .where("day", "<", keepFrom)
            .groupBy([...statKey]),
        )
        .onConflict((conflict) =>
          conflict
            .columns([...statKey])
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

/** The same day of the month `months` months before (the month's last day when it is shorter). */
function monthsBefore(isoDay: string, months: number): string {
  const [year, month, day] = isoDay.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/** A vital of a page of the site, with a value a browser can report. */
function isKeptVital(vital: StatVital): boolean {
  return isPage(vital.route) && isMetricName(vital.metric) && isReportable(vital.metric, vital.value);
}
