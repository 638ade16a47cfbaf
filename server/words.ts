/*
 * How the server words counts and days for people (the back office, its mail, the inbox's log): one helper each,
 * used everywhere, so that no page says "1 enquiries" or "2026-12-07".
 */

/**
 * A count with its noun, the count in the agency's way of writing numbers: "1 enquiry", "2 enquiries",
 * "1,250 enquiries", "0 enquiries". The plural is the singular with an s unless given ("enquiry", "enquiries").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

const calendar = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });

/**
 * A calendar day as people write it, "7 Dec 2026", from the form's date field ("2026-12-07", what a date input
 * sends). The day itself, not a moment: no time zone moves it. Anything else (a date typed another way, from a
 * client without a date input) is given back as it came.
 */
export function calendarDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 is no day: shown as typed rather than as 2 March.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return value;
  return calendar.format(date);
}

/** A number in the agency's way of writing numbers, "1,250": for tables and totals, where the noun is beside it. */
export function figure(value: number): string {
  return value.toLocaleString("en-GB");
}

const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });

/** A calendar day (YYYY-MM-DD) without its year, "7 Dec": for charts and tables of a period of weeks. */
export function dayAndMonth(isoDay: string): string {
  return dayMonth.format(new Date(`${isoDay}T00:00:00Z`));
}
