import { enquiryFieldList } from "../../../app/lib/forms/enquiry-fields";
import { dubaiClock } from "../dubai-days";
import type { ExportedEnquiry, ExportedNote } from "./types";

/** A note as the exports write it: "2026-01-02 10:30, Mariam: Called twice" (Dubai time). */
export function noteLine(note: ExportedNote): string {
  return `${dubaiClock(note.at)}${note.who ? `, ${note.who}` : ""}: ${note.text}`;
}

type Column = [string, (enquiry: ExportedEnquiry) => string | number | null];

/**
 * The CSV's columns: every one, always, in this order, so a script that reads the file finds them (the
 * spreadsheet, server/office/xlsx.ts, leaves out the empty ones). Times are Dubai's, and their names say so.
 */
const columns: Column[] = [
  ["id", (e) => e.id],
  ["received_at_dubai_time", (e) => dubaiClock(e.receivedAt, true)],
  ["kind", (e) => e.kind],
  // Every field (app/lib/forms/enquiry-fields.ts), named by its column, as stored: the visa label beside the value
  // sent (issue 35), empty when not known.
  ...enquiryFieldList.map(({ name, column }): Column => [column, (e) => e[name] ?? null]),
  // How the office worked it (issue 35, item 7).
  ["status", (e) => e.stage],
  ["lost_reason", (e) => e.lostReason],
  ["notes", (e) => e.notes.map(noteLine).join("\n")],
  ["worked_by", (e) => e.workedBy.join(", ")],
  ["page", (e) => e.page],
  ["source", (e) => e.source],
  ["device", (e) => e.device],
  ["delivery", (e) => e.status],
  ["attempts", (e) => e.attempts],
  ["sent_at_dubai_time", (e) => (e.sentAt ? dubaiClock(e.sentAt, true) : null)],
  ["last_error", (e) => e.lastError],
  ["held_reason", (e) => e.heldReason],
  // How an enquiry added by hand in the office came (issue 35): empty for one sent from the site.
  ["came_by", (e) => e.cameBy],
  // The next step still to do (issue 37): last, after the columns scripts already read by position.
  ["next_step_at_dubai_time", (e) => (e.nextStep ? dubaiClock(e.nextStep.at, true) : null)],
  ["next_step_note", (e) => e.nextStep?.note ?? null],
  // The number in international form, as corrected in the office where it was (issue 59, item 2); `phone` is as typed.
  ["phone_international", (e) => e.phoneInternational],
  // What was paid on its cases, refunds subtracted, in dirhams with two decimals (issue 58); empty when nothing was.
  ["paid_aed_net", (e) => (e.paidFils === null ? null : (e.paidFils / 100).toFixed(2))],
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

/**
 * The CSV: a header, then one line per enquiry, lines ended CRLF (RFC 4180). It starts with a UTF-8 byte order
 * mark: without it Excel reads the file in the computer's own code page and shows Arabic and "Niño" garbled.
 */
export function toCsv(enquiries: ExportedEnquiry[]): string {
  const lines = [columns.map(([name]) => name).join(",")];
  for (const enquiry of enquiries) lines.push(columns.map(([, get]) => csvCell(get(enquiry))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
