import type { Generated } from "kysely";
import type { EnquiryFieldColumns } from "../../app/lib/forms/enquiry-fields";

/* The tables, as both engines hold them (server/data/migrations). Times the outbox compares are milliseconds since
 * the epoch (numbers); times shown to people are ISO 8601 text. */

/**
 * An enquiry: the columns of its fields (name, email, phone, visa_type, visa_label, travel_date, adult, child, subject,
 * message), named in their description (app/lib/forms/enquiry-fields.ts), and what the site and the office add.
 */
export interface EnquiriesTable extends EnquiryFieldColumns {
  id: Generated<number>;
  received_at: string;
  kind: "enquiry" | "contact";
  /** How the agency is working it (server/office). */
  stage: Generated<Stage>;
  /** Why it was lost, when it was. */
  lost_reason: string | null;
  /** When someone in the office first opened it; null while unopened. */
  opened_at: string | null;
  /** The path of the site's page it was sent from, when known. */
  page: string | null;
  /** Where the visit that sent it came from (app/lib/statistics/source.ts), when the form said. */
  source: string | null;
  /** Phone, tablet or desktop (server/device-class.ts). */
  device: string | null;
  /**
   * The phone number in international form (E.164), beside `phone` as typed, which is never changed; null while
   * `phone_flag` says why it is not known (server/data/enquiries/phone.ts, issue 35).
   */
  phone_international: string | null;
  /** "invalid" or "foreign-mobile" until someone corrects the number; null when it is certain (or empty). */
  phone_flag: "invalid" | "foreign-mobile" | null;
  /** How an enquiry added by hand in the office came (issue 35, item 6); null for one sent from the site. */
  came_by: CameBy | null;
  /** The next step someone in the office set (issue 37): when (ISO 8601, UTC), a short note, and who set it. */
  next_step_at: string | null;
  next_step_note: string | null;
  next_step_by: number | null;
  /** When the due step's alert went out; null until then, and again whenever the step is set anew. */
  next_step_alerted_at: string | null;
  /** A repeat visitor's earlier open enquiry this one was linked to when it came (issue 37); null for none. */
  earlier_id: number | null;
  /** The key its form sent it with (Idempotency-Key, issue 38): one enquiry per key; null when sent without. */
  submission_key: string | null;
}

/** How an enquiry added by hand came: someone at the counter, a phone call, a WhatsApp chat, anything else. */
export type CameBy = "walk-in" | "phone" | "whatsapp" | "other";

/** New → Contacted → Awaiting documents → Won, or Lost (with a reason). */
export type Stage = "new" | "contacted" | "awaiting" | "won" | "lost";

export interface OutboxTable {
  enquiry_id: number;
  /** 'office': added by hand in the office, never mailed (migration 11). */
  status: "pending" | "sent" | "rejected" | "held" | "office";
  attempts: Generated<number>;
  /** Permanent (5xx) refusals among the attempts. */
  rejections: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: string | null;
  held_reason: string | null;
  /** The server mailing it now, until lease_until (ms since the epoch); null when nobody is. */
  lease_owner: string | null;
  lease_until: number | null;
}

/** Secrets a server makes once and every server shares (the spam guard's signing keys). */
export interface SecretsTable {
  name: string;
  value: string;
}

/** Submissions per address in the current minute (the rate limit, shared by every server). */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Proofs of work already accepted, until they expire: each is good once, on any server. */
export interface UsedProofsTable {
  signature: string;
  expires_at: number;
}

/** Which migrations have been applied (server/data/migrate.ts). */
export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

export type Role = "owner" | "staff";

/** The agency's people: owners do everything in the office, staff work the enquiries. Never deleted: revoked. */
export interface PeopleTable {
  id: Generated<number>;
  name: string;
  role: Role;
  /** The WebAuthn user handle (random, base64url). */
  handle: string;
  created_at: string;
  revoked_at: string | null;
}

/** A person's passkeys, one per device (or password manager). */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  person_id: number;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports. */
  transports: string;
  /** Which device, as its browser named itself when it was added. */
  label: string;
  created_at: string;
  last_used_at: string | null;
}

/** One-time links to add a passkey for a person; the token itself is only in the link. */
export interface InvitationsTable {
  token_hash: string;
  person_id: number;
  /** Who invited them; null for the server command. */
  created_by: number | null;
  created_at: string;
  expires_at: number;
  used_at: string | null;
}

/** Signed-in browsers; the cookie holds the id, the database its hash. Times in ms since the epoch. */
export interface SessionsTable {
  id_hash: string;
  person_id: number;
  created_at: number;
  seen_at: number;
  /** The last passkey check (sign-in or a fresh confirmation). */
  verified_at: number;
  /** The token every form of this session carries. */
  csrf: string;
  label: string;
  /** The passkey that began it (sign-in or enrolment); null for sessions older than migration 7. */
  passkey_id: string | null;
}

/** Passkey challenges, each usable once, on any server, until it expires. */
export interface ChallengesTable {
  id: string;
  challenge: string;
  purpose: "sign-in" | "enrol" | "add" | "confirm";
  person_id: number | null;
  /** For enrolment: the invitation it answers. */
  token_hash: string | null;
  expires_at: number;
}

/** An enquiry's timeline: opened, contacted by phone/WhatsApp/e-mail, stage changes, notes. Append-only. */
export interface EnquiryEventsTable {
  id: Generated<number>;
  enquiry_id: number;
  at: string;
  person_id: number | null;
  /**
   * `call`, `whatsapp`, `email`: a reply opened, the name of the ready text it carried in `detail` ("" for the
   * greeting: issue 37); `phone`: the number corrected in the office, its international form in `detail`;
   * `corrected-email`: the address corrected, `{"from","to"}` in `detail`; `added`: added by hand, how it came in
   * `detail`; `spam`: marked as spam;
   * `next-step`: a next step set, `{"at","note"}` in `detail`; `next-step-done` and `next-step-cleared`: the same
   * of the step done or cleared; `wrote-again`: a later enquiry came with this one's phone number or e-mail address,
   * `{"id","same"}` (that enquiry, and what matched: "phone" and/or "email"), by the server (no person); before issue
   * 55 it was `{"id","from"}`, `from` the stage this one was moved back to New from (or null).
   */
  kind:
    | "opened"
    | "call"
    | "whatsapp"
    | "email"
    | "stage"
    | "note"
    | "not-spam"
    | "resend"
    | "phone"
    | "corrected-email"
    | "added"
    | "spam"
    | "next-step"
    | "next-step-done"
    | "next-step-cleared"
    | "wrote-again";
  detail: string;
}

/** What people did that the owner may need to account for: sign-ins, invitations, revocations, exports, erasures. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  person_id: number | null;
  action: string;
  detail: string;
}

/** A daily job done by one server: the digest of a day, the clean-up of a night. */
export interface ChoresTable {
  name: "digest" | "retention";
  /** The Dubai day, YYYY-MM-DD. */
  day: string;
  done_at: string;
}

/** What the statistics count: a page shown, the not-found page shown (at any path), an enquiry sent (from its page). */
export type StatKind = "view" | "missing" | "enquiry";

/**
 * Counted things, kept 90 days (server/stats): one row per day, kind, page, source and device class (its key since
 * migration 8), `count` the things counted with it; nothing else is kept, so nothing tells them apart. `route` is the page's path, '(other)' for any
 * address that is not a page of the site, or '' unknown (server/data/stats/bounds.ts).
 */
export interface StatEventsTable {
  /** The Dubai day, YYYY-MM-DD. */
  day: string;
  kind: StatKind;
  route: string;
  source: string;
  device: string;
  count: number;
}

/** Daily totals of stat_events older than 90 days, kept 25 months: one row per day and key. */
export type StatDaysTable = StatEventsTable;

/** A page load's Core Web Vital: one row per web-vitals metric id, holding its final value. Kept 90 days. */
export interface StatVitalsTable {
  id: string;
  day: string;
  route: string;
  device: string;
  metric: "LCP" | "INP" | "CLS" | "FCP" | "TTFB";
  value: number;
}

/** A campaign tag a day counts under its own name: the day's first 200 (server/data/stats/bounds.ts, issue 34). */
export interface StatSourcesTable {
  day: string;
  source: string;
}

/** A campaign link the owner made in the office (issue 55, migration 17): its tag always counts under its name. */
export interface CampaignLinksTable {
  id: Generated<number>;
  name: string;
  /** The link's `utm_source`: unique, a campaign tag (app/lib/statistics/source.ts) none of the known sources. */
  tag: string;
  /** The page of the site the link opens (app/lib/paths.ts). */
  path: string;
  created_at: string;
  created_by: number | null;
  /** Set when the owner removed it: the row stays, so past statistics still name the campaign. */
  removed_at: string | null;
}

/** A device a person turned alerts on for (issue 37): its push service's address and the keys to encrypt to. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  person_id: number;
  /** Where its push service takes messages for it: unique, one row per device and browser. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), RFC 8291. */
  p256dh: string;
  auth: string;
  /** Which device, as its browser named itself. */
  label: string;
  created_at: string;
  last_success_at: string | null;
  last_failure_at: string | null;
  last_error: string | null;
}

/** Alerts to send, one row per device, deleted once sent (server/push/worker.ts). Times in ms since the epoch. */
export interface PushQueueTable {
  id: Generated<number>;
  subscription_id: number;
  title: string;
  body: string;
  /** The office page a tap opens. */
  url: string;
  created_at: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  /** The server sending it now, until lease_until; null when nobody is. */
  lease_owner: string | null;
  lease_until: number | null;
}

/** Where a traveller's visa stands, in their words (issue 56); `closed`: the case is over (its link lasts 30 days). */
export type CaseStage =
  "papers-needed" | "papers-complete" | "applied" | "approved" | "visa-ready" | "need-more" | "closed";

/** Which papers a service needs (server/papers/checklist.ts, content/office/papers.yaml). */
export type CaseKind = "visit-visa" | "transit-visa" | "visa-change" | "package" | "other";

/** A traveller's case (issue 56, migration 18): started from an enquiry in the office, followed on their own page. */
export interface CasesTable {
  id: Generated<number>;
  enquiry_id: number | null;
  name: string;
  phone: string | null;
  email: string | null;
  /** The service as the office shows it ("Dubai Tourist Visa"). */
  service: string;
  kind: CaseKind;
  travel_date: string | null;
  stage: CaseStage;
  /** What the traveller is told with the stage: for `need-more`, what else is needed and why. */
  stage_note: string | null;
  created_at: string;
  created_by: number | null;
  closed_at: string | null;
  /** The private link's SHA-256 (hex); null while none is sent, or once revoked. The link itself is never kept. */
  link_hash: string | null;
  link_issued_at: string | null;
  /** When the nightly clean-up deleted the papers of the closed case (DOCUMENTS_KEEP_DAYS after closing). */
  files_deleted_at: string | null;
}

/** The passport's fields as the traveller (or the office) confirmed them, sealed (issue 57, migration 22). */
export interface CasePassportsTable {
  case_id: number;
  how: "read" | "corrected" | "typed" | "office-read" | "office-typed";
  /** The problems found, as codes, comma-separated (server/papers/passport/rules.ts ProblemCode). */
  problems: Generated<string>;
  paper_id: string | null;
  key_id: string;
  wrapped_key: Buffer;
  /** The fields as JSON, sealed. */
  data: Buffer;
  confirmed_at: string;
  confirmed_by: number | null;
}

/** A traveller's device told when their visa moves (Web Push): its subscription, for one case (migration 19). */
export interface CasePushTable {
  id: Generated<number>;
  case_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  last_error: string | null;
}

/**
 * A case's timeline, append-only: `started`, `link` (sent anew), `link-revoked`, `stage` (`{"stage","note"}`),
 * `paper-sent`, `paper-accepted`, `paper-returned` (`{"paper","reason"}`), `paper-viewed`, `paper-downloaded` and
 * `paper-glimpsed` (a thumbnail; at most one an hour for each person and paper) (who opened which paper in the
 * office), `files-deleted`, `twin-detached` (a second open case of one enquiry, untied by migration 19).
 */
export interface CaseEventsTable {
  id: Generated<number>;
  case_id: number;
  at: string;
  person_id: number | null;
  kind: string;
  detail: Generated<string>;
}

/** A paper: what may be shown without opening it, and its bytes sealed (server/data/cases/vault.ts). */
export interface CasePapersTable {
  /** Random (32 hex digits): it is in the paper's address. */
  id: string;
  case_id: number;
  /** The checklist's paper (server/papers/checklist.ts), or `visa` for the visa the office uploads. */
  paper_key: string;
  /** A display name, never a path (server/papers/inspect.ts). */
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  /** SHA-256 of the bytes kept (hex). */
  sha256: string;
  status: "sent" | "accepted" | "returned";
  /** Why it was sent back, as the traveller reads it. */
  reason: string | null;
  sent_at: string;
  /** Who in the office uploaded it; null for the traveller. */
  sent_by: number | null;
  reviewed_at: string | null;
  reviewed_by: number | null;
  key_id: string | null;
  wrapped_key: Buffer | null;
  data: Buffer | null;
  deleted_at: string | null;
}

/** A resumable upload (tus) while it comes in; its chunks are sealed under its own key as they arrive. */
export interface CaseUploadsTable {
  id: string;
  case_id: number;
  paper_key: string;
  name: string;
  /** The whole upload's bytes, as announced (Upload-Length). */
  length: number;
  /** The bytes received so far (the tus offset). */
  received: Generated<number>;
  /** The paper it became, once whole and kept; its chunks are then deleted. */
  paper_id: string | null;
  key_id: string;
  wrapped_key: Buffer;
  created_at: string;
  updated_at: string;
}

export interface CaseUploadChunksTable {
  upload_id: string;
  /** Where the chunk starts in the upload. */
  at_byte: number;
  data: Buffer;
}

/** A tax invoice or credit note (issue 58, migration 20): numbered at issue, its content frozen then. */
export interface InvoicesTable {
  id: Generated<number>;
  kind: "invoice" | "credit-note";
  /** "INV-000001", "CN-000001": the kind's prefix and its sequence. */
  number: string;
  sequence: number;
  case_id: number;
  /** The payment's id as the payments keep it; null for one issued by hand. Unique per kind. */
  payment_ref: string | null;
  /** A credit note: the invoice it corrects, and why. */
  credited_invoice_id: number | null;
  reason: string | null;
  issued_at: string;
  /** The date of supply, YYYY-MM-DD (Dubai). */
  supplied_on: string;
  customer_name: string;
  /** JSON: [{ label, amountFils, vat }]. */
  lines: string;
  /** The lines with VAT, without it: their sum minus vat_fils (server/invoices/money.ts). */
  excluding_vat_fils: number;
  /** The VAT included in the lines with VAT: 5/105 of their sum, rounded half-up once. */
  vat_fils: number;
  /** The government fees, outside VAT. */
  disbursements_fils: number;
  /** What the customer pays (or is credited): the sum of the lines, VAT included. */
  total_fils: number;
  agency_name: string;
  agency_address: string;
  agency_trn: string;
}

/** The last number issued of each kind of document. */
export interface InvoiceCountersTable {
  kind: "invoice" | "credit-note";
  last: number;
}

/** What a payment is at (issue 58, migration 21); only the provider's signed notification makes one `paid`. */
export type PaymentStatus = "requested" | "paid" | "mismatch" | "refunded" | "partly-refunded" | "cancelled";

/** A payment the office asked for on a case (server/data/payments/store.ts). */
export interface PaymentsTable {
  id: Generated<number>;
  /** Random (32 hex digits): in the traveller's return address. */
  public_id: string;
  case_id: number;
  /** JSON: `[{ "label", "amountFils" }]`. */
  lines: string;
  amount_fils: number;
  currency: "aed";
  status: PaymentStatus;
  /** Which provider took it (`stripe`), once a checkout was made. */
  provider: string | null;
  provider_session: string | null;
  /** The provider's payment (Stripe: the PaymentIntent's id), once paid; refunds go through it. */
  provider_payment: string | null;
  requested_at: string;
  requested_by: number | null;
  paid_at: string | null;
  /** The provider's event that marked it paid. */
  paid_event: string | null;
}

/** Each notification taken in, once (its provider's event id is unique). */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  payment_id: number | null;
  received_at: string;
  outcome: string;
}

export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount_fils: number;
  provider_refund: string | null;
  at: string;
  by: number | null;
  reason: Generated<string>;
}

export interface Schema {
  enquiries: EnquiriesTable;
  outbox: OutboxTable;
  secrets: SecretsTable;
  rate_limits: RateLimitsTable;
  used_proofs: UsedProofsTable;
  schema_migrations: SchemaMigrationsTable;
  people: PeopleTable;
  passkeys: PasskeysTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  challenges: ChallengesTable;
  enquiry_events: EnquiryEventsTable;
  audit_log: AuditLogTable;
  chores: ChoresTable;
  stat_events: StatEventsTable;
  stat_days: StatDaysTable;
  stat_vitals: StatVitalsTable;
  stat_sources: StatSourcesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
  campaign_links: CampaignLinksTable;
  cases: CasesTable;
  case_events: CaseEventsTable;
  case_papers: CasePapersTable;
  case_uploads: CaseUploadsTable;
  case_upload_chunks: CaseUploadChunksTable;
  case_push: CasePushTable;
  case_passports: CasePassportsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
}
