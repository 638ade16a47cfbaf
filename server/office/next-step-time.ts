/**
 * When a next step is due (issue 37): the quick picks, a date and time typed in the office read as Dubai's (UTC+4
 * all year, whatever the browser's own zone), and how the office says how far off or overdue a step is.
 */
import { addDays, dubaiDay } from "../data/dubai-days";
import { plural } from "../words";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** The quick picks, and "date": the date and time typed. */
export const picks = ["hour", "tomorrow", "week", "date"] as const;
export type Pick = (typeof picks)[number];

/** The most a next step's note holds, in characters. */
export const longestStepNote = 200;

/** How far back a typed date may be: a step a little in the past is due at once; one a year back is a typo. */
export const furthestBack = 7 * day;
/** How far ahead a typed date may be. */
export const furthestAhead = 366 * day;

/** A Dubai day's hour as a moment. */
const atDubai = (isoDay: string, time: string) => Date.parse(`${isoDay}T${time}:00+04:00`);

/**
 * The moment of a quick pick at `now`: "in 1 hour" (to the minute); "tomorrow 10:00" (Dubai); "next week", the next
 * Monday at 10:00 (Dubai), the agency's week starting on Monday (the UAE's weekend is Saturday and Sunday): from
 * any day of a week, the Monday of the week after it; on a Sunday that is the next day.
 */
export function quickPick(pick: Exclude<Pick, "date">, now: number): number {
  if (pick === "hour") return Math.floor((now + hour) / minute) * minute;
  const today = dubaiDay(now);
  if (pick === "tomorrow") return atDubai(addDays(today, 1), "10:00");
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const toMonday = (8 - weekday) % 7 || 7;
  return atDubai(addDays(today, toMonday), "10:00");
}

/**
 * A date and time as an `<input type="datetime-local">` sends it ("2026-11-26T15:30"), read as Dubai's: the
 * moment, or what is wrong with it in words. Allowed from a week ago (due at once) to a year ahead.
 */
export function readDubaiDateTime(typed: string, now: number): { at: number } | { problem: string } {
  const value = typed.trim();
  if (value === "") return { problem: "Pick a date and time, or tap one of the quick picks." };
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value);
  if (!match) return { problem: "Write the date and time as 2026-11-26 15:30." };
  const [, year, month, date, hours, minutes] = match as unknown as [string, string, string, string, string, string];
  const at = Date.parse(`${year}-${month}-${date}T${hours}:${minutes}:00+04:00`);
  // 2026-02-30 or 25:00 is no moment: Date.parse says NaN or moves it, which the round trip catches.
  const back = Number.isNaN(at) ? "" : new Date(at + 4 * hour).toISOString();
  if (back.slice(0, 16) !== `${year}-${month}-${date}T${hours}:${minutes}`) {
    return { problem: `There is no ${value.replace("T", " ")}: check the day and the time.` };
  }
  if (at < now - furthestBack) return { problem: "That is more than a week ago: pick a date from today on." };
  if (at > now + furthestAhead) return { problem: "That is more than a year ahead: pick a nearer date." };
  return { at };
}

/** The value an `<input type="datetime-local">` shows for a moment, in Dubai time ("2026-11-26T15:30"). */
export function dubaiInputValue(at: number): string {
  return new Date(at + 4 * hour).toISOString().slice(0, 16);
}

/** How long, in words: "5 min", "3 hours", "2 days". */
function span(ms: number): string {
  const minutes = Math.floor(ms / minute);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, "hour");
  return plural(Math.floor(hours / 24), "day");
}

/** "due now", "overdue by 2 days", or "in 3 hours": a step's moment seen from `now`. */
export function dueWords(dueAt: string, now: number): string {
  const late = now - Date.parse(dueAt);
  if (late >= 0) return late < minute ? "due now" : `overdue by ${span(late)}`;
  return -late < minute ? "due in a minute" : `in ${span(-late + minute - 1)}`;
}
