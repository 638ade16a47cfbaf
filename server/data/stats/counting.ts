/**
 * How counts are written: events bounded (bounds.ts) and added to their day's rows in one order, a day's campaign
 * tags admitted up to its bound on all servers together, and the enquiries the inbox lets through counted with the
 * views they lack. StatsStore's record and the inbox's store (countEnquiries) write through these.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";
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
 * source are bounded as a beacon's are: a Referer that is not a page of the site is the one other page. A campaign
 * tag always counts under its own name (issue 55: a flood of invented tags must not hide the campaign that brought
 * an enquiry), and is admitted to its day even past the day's bound, so that the day's later views of it are
 * named too. On PostgreSQL a tag is admitted only when the lock on the day's tags is free at once: an enquiry never
 * waits for the collector (its own count is named all the same).
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
  for (const [day, list] of tags) admitted.set(day, await admitTags(trx, engine, day, [...list], false, true));
  // The tag that brought an enquiry counts under its own name, admitted or not (issue 55): enquiries are few.
  const rows = tally(
    namedIfAdmitted(
      events,
      (day) => admitted.get(day),
      () => true,
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
 * one transaction at a time read and add. Without `wait`, PostgreSQL only tries the lock, and without it reads.
 * `beyondBound`: every tag is admitted, however many the day has (an enquiry's).
 */
export async function admitTags(
  trx: Kysely<Schema>,
  engine: Database["engine"],
  day: string,
  tags: readonly string[],
  wait: boolean,
  beyondBound = false,
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
  const unknown = tags.filter((tag) => !names.has(tag));
  const fresh = beyondBound ? unknown : unknown.slice(0, Math.max(0, sourcesPerDay - names.size));
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

/**
 * The events, a campaign tag their day has not admitted (`admitted`: its list, if known) as the other source; a
 * tag `always` names (a campaign link's, an enquiry's) under its own name whatever the day has admitted.
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
