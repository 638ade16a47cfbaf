/**
 * An enquiry as the office shows it: a row of the inbox's lists, the enquiry page's detail with its timeline, one
 * added by hand; and the mappers from the database's columns to them. The detail reads the enquiry through the
 * enquiries' own mapper (server/data/enquiries/rows.ts), so a column is named in one place for the inbox and the office.
 */
import type { EnquiryFieldValues } from "../../app/lib/forms/enquiry-fields";
import type { CameBy, EnquiryEventsTable, Stage } from "../data/schema";
import { readPhone } from "../data/enquiries/phone";
import { type EnquiryRow, fieldValues, fromRow } from "../data/enquiries/rows";
import type { DeliveryStatus } from "../data/enquiries/types";
import { serviceName } from "../../app/lib/forms/visa-service";

export const stages: readonly Stage[] = ["new", "contacted", "awaiting", "won", "lost"];
export type ReplyChannel = "call" | "whatsapp" | "email";

export interface ListRow {
  id: number;
  receivedAt: string;
  name: string;
  /** The service asked for (serviceName: the visa label picked, beside the value sent), or a contact's subject. */
  service: string;
  page: string | null;
  travelDate: string;
  stage: Stage;
  /** Why it was lost, for the Done list (issue 35, item 8); null unless lost. */
  lostReason: string | null;
  opened: boolean;
  delivery: DeliveryStatus;
}

export interface TimelineEvent {
  id: number;
  at: string;
  who: string | null;
  kind: EnquiryEventsTable["kind"];
  detail: string;
}

/**
 * An enquiry on its page: every field (app/lib/forms/enquiry-fields.ts; the phone as the visitor typed it, never
 * changed), what the office adds, and its timeline.
 */
export interface EnquiryDetail extends ListRow, EnquiryFieldValues {
  kind: "enquiry" | "contact";
  /** In international form (E.164), for Call and WhatsApp; null while flagged. */
  phoneInternational: string | null;
  /** Why the number needs a look, with the numbers it could be (server/data/enquiries/phone.ts); null when it is certain. */
  phoneFlag: { flag: "invalid" | "foreign-mobile"; candidates: string[] } | null;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  heldReason: string | null;
  /** Where the visit came from (app/lib/statistics/source.ts) and the device class, when known. */
  source: string | null;
  device: string | null;
  /** How an enquiry added by hand came; null for one sent from the site. */
  cameBy: CameBy | null;
  events: TimelineEvent[];
}

/** An enquiry someone in the office adds by hand (issue 35, item 6), as the add form's checks left it. */
export interface ByHand {
  name: string;
  /** As typed: read like a visitor's (international form, or flagged). */
  phone: string;
  email: string;
  /** One of the site's visa options, its value and label (app/lib/forms/visa-service.ts); empty when not said. */
  visaType: string;
  visaLabel: string | null;
  message: string;
  cameBy: CameBy;
}

/** The columns a list row is made from. */
export const listColumns = [
  "e.id",
  "e.received_at",
  "e.name",
  "e.kind",
  "e.visa_type",
  "e.visa_label",
  "e.subject",
  "e.page",
  "e.travel_date",
  "e.stage",
  "e.lost_reason",
  "e.opened_at",
  "o.status",
] as const;

export function toListRow(row: {
  id: number;
  received_at: string;
  name: string;
  kind: string;
  visa_type: string;
  visa_label: string | null;
  subject: string;
  page: string | null;
  travel_date: string;
  stage: Stage;
  lost_reason: string | null;
  opened_at: string | null;
  status: DeliveryStatus;
}): ListRow {
  return {
    id: row.id,
    receivedAt: row.received_at,
    name: row.name,
    service: serviceOf(row),
    page: row.page,
    travelDate: row.travel_date,
    stage: row.stage,
    lostReason: row.stage === "lost" ? row.lost_reason : null,
    opened: row.opened_at !== null,
    delivery: row.status,
  };
}

/** What the office, the digest and the replies call the service: one name everywhere (serviceName, issue 35). */
function serviceOf(row: { kind: string; visa_type: string; visa_label: string | null; subject: string }): string {
  if (row.visa_type) return serviceName(row.visa_type, row.visa_label);
  if (row.subject) return row.subject;
  return row.kind === "contact" ? "Contact message" : "Enquiry";
}

/** The enquiry page's detail of an enquiry and its outbox row (selectEnquiries), with its timeline. */
export function toDetail(row: EnquiryRow, events: TimelineEvent[]): EnquiryDetail {
  // The enquiry as the inbox reads it (its export and mail too: the same mapper, rows.ts), with what the office adds.
  const enquiry = fromRow(row);
  const { kind, attempts, lastError, sentAt, heldReason, source, device, cameBy } = enquiry;
  return {
    ...toListRow(row),
    ...fieldValues(row),
    kind,
    phoneInternational: row.phone_international,
    phoneFlag: row.phone_flag ? { flag: row.phone_flag, candidates: readPhone(row.phone).candidates } : null,
    attempts,
    lastError,
    sentAt,
    heldReason,
    source,
    device,
    cameBy,
    events,
  };
}
