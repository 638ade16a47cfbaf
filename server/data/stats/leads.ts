/**
 * How fast the agency answers and what its answers win (issue 37): the time from an enquiry to its first contact, and
 * the enquiries won per source and per page. Read from the enquiries and their timelines, not from the counted
 * visits: a cohort of the enquiries received in the period, as they stand now.
 */
import type { DayOfWeek, OpeningHours } from "../../../app/lib/structured-data";
import type { Database } from "../database";
import { addDays, dubaiClockDate, dubaiDay, dubaiDayStart } from "../dubai-days";

/** What on an enquiry's timeline is a contact: a tap on Call, WhatsApp or E-mail, or a move past New that is not Lost. */
export const contactKinds = ["call", "whatsapp", "email"] as const;
export const contactStages = ["contacted", "awaiting", "won"] as const;

/** The times to a first contact of a group of enquiries, in whole minutes. */
export interface ContactTimes {
  /** Enquiries received. */
  enquiries: number;
  /** Of them, contacted so far. */
  contacted: number;
  /** Of those contacted: half were answered within this many minutes; null when none was. */
  medianMinutes: number | null;
  /** Nine in ten were answered within this many minutes; null when none was. */
  p90Minutes: number | null;
}

/** Enquiries received in the agency's opening hours, and outside them. */
export interface ByHours {
  inHours: ContactTimes;
  outside: ContactTimes;
}

export interface Leads {
  firstContact: ByHours & {
    /** Each week (Monday to Sunday, Dubai) that overlaps the period, oldest first, the first and last maybe in part. */
    weeks: ({ week: string } & ByHours)[];
  };
  /** Enquiries from the site received in the period and won by now, per source and per page (as stored). */
  wonBySource: Map<string, number>;
  wonByPage: Map<string, number>;
}

/** One enquiry as the figures need it. */
export interface LeadRow {
  receivedAt: string;
  /** The first contact's moment (ISO 8601), or null. */
  firstContact: string | null;
  source: string | null;
  page: string | null;
  won: boolean;
}

const minute = 60_000;
const weekDays: readonly DayOfWeek[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Start of a Dubai day as an ISO moment. */
const dayStart = (day: string) => new Date(dubaiDayStart(day)).toISOString();

/**
 * The enquiries from the site received from the start of `from` to the end of `to` (Dubai days), with their first
 * contacts. Held spam and enquiries added by hand in the office (met in person, or already talking) are left out.
 */
export async function leadRows(database: Database, from: string, to: string): Promise<LeadRow[]> {
  const rows = await database.db
    .selectFrom("enquiries as e")
    .leftJoin("outbox as o", "o.enquiry_id", "e.id")
    .leftJoin("enquiry_events as v", (join) =>
      join
        .onRef("v.enquiry_id", "=", "e.id")
        .on((eb) =>
          eb.or([
            eb("v.kind", "in", contactKinds),
            eb.and([eb("v.kind", "=", "stage"), eb("v.detail", "in", contactStages)]),
          ]),
        ),
    )
    .select((eb) => ["e.received_at", "e.source", "e.page", "e.stage", eb.fn.min("v.at").as("first_contact")])
    .where("e.received_at", ">=", dayStart(from))
    .where("e.received_at", "<", dayStart(addDays(to, 1)))
    .where("e.came_by", "is", null)
    .where((eb) => eb.or([eb("o.status", "is", null), eb("o.status", "!=", "held")]))
    .groupBy(["e.id", "e.received_at", "e.source", "e.page", "e.stage"])
    .execute();
  return rows.map((row) => ({
    receivedAt: row.received_at,
    firstContact: row.first_contact ?? null,
    source: row.source,
    page: row.page,
    won: row.stage === "won",
  }));
}

/** Whether the agency was open at a moment, by its opening hours (Dubai time). */
export function inOpeningHours(hours: OpeningHours, at: number): boolean {
  const local = dubaiClockDate(at);
  const day = weekDays[local.getUTCDay()];
  if (day === undefined || !hours.days.includes(day)) return false;
  const clock = local.toISOString().slice(11, 16);
  return clock >= hours.opens && clock < hours.closes;
}

/** The Monday (Dubai) of a day's week. */
export function weekOf(day: string): string {
  const weekDay = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekDay + 6) % 7));
}

/** The `share` (0–1) percentile by nearest rank: the smallest value at least that share of the values reach. */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? null;
}

/** The figures of the rows of the days from `from` to `to`. */
export function leadsOf(rows: readonly LeadRow[], hours: OpeningHours, from: string, to: string): Leads {
  const groups = new Map<string, { inHours: Group; outside: Group }>();
  for (let week = weekOf(from); week <= to; week = addDays(week, 7))
    groups.set(week, { inHours: group(), outside: group() });
  const all = { inHours: group(), outside: group() };
  const wonBySource = new Map<string, number>();
  const wonByPage = new Map<string, number>();
  for (const row of rows) {
    const received = Date.parse(row.receivedAt);
    const place = inOpeningHours(hours, received) ? "inHours" : "outside";
    const minutes =
      row.firstContact === null ? null : Math.max(0, Math.round((Date.parse(row.firstContact) - received) / minute));
    const week = groups.get(weekOf(dubaiDay(received)));
    for (const into of [all[place], week?.[place]]) {
      if (!into) continue;
      into.enquiries += 1;
      if (minutes !== null) into.minutes.push(minutes);
    }
    if (row.won) {
      wonBySource.set(row.source ?? "", (wonBySource.get(row.source ?? "") ?? 0) + 1);
      wonByPage.set(row.page ?? "", (wonByPage.get(row.page ?? "") ?? 0) + 1);
    }
  }
  return {
    firstContact: {
      ...times(all),
      weeks: [...groups].map(([week, byHours]) => ({ week, ...times(byHours) })),
    },
    wonBySource,
    wonByPage,
  };
}

interface Group {
  enquiries: number;
  minutes: number[];
}

function group(): Group {
  return { enquiries: 0, minutes: [] };
}

function times({ inHours, outside }: { inHours: Group; outside: Group }): ByHours {
  return { inHours: timesOf(inHours), outside: timesOf(outside) };
}

function timesOf({ enquiries, minutes }: Group): ContactTimes {
  const sorted = [...minutes].sort((a, b) => a - b);
  return {
    enquiries,
    contacted: sorted.length,
    medianMinutes: percentile(sorted, 0.5),
    p90Minutes: percentile(sorted, 0.9),
  };
}
