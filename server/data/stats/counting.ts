/**
 * How counts are written: events bounded (bounds.ts) and added to their day's rows in one order, a day's campaign
 * tags admitted up to its bound on all servers together, and the enquiries the inbox lets through counted with the
 * views they lack. StatsStore's record and the inbox's store (countEnquiries) write through these.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../database";
import type { Schema, StatEventsTable, StatVitalsTable } from "../schema";
import { isKnownSource, otherPage, otherSource, pageOf, sourceOf, sourcesPerDay } from "./bounds";
import { keyOf, statKey } from "./key";

/** One thing counted; written with its identical ones as one row and their count. */
export type StatEvent = Omit<StatEventsTable, "count">;
export type StatVital = StatVitalsTable;

/** PostgreSQL's lock on admitting a day's campaign tags ("stats" in ASCII), held by one transaction at a time. */
const sourcesLock = 0x7374617473;

/**
 * Counts enquiries let through, inside the transaction that stores them (server/data/enquiries/store.ts). Their page and
 * source are bounded as a beacon's are: a Referer that is not a page of the site is the one other page, and a
 * campaign tag always counts under its name (admitEnquiryTags: past the day's cap too, issue 55).
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
  for (const [day, list] of tags) admitted.set(day, await admitEnquiryTags(trx, day, [...list]));
  const rows = tally(namedIfAdmitted(events, (day) => admitted.get(day)));
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
    .select([...statKey, "count"])
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
export async function addCounts(trx: Kysely<Schema>, rows: StatEventsTable[]): Promise<void> {
  const sorted = rows.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  for (const piece of chunks(sorted)) {
    await trx
      .insertInto("stat_events")
      .values(piece)
      .onConflict((conflict) =>
        conflict
          .columns([...statKey])
          .doUpdateSet((eb) => ({ count: eb("stat_events.count", "+", eb.ref("excluded.count")) })),
      )
      .execute();
  }
}

/**
 * Admits campaign tags to a day, within the caller's transaction, up to the day's `sourcesPerDay` on all servers
 * together; returns the day's whole list. Exact with any number of servers: on SQLite the caller holds the write
 * lock (BEGIN IMMEDIATE, or a transaction that has written), on PostgreSQL a transaction-level advisory lock makes
 * one transaction at a time read and add. (An enquiry's tags are admitted past the cap: admitEnquiryTags.)
 */
export async function admitTags(
  trx: Kysely<Schema>,
  engine: Database["engine"],
  day: string,
  tags: readonly string[],
): Promise<Set<string>> {
  if (engine === "postgres") await sql`SELECT pg_advisory_xact_lock(${sourcesLock})`.execute(trx);
  const names = await tagsOfDay(trx, day);
  const fresh = tags.filter((tag) => !names.has(tag)).slice(0, Math.max(0, sourcesPerDay - names.size));
  await addTags(trx, day, fresh);
  for (const tag of fresh) names.add(tag);
  return names;
}

/** The campaign tags a day has admitted (stat_sources). */
async function tagsOfDay(trx: Kysely<Schema>, day: string): Promise<Set<string>> {
  const rows = await trx.selectFrom("stat_sources").select("source").where("day", "=", day).execute();
  return new Set(rows.map((row) => row.source));
}

/** Adds tags to a day's list; one already there (added by another server meanwhile) stays one row. */
async function addTags(trx: Kysely<Schema>, day: string, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  await trx
    .insertInto("stat_sources")
    .values(tags.map((source) => ({ day, source })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * The tags that brought enquiries, admitted whatever the day's cap (issue 55, part 2): enquiries are few (the inbox
 * limits them by address and proof of work) and each is worth its name, so a flood of invented tags earlier in the
 * day cannot fold the agency's real campaign into "other". No lock is needed: the cap is not what is kept to here,
 * and a tag two servers add at once is one row (the insert does nothing for the second). Returns the day's list.
 */
export async function admitEnquiryTags(
  trx: Kysely<Schema>,
  day: string,
  tags: readonly string[],
): Promise<Set<string>> {
  await addTags(trx, day, tags);
  return tagsOfDay(trx, day);
}

/**
 * The events, a campaign tag their day has not admitted (`admitted`: its list, if known) as the other source; a
 * tag `always` names (a campaign link's) under its own name whatever the day has admitted.
 */
export function namedIfAdmitted(
  events: readonly StatEvent[],
  admitted: (day: string) => Set<string> | undefined,
  always: (source: string) => boolean = () => false,
): StatEvent[] {
  return events.map((event) =>
    isTag(event.source) && !admitted(event.day)?.has(event.source) && !always(event.source)
      ? { ...event, source: otherSource }
      : event,
  );
}

/** A campaign tag: a source that is none of the known ones, not the other row, and not '' (not known). */
export function isTag(source: string): boolean {
  return source !== "" && source !== otherSource && !isKnownSource(source);
}

/** An event with its page and source bounded (bounds.ts); a not-found view keeps no address at all. */
export function boundEvent(event: StatEvent): StatEvent {
  return {
    ...event,
    route: event.kind === "missing" ? otherPage : event.route === "" ? "" : pageOf(event.route),
    source: event.source === "" ? "" : sourceOf(event.source),
  };
}

/** Identical events as one row with their count: a batch of 2,000 page views is a few dozen rows. */
export function tally(events: readonly StatEvent[]): StatEventsTable[] {
  const rows = new Map<string, StatEventsTable>();
  for (const event of events) {
    const key = keyOf(event);
    const row = rows.get(key);
    if (row) row.count += 1;
    else rows.set(key, { ...event, count: 1 });
  }
  return [...rows.values()];
}

/** Rows in statements of at most 1,000 (SQLite and PostgreSQL cap the values one statement may carry). */
export function chunks<T>(rows: readonly T[]): T[][] {
  const pieces: T[][] = [];
  for (let from = 0; from < rows.length; from += 1000) pieces.push(rows.slice(from, from + 1000));
  return pieces;
}
