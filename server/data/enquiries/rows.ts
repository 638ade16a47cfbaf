/**
 * An enquiry as it is stored: the columns a submission is written to, the one select that reads an enquiry with its
 * outbox row, and the one mapper from those columns to an enquiry, which the inbox, the owner's export and the
 * office's enquiry page (server/office/enquiry-rows.ts) all read through.
 */
import type { Insertable, Kysely, Selectable } from "kysely";
import {
  enquiryFieldList,
  type EnquiryFieldColumns,
  type EnquiryFieldValues,
} from "../../../app/lib/forms/enquiry-fields";
import type { CameBy, EnquiriesTable, OutboxTable, Schema } from "../schema";
import { readPhone } from "./phone";
import type { StoredEnquiry, Submission } from "./types";

/** What an enquiry's row is made of: the submission, and what is known of the visit that sent it. */
export interface EnquiryInput {
  submission: Submission;
  /** The path of the site's page it was sent from, when known. */
  page?: string | null;
  /** Where the visit came from, when the form said. */
  source?: string | null;
  /** Phone, tablet or desktop. */
  device?: string | null;
  /**
   * Added by hand in the office (issue 35, item 6): how it came. Never mailed (the outbox's 'office' state) and
   * never counted by the statistics, which count what the site brings.
   */
  cameBy?: CameBy | null;
  /**
   * The key the form sent it with (the Idempotency-Key header, issue 38): a send tried again with the same key finds
   * the enquiry stored the first time (store.ts, addMany).
   */
  key?: string | null;
}

/** An enquiry's row with its outbox row (less the lease, which is the mail worker's business). */
export type EnquiryRow = Selectable<EnquiriesTable> &
  Omit<Selectable<OutboxTable>, "enquiry_id" | "lease_owner" | "lease_until">;

/** The number in international form beside the number as typed, which is stored as it came (issue 35). */
function phoneColumns(typed: string) {
  const { international, flag } = readPhone(typed);
  return { phone_international: international, phone_flag: flag };
}

/**
 * The columns of an enquiry's fields (app/lib/forms/enquiry-fields.ts): each field's value in its column, an optional
 * one null when not known.
 */
export function fieldColumns(values: Submission): EnquiryFieldColumns {
  const row: Record<string, string | null> = {};
  for (const { name, column, optional } of enquiryFieldList) row[column] = values[name] ?? (optional ? null : "");
  return row as EnquiryFieldColumns;
}

/** An enquiry's fields read back from their columns. */
export function fieldValues(row: EnquiryFieldColumns): EnquiryFieldValues {
  const values: Record<string, string | null> = {};
  for (const { name, column } of enquiryFieldList) values[name] = row[column as keyof EnquiryFieldColumns];
  return values as EnquiryFieldValues;
}

/** The enquiries row of a submission received at `now`. */
export function toRow(
  { submission, page, source, device, cameBy, key }: EnquiryInput,
  now: Date,
): Insertable<EnquiriesTable> {
  return {
    ...phoneColumns(submission.phone),
    received_at: now.toISOString(),
    kind: submission.kind,
    ...fieldColumns(submission),
    page: page ?? null,
    source: source ?? null,
    device: device ?? null,
    came_by: cameBy ?? null,
    submission_key: key ?? null,
  };
}

/** The enquiries (e) with their outbox rows (o), every column fromRow reads. */
export function selectEnquiries(db: Kysely<Schema>) {
  return db
    .selectFrom("enquiries as e")
    .innerJoin("outbox as o", "o.enquiry_id", "e.id")
    .selectAll("e")
    .select([
      "o.status",
      "o.attempts",
      "o.rejections",
      "o.next_attempt_at",
      "o.last_error",
      "o.sent_at",
      "o.held_reason",
    ]);
}

export function fromRow(row: EnquiryRow): StoredEnquiry {
  return {
    id: row.id,
    receivedAt: row.received_at,
    kind: row.kind,
    ...fieldValues(row),
    status: row.status,
    attempts: row.attempts,
    rejections: row.rejections,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    heldReason: row.held_reason,
    page: row.page,
    source: row.source,
    device: row.device,
    cameBy: row.came_by,
  };
}
