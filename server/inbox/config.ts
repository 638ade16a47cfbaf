import { join } from "node:path";
import { readDatabaseSetting, type DatabaseSetting } from "../data/settings";
import { defaultSpamConfig, type SpamConfig } from "./spam";

export interface SmtpConfig {
  host: string;
  port: number;
  /**
   * TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it, and required when
   * there is a login (`user`): the password never goes in clear (mailer.ts).
   */
  secure: boolean;
  user: string;
  pass: string;
  from: string;
}

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
export const defaultDbPath = join(repoRoot, "data", "inbox.sqlite");
export const defaultRetry: RetryConfig = { baseMs: 30_000, maxMs: 10 * 60_000 };
export const inboxDefaults = {
  busyWaitMs: 10_000,
  reopenMs: 30_000,
  maxRejections: 5,
  pollMs: 15_000,
  leaseMs: 120_000,
} satisfies Partial<InboxConfig>;

/** A comma-separated list of origins (scheme, host and port, nothing after), as the browser sends them. */
function origins(env: Record<string, string | undefined>, name: string): string[] {
  const raw = env[name]?.trim() ?? "";
  if (raw === "") return [];
  return raw.split(",").map((entry) => {
    const text = entry.trim().replace(/\/$/, "");
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`${name}: "${entry.trim()}" is not an origin such as https://www.example.com`);
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== text) {
      throw new Error(`${name}: "${entry.trim()}" is not an origin such as https://www.example.com (no path)`);
    }
    return url.origin;
  });
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return value;
}

function flag(env: Record<string, string | undefined>, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return undefined;
  if (["1", "true", "yes"].includes(raw)) return true;
  if (["0", "false", "no"].includes(raw)) return false;
  throw new Error(`${name} must be true or false`);
}

/** The inbox settings from environment variables; README.md documents each one. */
export function readInboxConfig(env: Record<string, string | undefined>, agencyEmail: string): InboxConfig {
  const host = env.SMTP_HOST?.trim() ?? "";
  const secureFlag = flag(env, "SMTP_SECURE");
  const port = integer(env, "SMTP_PORT", secureFlag ? 465 : 587, 1);
  const user = env.SMTP_USER ?? "";
  return {
    database: readDatabaseSetting(env, defaultDbPath),
    rateLimit: integer(env, "INBOX_RATE_LIMIT", 10, 0),
    mailTo: agencyEmail,
    smtp: host
      ? {
          host,
          port,
          secure: secureFlag ?? port === 465,
          user,
          pass: env.SMTP_PASS ?? "",
          from: env.MAIL_FROM?.trim() || agencyEmail,
        }
      : null,
    retry: defaultRetry,
    allowedOrigins: origins(env, "INBOX_ALLOWED_ORIGINS"),
    ...inboxDefaults,
    spam: {
      ...defaultSpamConfig,
      powMaxNumber: integer(env, "INBOX_POW_MAX_NUMBER", defaultSpamConfig.powMaxNumber, 10),
      minFillMs: integer(env, "INBOX_MIN_FILL_SECONDS", defaultSpamConfig.minFillMs / 1000, 0) * 1000,
    },
  };
}
