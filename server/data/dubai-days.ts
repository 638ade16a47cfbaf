/** Days as the agency counts them: Dubai's (UTC+4 all year, no daylight saving), written YYYY-MM-DD. */

const hour = 60 * 60_000;
const day = 24 * hour;
const dubaiOffset = 4 * hour;

/** The last day worked out, by the start of its minute: the collector asks for each of thousands of beacons. */
let lastDay = { minute: Number.NaN, day: "" };

/** The Dubai day of a moment, YYYY-MM-DD. */
export function dubaiDay(at: number): string {
  const minute = Math.floor(at / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: new Date(at + dubaiOffset).toISOString().slice(0, 10) };
  return lastDay.day;
}

/** The moment a Dubai day (YYYY-MM-DD) begins, in milliseconds; NaN for a string that is no day. */
export function dubaiDayStart(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`) - dubaiOffset;
}

/** A moment as a Date whose UTC fields read as the clock in Dubai showed it (getUTCDay, toISOString…). */
export function dubaiClockDate(at: number): Date {
  return new Date(at + dubaiOffset);
}

/** The next moment after `now` when the clock in Dubai shows `dubaiHour`:00. */
export function nextDubaiHour(now: number, dubaiHour: number): number {
  const local = now + dubaiOffset;
  let target = local - (local % day) + dubaiHour * hour;
  if (target <= local) target += day;
  return target - dubaiOffset;
}

/** The day `count` days after (or, negative, before) a YYYY-MM-DD day. */
export function addDays(isoDay: string, count: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + count * day).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let current = first; current <= last; current = addDays(current, 1)) days.push(current);
  return days;
}

/**
 * A moment as the clock in Dubai showed it, "YYYY-MM-DD HH:MM" (with `:SS` when `seconds`): for exports and the
 * command line, which say beside it that the time is Dubai's.
 */
export function dubaiClock(iso: string, seconds = false): string {
  const local = dubaiClockDate(Date.parse(iso)).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, seconds ? 19 : 16)}`;
}
