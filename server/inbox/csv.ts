import type { StoredEnquiry } from "./types";

const columns: [string, (enquiry: StoredEnquiry) => string | number | null][] = [
  ["id", (e) => e.id],
  ["received_at", (e) => e.receivedAt],
  ["kind", (e) => e.kind],
  ["name", (e) => e.name],
  ["email", (e) => e.email],
  ["phone", (e) => e.phone],
  ["visa_type", (e) => e.visaType],
  // The label of the visa option the visitor picked, beside the value sent (issue 35); empty when not known.
  ["visa_label", (e) => e.visaLabel],
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
  // How an enquiry added by hand in the office came (issue 35): empty for one sent from the site.
  ["came_by", (e) => e.cameBy],
];

/**
 * One CSV cell, as OWASP advises against formula injection. Text a spreadsheet would run as a formula (starting
 * with = + - @, tab or carriage return, after any leading spaces, which spreadsheets skip) gets a leading single
 * quote, so opening the export runs nothing; a phone number written +971… becomes '+971… too. A cell holding a
 * separator of either kind (comma, or the semicolon of spreadsheets set to split on it), a double quote or a line
 * break is quoted (RFC 4180), so no part of it can become a cell of its own.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^\s*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(enquiries: StoredEnquiry[]): string {
  const lines = [columns.map(([name]) => name).join(",")];
  for (const enquiry of enquiries) lines.push(columns.map(([, get]) => csvCell(get(enquiry))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
