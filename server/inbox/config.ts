import { join, resolve } from "node:path";

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
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
  dbPath: string;
  /** Submissions per minute per client address; 0 turns the limit off. */
  rateLimit: number;
  /** The agency mailbox: the only recipient there ever is. */
  mailTo: string;
  /** null: enquiries are kept and listed, not e-mailed. */
  smtp: SmtpConfig | null;
  retry: RetryConfig;
}

export const repoRoot = join(import.meta.dirname, "..", "..");
export const defaultDbPath = join(repoRoot, "data", "inbox.sqlite");
export const defaultRetry: RetryConfig = { baseMs: 30_000, maxMs: 10 * 60_000 };

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
    dbPath: env.INBOX_DB?.trim() ? resolve(env.INBOX_DB.trim()) : defaultDbPath,
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
  };
}
