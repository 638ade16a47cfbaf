import type { Generated } from "kysely";

/* The tables, as both engines hold them (server/data/migrations). Times the outbox compares are milliseconds since
 * the epoch (numbers); times shown to people are ISO 8601 text. */

export interface EnquiriesTable {
  id: Generated<number>;
  received_at: string;
  kind: "enquiry" | "contact";
  name: string;
  email: string;
  phone: string;
  visa_type: string;
  travel_date: string;
  adult: string;
  child: string;
  subject: string;
  message: string;
}

export interface OutboxTable {
  enquiry_id: number;
  status: "pending" | "sent" | "rejected" | "held";
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

export interface Schema {
  enquiries: EnquiriesTable;
  outbox: OutboxTable;
  secrets: SecretsTable;
  rate_limits: RateLimitsTable;
  used_proofs: UsedProofsTable;
  schema_migrations: SchemaMigrationsTable;
}
