import { join } from "node:path";
import { databaseSettingOf, type DatabaseSetting, defaultDbPath } from "../data/settings";
import { readServerSettings, type ServerSettings, type SettingName } from "../settings";
import { defaultSpamConfig, type SpamConfig } from "./spam";
import type { SmtpConfig } from "../mailer";

export interface RetryConfig {
  /** Delay before the second attempt; each further failure doubles it… */
  baseMs: number;
  /** …up to this cap. */
  maxMs: number;
}

export interface InboxConfig {
  /** DATABASE_URL (or INBOX_DB): embedded SQLite by default, or PostgreSQL shared by several servers. */
  database: DatabaseSetting;
  /** Submissions per minute per client address; 0 turns the limit off. */
  rateLimit: number;
  /** The agency mailbox: the only recipient there ever is. */
  mailTo: string;
  /** null: enquiries are kept and listed, not e-mailed. */
  smtp: SmtpConfig | null;
  retry: RetryConfig;
  /**
   * Origins besides the site's own whose pages may post here (a site on a CDN posting to this server on another
   * host); each gets the CORS headers its pages need to read the answer.
   */
  allowedOrigins: string[];
  /** How long a submission waits for the database when another process holds its lock, before a 503. */
  busyWaitMs: number;
  /** When the database could not be opened, how often to try again. */
  reopenMs: number;
  /** Permanent (5xx) refusals by the mail server after which an enquiry is set aside for the agency. */
  maxRejections: number;
  /** How often the outbox looks for work queued by another process (npm run enquiries -- --requeue/--release). */
  pollMs: number;
  /** How long an enquiry this server claimed to mail stays its own (server/inbox/worker.ts). */
  leaseMs: number;
  /** The spam checks (spam.ts); null turns them off (tests of other things). */
  spam: SpamConfig | null;
}

export const repoRoot = join(import.meta.dirname, "..", "..");
export const defaultRetry: RetryConfig = { baseMs: 30_000, maxMs: 10 * 60_000 };
export const inboxDefaults = {
  busyWaitMs: 10_000,
  reopenMs: 30_000,
  maxRejections: 5,
  pollMs: 15_000,
  leaseMs: 120_000,
} satisfies Partial<InboxConfig>;

/** The settings the inbox reads (server/settings.ts). */
export const inboxSettingNames = [
  "DATABASE_URL",
  "INBOX_DB",
  "INBOX_RATE_LIMIT",
  "INBOX_ALLOWED_ORIGINS",
  "INBOX_MIN_FILL_SECONDS",
  "INBOX_POW_MAX_NUMBER",
  "SMTP_HOST",
  "SMTP_PORT",
  "SMTP_SECURE",
  "SMTP_USER",
  "SMTP_PASS",
  "MAIL_FROM",
] as const satisfies SettingName[];

export type InboxSettings = Pick<ServerSettings, (typeof inboxSettingNames)[number]>;

/** The inbox's configuration from its settings; README.md documents each one. */
export function inboxConfigOf(settings: InboxSettings, agencyEmail: string): InboxConfig {
  const port = settings.SMTP_PORT ?? (settings.SMTP_SECURE ? 465 : 587);
  return {
    database: databaseSettingOf(settings, defaultDbPath),
    rateLimit: settings.INBOX_RATE_LIMIT,
    mailTo: agencyEmail,
    smtp: settings.SMTP_HOST
      ? {
          host: settings.SMTP_HOST,
          port,
          secure: settings.SMTP_SECURE ?? port === 465,
          user: settings.SMTP_USER,
          pass: settings.SMTP_PASS,
          from: settings.MAIL_FROM ?? agencyEmail,
        }
      : null,
    retry: defaultRetry,
    allowedOrigins: settings.INBOX_ALLOWED_ORIGINS,
    ...inboxDefaults,
    spam: {
      ...defaultSpamConfig,
      powMaxNumber: settings.INBOX_POW_MAX_NUMBER,
      minFillMs: settings.INBOX_MIN_FILL_SECONDS * 1000,
    },
  };
}

/** The inbox's configuration from the environment alone. */
export function readInboxConfig(env: Record<string, string | undefined>, agencyEmail: string): InboxConfig {
  return inboxConfigOf(readServerSettings(env, inboxSettingNames), agencyEmail);
}
