import type { StoredEnquiry } from "./types";

const columns: [string, (enquiry: StoredEnquiry) => string | number | null][] = [
  ["id", (e) => e.id],
  ["received_at", (e) => e.receivedAt],
  ["kind", (e) => e.kind],
  ["name", (e) => e.name],
  ["email", (e) => e.email],
  ["phone", (e) => e.phone],
  ["visa_type", (e) => e.visaType],
  ["travel_date", (e) => e.date],
  ["adult", (e) => e.adult],
  ["child", (e) => e.child],
  ["subject", (e) => e.subject],
  ["message", (e) => e.message],
  ["delivery", (e) => e.status],
  ["attempts", (e) => e.attempts],
  ["sent_at", (e) => e.sentAt],
  ["last_error", (e) => e.lastError],
  ["held_reason", (e) => e.heldReason],
];

/**
 * One CSV cell (RFC 4180 quoting). Text a spreadsheet would run as a formula (= + - @, and tab or carriage return,
 * which some spreadsheets strip before looking) gets a leading single quote, so opening the export runs nothing.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(enquiries: StoredEnquiry[]): string {
  const lines = [columns.map(([name]) => name).join(",")];
  for (const enquiry of enquiries) lines.push(columns.map(([, get]) => csvCell(get(enquiry))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
