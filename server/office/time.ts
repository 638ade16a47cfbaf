import { plural } from "../words";

/** Dates and times in the office: always Dubai's (Asia/Dubai, UTC+4 all year). */
const dubai = "Asia/Dubai";

const full = new Intl.DateTimeFormat("en-GB", {
  timeZone: dubai,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: dubai, day: "numeric", month: "short" });

/** "Tue 24 Nov 2026, 12:05": the full date and time in Dubai. */
export function dubaiDateTime(iso: string): string {
  return full.format(new Date(iso)).replace(/^(\w+), /, "$1 ");
}

/** "just now", "5 min ago", "1 hour ago", "3 days ago", then the day ("24 Nov"): for lists. */
export function ago(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, "hour")} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${plural(days, "day")} ago`;
  return dayMonth.format(new Date(iso));
}
