import { resolve } from "node:path";
import { z } from "zod";
import { settingsSchema as siteSettingsSchema } from "../app/lib/settings";
import { parseDatabaseUrl } from "./database-url";
import { readKeyText } from "./data/cases/vault";
import { readTrustProxy } from "./trust-proxy";

/*
 * Every setting the server reads, in one schema: each environment variable, how it is read, its default and what
 * it is, in a line. The server reads them once, at start (server/index.ts), and each part takes its own from the
 * one object (inbox/config.ts, office/config.ts, office/chores.ts, admin.ts, data/settings.ts). README.md's
 * settings table names the same variables with the same defaults (scripts/docs.test.ts checks it).
 */

type Env = Record<string, string | undefined>;

/** What a setting is, in a line; and its default in words, where another setting or the reader decides it. */
const about = (description: string, shown?: string) => (shown === undefined ? { description } : { description, shown });

/** A step of the schema that reads a setting's text with `parse`: what `parse` throws is the issue, word for word. */
function reading<T>(parse: (text: string) => T) {
  return (text: string, context: z.RefinementCtx): T => {
    try {
      return parse(text);
    } catch (error) {
      context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  };
}

/** A setting with a default, written as it would be in .env. */
const withDefault = <T>(fallback: string, parse: (text: string) => T) =>
  z.string().default(fallback).transform(reading(parse));

/** A setting whose default another setting or the reader decides: unset stays undefined. */
const unsetOr = <T>(parse: (text: string) => T) => z.string().transform(reading(parse)).optional();

const text = (value: string) => value;

function wholeNumber(name: string, min: number) {
  return (raw: string) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
    return value;
  };
}

function onOff(name: string) {
  return (raw: string) => {
    const setting = raw.toLowerCase();
    if (setting !== "on" && setting !== "off") throw new Error(`${name} must be on or off, not "${setting}"`);
    return setting === "on";
  };
}

function flag(name: string) {
  return (raw: string) => {
    const value = raw.toLowerCase();
    if (["1", "true", "yes"].includes(value)) return true;
    if (["0", "false", "no"].includes(value)) return false;
    throw new Error(`${name} must be true or false`);
  };
}

function port(raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`PORT must be a port number from 0 to 65535, not "${raw}"`);
  }
  return value;
}

/** A comma-separated list of origins (scheme, host and port, nothing after), as the browser sends them. */
function origins(name: string) {
  return (raw: string) => {
    if (raw === "") return [];
    return raw.split(",").map((entry) => {
      const origin = entry.trim().replace(/\/$/, "");
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new Error(`${name}: "${entry.trim()}" is not an origin such as https://www.example.com`);
      }
      if (!/^https?:$/.test(url.protocol) || url.origin !== origin) {
        throw new Error(`${name}: "${entry.trim()}" is not an origin such as https://www.example.com (no path)`);
      }
      return url.origin;
    });
  };
}

/** Who runs the server, for the push services: an https: or mailto: address (RFC 8292's `sub`), or off. */
function pushContact(raw: string): string {
  if (raw.toLowerCase() === "off") return "off";
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // Said below.
  }
  const good =
    url !== null &&
    ((url.protocol === "https:" && url.hostname !== "") ||
      (url.protocol === "mailto:" && /^[^@\s]+@[^@\s]+$/.test(url.pathname)));
  if (!good) {
    throw new Error(
      `PUSH_CONTACT must be an https: or mailto: address, such as mailto:owner@example.com, or off, not "${raw}"`,
    );
  }
  return raw;
}

/** More push services' host names, comma-separated: `push.example.net`, or `*.push.example.net` for those under it. */
function pushHosts(raw: string): string[] {
  if (raw === "") return [];
  return raw.split(",").map((entry) => {
    const host = entry.trim().toLowerCase();
    if (!/^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(host)) {
      throw new Error(
        `PUSH_HOSTS: "${entry.trim()}" is not a host name such as push.example.net or *.push.example.net`,
      );
    }
    return host;
  });
}

function months(raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 600) {
    throw new Error(`RETENTION_MONTHS must be a whole number of months from 1 to 600, not "${raw}"`);
  }
  return value;
}

/**
 * Where the back office can be opened: an https origin, or http://localhost (browsers allow passkeys on no other
 * plain-http host). `name` is the setting it came from, OFFICE_URL or SITE_URL.
 */
export function officeAddress(raw: string, name: string): { url: URL } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `${name}: "${raw}" is not an address such as https://www.example.com` };
  }
  const local = url.hostname === "localhost" || url.hostname.endsWith(".localhost");
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
    return {
      problem: `${name}: "${raw}" must be https for the back office (passkeys work only on https, or http://localhost)`,
    };
  }
  return { url };
}

/** DOCUMENTS_KEY: checked at start (32 bytes), kept as written; server/data/cases/keys.ts reads it. */
function documentsKeyText(raw: string): string {
  readKeyText(raw);
  return raw;
}

/** PAYMENTS_PROVIDER: off, or the provider the travellers pay through (server/pay). */
function paymentsProvider(raw: string): "off" | "stripe" {
  const value = raw.toLowerCase();
  if (value !== "off" && value !== "stripe") throw new Error(`PAYMENTS_PROVIDER must be off or stripe, not "${raw}"`);
  return value;
}

/** A key of the shape its provider gives (`sk_…`, `whsec_…`): a key pasted in the wrong place is said at start. */
function keyLike(name: string, prefixes: string[]) {
  return (raw: string) => {
    if (!prefixes.some((prefix) => raw.startsWith(prefix)) || /\s/.test(raw)) {
      throw new Error(
        `${name} must be the key as the provider's dashboard gives it, starting ${prefixes.join(" or ")}`,
      );
    }
    return raw;
  };
}

/** STRIPE_API_URL: the tests' stand-in (http on loopback), or another https address of Stripe's API. */
function apiUrl(raw: string): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // Said below.
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, "") !== "") {
    throw new Error(`STRIPE_API_URL must be an address such as https://api.stripe.com, with no path, not "${raw}"`);
  }
  return url.origin;
}

function officeUrl(raw: string): string {
  const address = officeAddress(raw, "OFFICE_URL");
  if ("problem" in address) throw new Error(address.problem);
  return raw;
}

/** A UAE Tax Registration Number: 15 digits (spaces between groups allowed, taken out). */
function taxNumber(raw: string): string {
  const digits = raw.replace(/ /g, "");
  if (!/^[0-9]{15}$/.test(digits)) throw new Error(`AGENCY_TRN must be the 15 digits of the Tax Registration Number`);
  return digits;
}

const optionalUrl = z
  .url({ protocol: /^https?$/ })
  .transform((value) => value.replace(/\/+$/, ""))
  .optional();

const site = siteSettingsSchema.shape;

export const serverSettingsSchema = z.object({
  // The site's, as the build reads them (app/lib/settings.ts): the server too names the agency, mails it, links to it.
  AGENCY_NAME: site.AGENCY_NAME.meta(about("the agency's name: the logo, titles, footer, the office's passkey prompt")),
  AGENCY_PHONE: site.AGENCY_PHONE.meta(about("the phone as shown, in international form")),
  AGENCY_WHATSAPP: site.AGENCY_WHATSAPP.meta(about("the WhatsApp number, digits only", "the digits of `AGENCY_PHONE`")),
  AGENCY_EMAIL: site.AGENCY_EMAIL.meta(about("the agency's mailbox: shown on the site, receives the enquiries")),
  FORM_ENDPOINT: site.FORM_ENDPOINT.meta(about("where the forms post")),
  FORM_ACCESS_KEY: site.FORM_ACCESS_KEY.meta(about("the access key sent with each form")),
  SITE_URL: site.SITE_URL.meta(about("the public address: canonical links, sitemap, the office's address by default")),
  SOCIAL_FACEBOOK_URL: site.SOCIAL_FACEBOOK_URL.meta(about("the agency's Facebook page")),
  SOCIAL_INSTAGRAM_URL: site.SOCIAL_INSTAGRAM_URL.meta(about("the agency's Instagram page")),
  SOCIAL_TIKTOK_URL: site.SOCIAL_TIKTOK_URL.meta(about("the agency's TikTok page")),
  MAP_EMBED_URL: site.MAP_EMBED_URL.meta(about("the map shown on the Contact page")),
  MAP_LINK_URL: site.MAP_LINK_URL.meta(about('the "open the map" link')),
  SERVICE_WORKER: site.SERVICE_WORKER.meta(about("on: phones keep the pages visited and an offline page")),

  // The server.
  PORT: withDefault("3000", port).meta(about("the server's port (0: any free one)")),
  HOST: withDefault("0.0.0.0", text).meta(about("the address the server listens on")),
  LOG: z
    .string()
    .default("on")
    .transform((value) => value !== "off")
    .meta(about("the request log; off silences it")),
  LOG_VISITORS: withDefault("off", onOff("LOG_VISITORS")).meta(
    about("on: the log keeps visitors' addresses and queries"),
  ),
  TRUST_PROXY: withDefault("false", readTrustProxy).meta(
    about("the reverse proxy's addresses, believed in X-Forwarded-For"),
  ),
  BUILD_DIR: unsetOr(text).meta(about("the build the server serves", "`build`")),
  CLIENT_ROOT: unsetOr(text).meta(about("another folder of pages to serve", "`$BUILD_DIR/client`")),

  // Enquiries: the database and the mail.
  DATABASE_URL: unsetOr(parseDatabaseUrl).meta(
    about("where enquiries live: sqlite:PATH or postgres://user:password@host:5432/db", "unset: SQLite at `INBOX_DB`"),
  ),
  INBOX_DB: unsetOr((file) => resolve(file)).meta(
    about("the SQLite file when DATABASE_URL is unset", "`data/inbox.sqlite`"),
  ),
  INBOX_RATE_LIMIT: withDefault("10", wholeNumber("INBOX_RATE_LIMIT", 0)).meta(
    about("enquiries per minute per address; 0 turns the limit off"),
  ),
  INBOX_ALLOWED_ORIGINS: withDefault("", origins("INBOX_ALLOWED_ORIGINS")).meta(
    about("other sites' origins whose pages may post to the inbox, comma-separated"),
  ),
  INBOX_MIN_FILL_SECONDS: withDefault("3", wholeNumber("INBOX_MIN_FILL_SECONDS", 0)).meta(
    about("a submission sooner than this after the form was first touched is held as spam"),
  ),
  INBOX_POW_MAX_NUMBER: withDefault("50000", wholeNumber("INBOX_POW_MAX_NUMBER", 10)).meta(
    about("the proof of work's difficulty: a browser computes half this many hashes on average"),
  ),
  SMTP_HOST: unsetOr(text).meta(about("the mail server; unset, enquiries are kept and not mailed")),
  SMTP_PORT: unsetOr(wholeNumber("SMTP_PORT", 1)).meta(
    about("the mail server's port", "`587` (`465` when `SMTP_SECURE`)"),
  ),
  SMTP_SECURE: unsetOr(flag("SMTP_SECURE")).meta(about("TLS from the first byte", "true only on port 465")),
  SMTP_USER: z.string().default("").meta(about("the mail server's login")),
  SMTP_PASS: z.string().default("").meta(about("the mail server's password")),
  MAIL_FROM: unsetOr(text).meta(about("the sender of the enquiry mails", "`AGENCY_EMAIL`")),

  // The back office.
  OFFICE_URL: unsetOr(officeUrl).meta(about("the back office's address: passkeys and invitation links", "`SITE_URL`")),
  RETENTION_MONTHS: withDefault("24", months).meta(about("enquiries older than this many months are deleted nightly")),
  OFFICE_DIGEST: withDefault("on", onOff("OFFICE_DIGEST")).meta(about("the daily digest mail at 09:00 Dubai time")),
  PUSH_CONTACT: unsetOr(pushContact).meta(
    about(
      "alerts on the phones: the https: or mailto: address push services may write to; off turns alerts off",
      "`mailto:` `AGENCY_EMAIL`, or `SITE_URL`",
    ),
  ),
  PUSH_HOSTS: withDefault("", pushHosts).meta(
    about("more push services' host names, comma-separated (`*.name`: any under it), beside the four known"),
  ),
  PUSH_LOOPBACK: withDefault("off", onOff("PUSH_LOOPBACK")).meta(
    about("tests only: on accepts push services on plain http at 127.0.0.1"),
  ),

  // The travellers' papers (issue 56): sealed under the documents key, kept outside the database.
  DOCUMENTS_KEY: unsetOr(documentsKeyText).meta(
    about(
      "the documents key the papers are sealed under: 32 bytes in base64 or hex; the same on every server",
      "unset: the key file",
    ),
  ),
  DOCUMENTS_KEY_FILE: unsetOr((file) => resolve(file)).meta(
    about(
      "the documents key's file, made at first start when DOCUMENTS_KEY is unset",
      "`documents.key` beside `INBOX_DB`",
    ),
  ),
  DOCUMENTS_KEEP_DAYS: withDefault("30", wholeNumber("DOCUMENTS_KEEP_DAYS", 1)).meta(
    about("a closed case's papers and visa are deleted this many days after it closed, nightly"),
  ),

  // Tax invoices (issue 58; server/invoices/, docs/owner.md "Invoices").
  AGENCY_TRN: unsetOr(taxNumber).meta(
    about("the agency's 15-digit Tax Registration Number on its tax invoices; unset: no invoice can be issued"),
  ),
  AGENCY_ADDRESS: unsetOr(text).meta(about("the agency's registered address as its invoices print it")),
  // Payments (issue 58, server/pay): off, or the provider the travellers pay through, and its keys.
  PAYMENTS_PROVIDER: withDefault("off", paymentsProvider).meta(
    about("off, or stripe: travellers pay the payments the office asks for on the provider's own page"),
  ),
  STRIPE_SECRET_KEY: unsetOr(keyLike("STRIPE_SECRET_KEY", ["sk_", "rk_"])).meta(
    about("Stripe's secret (or restricted) API key, sk_live_… or sk_test_…"),
  ),
  STRIPE_WEBHOOK_SECRET: unsetOr(keyLike("STRIPE_WEBHOOK_SECRET", ["whsec_"])).meta(
    about("the signing secret of the webhook endpoint /payments/notify/stripe, whsec_…"),
  ),
  STRIPE_API_URL: unsetOr(apiUrl).meta(about("Stripe's API address; unset: Stripe's own; tests: their stand-in")),

  // Backups (scripts/backup.ts, run nightly by deploy/karama-backup.timer).
  BACKUP_DIR: withDefault("data/backups", text).meta(about("the folder the backups go into")),
  BACKUP_KEEP_DAYS: withDefault("14", wholeNumber("BACKUP_KEEP_DAYS", 1)).meta(
    about("backups older than this many days are deleted when a new one is made"),
  ),

  // The editor at /admin (admin.ts).
  CMS_BACKEND: z
    .enum(["github", "gitlab"])
    .default("github")
    .meta(about("the site repository's host: github or gitlab")),
  CMS_REPO: z
    .string()
    .trim()
    .regex(/^([\w.-]+\/)+[\w.-]+$/, "must be the repository as owner/name")
    .or(z.literal(""))
    .default("")
    .meta(about("the site's repository as owner/name, for the editor")),
  CMS_BRANCH: z.string().trim().min(1).default("main").meta(about("the branch the editor commits to")),
  CMS_AUTH_URL: optionalUrl.meta(about("the editor's sign-in provider, or the GitLab address")),
  CMS_GITLAB_APP_ID: z.string().trim().min(1).optional().meta(about("GitLab: the editor's OAuth application id")),
  CMS_LOCAL_BACKEND: optionalUrl.meta(about("set by npm run admin: the editor's local backend")),

  // Read by env-file.ts before all the others (it names the file they may come from), from the real environment.
  ENV_FILE: unsetOr(text).meta(about("the settings file, or off for none", "`.env` beside the project")),
});

export type ServerSettings = z.output<typeof serverSettingsSchema>;
export type SettingName = keyof ServerSettings & keyof typeof serverSettingsSchema.shape;

/**
 * Read as written, where only an empty value means unset, as the build reads them: the site's and the editor's
 * settings, the mail login (a password may hold spaces) and LOG (anything but "off" logs). Every other setting is
 * trimmed, and blank is unset.
 */
const asWritten = new Set<string>([
  ...Object.keys(site),
  ...Object.keys(serverSettingsSchema.shape).filter((name) => name.startsWith("CMS_")),
  "SMTP_USER",
  "SMTP_PASS",
  "LOG",
]);

/** Bad settings, each named in its own line; one alone is the whole message. */
export class ServerSettingsError extends Error {
  override name = "ServerSettingsError";
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? (problems[0] ?? "")
        : `${problems.length} settings are wrong:\n  ${problems.join("\n  ")}`,
    );
  }
}

/**
 * The settings from the environment (all of them, or `only` those named), or a ServerSettingsError naming every
 * bad variable.
 */
export function readServerSettings(env: Env): ServerSettings;
export function readServerSettings<K extends SettingName>(env: Env, only: readonly K[]): Pick<ServerSettings, K>;
export function readServerSettings(env: Env, only?: readonly SettingName[]): Partial<ServerSettings> {
  const schema = only
    ? serverSettingsSchema.pick(Object.fromEntries(only.map((name) => [name, true])) as { [P in SettingName]?: true })
    : serverSettingsSchema;
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const read = asWritten.has(name) ? value : value?.trim();
    if (read !== undefined && read !== "") present[name] = read;
  }
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  throw new ServerSettingsError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "");
      return new RegExp(`^${name}\\b`).test(issue.message) ? issue.message : `${name}: ${issue.message}`;
    }),
  );
}

/** Each setting as README's table shows it: its name, its default (`value`, empty, unset, or in words) and what it is. */
export function settingsTable(): { name: string; default: string; about: string }[] {
  const { properties = {} } = z.toJSONSchema(serverSettingsSchema, { io: "input", unrepresentable: "any" });
  return Object.entries(properties).map(([name, property]) => {
    const {
      default: value,
      shown,
      description = "",
    } = property as { default?: unknown; shown?: string; description?: string };
    const fallback = value === undefined ? "unset" : value === "" ? "empty" : `\`${String(value)}\``;
    return { name, default: shown ?? fallback, about: description };
  });
}
