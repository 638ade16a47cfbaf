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
}

/** Secrets a server makes once and every server shares (the spam guard's signing keys). */
export interface SecretsTable {
  name: string;
  value: string;
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
  schema_migrations: SchemaMigrationsTable;
}
