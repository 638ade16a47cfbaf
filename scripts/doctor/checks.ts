import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:https";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { ConnectionOptions } from "node:tls";
import { promisify } from "node:util";
import { sql } from "kysely";
import nodemailer from "nodemailer";
import { readSettings } from "../../app/lib/settings";
import { openDatabase } from "../../server/data/open";
import { migrations } from "../../server/data/migrations";
import { databaseSettingOf, defaultDbPath, describeDatabase } from "../../server/data/settings";
import { officeAddress, readServerSettings, type ServerSettings } from "../../server/settings";
import { PushStore } from "../../server/data/push";
import { keyFilePath, loadKeyring } from "../../server/data/cases/keys";
import { CaseStore } from "../../server/data/cases/store";
import type { Keyring } from "../../server/data/cases/vault";
import { contactOf, exampleEmail } from "../../server/push/config";
import { madeAt } from "../backup/files";

/*
 * `npm run doctor`: what a real host needs, checked one by one, each with what to do when it is not so. A check
 * is ok, a warning (worth a look, not wrong: "!") or a failure (the site is not ready: the command exits 1).
 */

export type Status = "ok" | "warn" | "fail";

export interface Check {
  status: Status;
  /** What was found, in a line. */
  text: string;
  /** What to do, when it is not ok. */
  fix?: string;
}

export interface DoctorOptions {
  env: Record<string, string | undefined>;
  /** The project folder (its .nvmrc, its build). */
  root: string;
  /** The settings file the settings came from, or null for none. */
  envFile: string | null;
  /** The Node version running ("24.11.0"). */
  nodeVersion?: string;
  /** Certificates to trust beside the system's (the tests' own). */
  tls?: ConnectionOptions;
  /** How long each network check may take. */
  timeoutMs?: number;
  now?: Date;
}

const run = promisify(execFile);
const ok = (text: string): Check => ({ status: "ok", text });
const warn = (text: string, fix: string): Check => ({ status: "warn", text, fix });
const fail = (text: string, fix: string): Check => ({ status: "fail", text, fix });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";

export async function runChecks(options: DoctorOptions): Promise<Check[]> {
  const checks: Check[] = [nodeVersion(options), settingsFile(options)];
  let settings: ServerSettings;
  try {
    settings = readServerSettings(options.env);
  } catch (error) {
    const problems = (error as { problems?: string[] }).problems ?? [messageOf(error)];
    return [
      ...checks,
      ...problems.map((problem) => fail(problem, "correct it in the settings file; the server will not start so")),
    ];
  }
  checks.push(...siteSettings(settings), ...proxySettings(settings), ...dataFolders(settings, options));
  checks.push(builtFor(settings, options));
  const probes = await Promise.all([
    mail(settings, options),
    database(settings, options),
    https(settings, options),
    pgDump(settings, options),
    alerts(settings, options),
    documents(settings, options),
  ]);
  checks.push(...probes.flat(), backups(settings, options));
  return checks;
}

function nodeVersion({ root, nodeVersion: version = process.versions.node }: DoctorOptions): Check {
  const wanted = Number(readFileSync(join(root, ".nvmrc"), "utf8").replace(/\D/g, ""));
  const major = Number(version.split(".")[0]);
  return major >= wanted
    ? ok(`Node ${version} (.nvmrc: ${wanted})`)
    : fail(`Node ${version} is older than ${wanted} (.nvmrc)`, `install Node ${wanted} (docs/deploy.md, step 1)`);
}

function settingsFile({ envFile }: DoctorOptions): Check {
  return envFile === null
    ? warn(
        "No settings file: every setting not in the environment is its default",
        "cp .env.example /srv/karama/.env, fill it in, and link it beside the project (docs/deploy.md, step 4)",
      )
    : ok(`Settings read from ${envFile}`);
}

function siteSettings(settings: ServerSettings): Check[] {
  const checks: Check[] = [];
  const site = new URL(settings.SITE_URL);
  const local = site.hostname === "localhost" || site.hostname.endsWith(".localhost");
  checks.push(
    site.protocol === "https:" && !local
      ? ok(`SITE_URL is ${settings.SITE_URL}`)
      : fail(
          `SITE_URL is ${settings.SITE_URL}, not the site's https address`,
          "set SITE_URL=https://www.your-domain.ae (the name Caddy serves), then build again",
        ),
  );
  const office = officeAddress(
    settings.OFFICE_URL ?? settings.SITE_URL,
    settings.OFFICE_URL ? "OFFICE_URL" : "SITE_URL",
  );
  if ("problem" in office || office.url.protocol !== "https:") {
    checks.push(
      fail(
        `The back office's address (${settings.OFFICE_URL ?? settings.SITE_URL}) is not on https: passkeys will not work`,
        "set SITE_URL (or OFFICE_URL) to an https:// address",
      ),
    );
  } else {
    checks.push(ok(`The back office is at ${office.url.origin}/office`));
  }
  const example = readSettings({}).email;
  checks.push(
    settings.AGENCY_EMAIL === example
      ? fail(
          `AGENCY_EMAIL is the example's (${example})`,
          "set AGENCY_EMAIL to the agency's mailbox: enquiries go there",
        )
      : ok(`AGENCY_EMAIL is ${settings.AGENCY_EMAIL}`),
  );
  if (settings.PUSH_LOOPBACK) {
    checks.push(fail("PUSH_LOOPBACK is on, which is for tests only", "remove PUSH_LOOPBACK (or set it to off)"));
  }
  return checks;
}

function proxySettings(settings: ServerSettings): Check[] {
  const checks: Check[] = [];
  const trust = settings.TRUST_PROXY;
  if (trust === true) {
    checks.push(
      fail(
        "TRUST_PROXY=true believes any address a visitor writes in X-Forwarded-For",
        "set TRUST_PROXY=127.0.0.1 (Caddy on this machine)",
      ),
    );
  } else if (trust === false) {
    checks.push(
      fail(
        "TRUST_PROXY is not set: behind Caddy every visitor would have Caddy's address, and share one rate limit",
        "set TRUST_PROXY=127.0.0.1 (Caddy on this machine), or the proxy's address",
      ),
    );
  } else {
    checks.push(ok(`TRUST_PROXY is ${String(trust)}`));
  }
  const loopback = ["127.0.0.1", "::1", "localhost"].includes(settings.HOST);
  checks.push(
    loopback
      ? ok(`The server listens on ${settings.HOST}:${settings.PORT}, behind the proxy`)
      : warn(
          `The server listens on ${settings.HOST}:${settings.PORT}: reachable from outside without HTTPS`,
          "set HOST=127.0.0.1, so that only Caddy reaches it (or close the port in the firewall)",
        ),
  );
  return checks;
}

/** The data outside the project: each release is a folder of its own, and the next one must find the data. */
function dataFolders(settings: ServerSettings, { root }: DoctorOptions): Check[] {
  const database = databaseSettingOf(settings, defaultDbPath);
  const inside = (path: string) => {
    const from = relative(root, path);
    return from !== "" && !from.startsWith("..") && !isAbsolute(from);
  };
  const folders = [
    ...(database.engine === "sqlite" ? [["INBOX_DB", database.path]] : []),
    ["BACKUP_DIR", resolve(settings.BACKUP_DIR)],
  ].filter(([, path]) => inside(path ?? ""));
  if (folders.length === 0) return [];
  return [
    warn(
      `${folders.map(([name, path]) => `${name} (${path})`).join(" and ")} ${folders.length === 1 ? "is" : "are"} ` +
        "inside the project folder",
      "keep the data outside it, where the next release finds it: INBOX_DB=/var/lib/karama/inbox.sqlite, " +
        "BACKUP_DIR=/var/lib/karama/backups",
    ),
  ];
}

/** The build is there, and for this SITE_URL (the pages are static: a changed setting needs a new build). */
function builtFor(settings: ServerSettings, { root }: DoctorOptions): Check {
  const client = settings.CLIENT_ROOT
    ? resolve(settings.CLIENT_ROOT)
    : join(settings.BUILD_DIR ? resolve(settings.BUILD_DIR) : join(root, "build"), "client");
  const robots = join(client, "robots.txt");
  if (!existsSync(robots)) return fail(`No build in ${client}`, "npm run build");
  const sitemap = /^Sitemap: (.*)\/sitemap\.xml$/m.exec(readFileSync(robots, "utf8"))?.[1];
  return sitemap === settings.SITE_URL
    ? ok(`The build in ${client} is for ${sitemap}`)
    : fail(`The build in ${client} is for ${sitemap}, not SITE_URL ${settings.SITE_URL}`, "npm run build");
}

async function mail(settings: ServerSettings, { tls, timeoutMs = 10_000 }: DoctorOptions): Promise<Check[]> {
  if (!settings.SMTP_HOST) {
    return [
      fail(
        `SMTP_HOST is not set: enquiries are kept in the office, not mailed to ${settings.AGENCY_EMAIL}`,
        "set SMTP_HOST, SMTP_PORT, SMTP_USER and SMTP_PASS (the agency's mail provider gives them)",
      ),
    ];
  }
  // As the server reads them (server/inbox/config.ts).
  const port = settings.SMTP_PORT ?? (settings.SMTP_SECURE ? 465 : 587);
  const secure = settings.SMTP_SECURE ?? port === 465;
  const where = `${settings.SMTP_HOST}:${port}`;
  const login = settings.SMTP_USER !== "";
  const transport = nodemailer.createTransport({
    host: settings.SMTP_HOST,
    port,
    secure,
    // The check asks for TLS whatever the login: the agency's enquiries cross the internet.
    requireTLS: !secure,
    ...(login ? { auth: { user: settings.SMTP_USER, pass: settings.SMTP_PASS } } : {}),
    ...(tls ? { tls } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    return [
      ok(
        `Enquiries are mailed to ${settings.AGENCY_EMAIL}: the mail server ${where} answers over TLS ` +
          `(${secure ? "from the first byte" : "STARTTLS"})${login ? ", and takes the login" : ""}`,
      ),
    ];
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = messageOf(error);
    const fix =
      code === "EAUTH"
        ? "check SMTP_USER and SMTP_PASS"
        : code === "ETLS" || /STARTTLS/i.test(why)
          ? "the server offers no TLS on this port: use the provider's submission port (587 with STARTTLS, or 465 with SMTP_SECURE=true)"
          : /certificate|self.signed|altnames/i.test(why)
            ? "its certificate is not one this machine trusts for that name: use the host name the provider gives"
            : "check SMTP_HOST and SMTP_PORT, and that this machine may connect out to that port";
    return [fail(`Enquiries are not mailed to ${settings.AGENCY_EMAIL}: the mail server ${where}: ${why}`, fix)];
  } finally {
    transport.close();
  }
}

async function database(settings: ServerSettings, { timeoutMs = 10_000 }: DoctorOptions): Promise<Check[]> {
  const setting = databaseSettingOf(settings, defaultDbPath);
  const where = describeDatabase(setting);
  if (setting.engine === "sqlite" && !existsSync(setting.path)) {
    return [warn(`No database yet at ${setting.path}`, "the server makes it at its first start")];
  }
  try {
    // Never migrated here: the server does that when it starts.
    const opened = await openDatabase(setting, { migrate: false, waitMs: timeoutMs, poolSize: 1 });
    try {
      const tables = await opened.db.introspection.getTables();
      const newest = tables.some((table) => table.name === "schema_migrations")
        ? Number(
            (
              await sql<{ newest: number | null }>`SELECT max(version) AS newest FROM schema_migrations`.execute(
                opened.db,
              )
            ).rows[0]?.newest ?? 0,
          )
        : 0;
      if (newest > migrations.length) {
        return [
          fail(
            `${where}: schema ${newest}, newer than this code (${migrations.length})`,
            "run the release that made it, or restore the backup taken before the upgrade (docs/deploy.md)",
          ),
        ];
      }
      return newest === migrations.length
        ? [ok(`${where} answers; its schema is up to date (${newest} migrations)`)]
        : [
            warn(
              `${where} answers; ${migrations.length - newest} migration(s) to apply`,
              "the server applies them when it starts",
            ),
          ];
    } finally {
      await opened.close();
    }
  } catch (error) {
    return [
      fail(
        `${where} cannot be reached: ${messageOf(error)}`,
        setting.engine === "sqlite"
          ? "check that the file is readable by this user"
          : "check DATABASE_URL (user, password, host, port, database) and that PostgreSQL runs",
      ),
    ];
  }
}

/**
 * The travellers' papers (issue 56): where the documents key comes from, that it is not kept with the backups, and
 * that it opens the papers the database holds (one is opened); papers sealed under a key it is not fail, naming it.
 */
async function documents(settings: ServerSettings, { timeoutMs = 10_000 }: DoctorOptions): Promise<Check[]> {
  const setting = databaseSettingOf(settings, defaultDbPath);
  const keySetting = {
    key: settings.DOCUMENTS_KEY,
    file: settings.DOCUMENTS_KEY_FILE,
    inboxDb: setting.engine === "sqlite" ? setting.path : settings.INBOX_DB,
  };
  const file = keyFilePath(keySetting);
  const from = settings.DOCUMENTS_KEY !== undefined ? "DOCUMENTS_KEY" : file;
  const apart =
    "back it up apart from the backups (a password manager, a paper in the safe): without it no paper opens";
  if (settings.DOCUMENTS_KEY === undefined) {
    if (!existsSync(file)) return [warn(`No documents key yet: the server makes ${file} at its first start`, apart)];
    if (!relative(resolve(settings.BACKUP_DIR), file).startsWith("..")) {
      return [fail(`The documents key ${file} is inside BACKUP_DIR`, `move it out (DOCUMENTS_KEY_FILE): ${apart}`)];
    }
  }
  let keyring: Keyring;
  try {
    keyring = loadKeyring(keySetting).keyring;
  } catch (error) {
    return [
      fail(`The documents key: ${messageOf(error)}`, "set DOCUMENTS_KEY to the key the papers were sealed under"),
    ];
  }
  const id = keyring.current.id;
  if (setting.engine === "sqlite" && !existsSync(setting.path))
    return [ok(`The documents key ${id} is read from ${from}`)];
  try {
    const opened = await openDatabase(setting, { migrate: false, waitMs: timeoutMs, poolSize: 1 });
    try {
      const tables = await opened.db.introspection.getTables();
      if (!tables.some((table) => table.name === "case_papers"))
        return [ok(`The documents key ${id} is read from ${from}`)];
      const cases = new CaseStore(opened, keyring);
      const missing = await cases.missingKeys();
      if (missing.length > 0) {
        return [
          fail(
            `Papers are sealed under documents key ${missing.join(" and ")}, which this server lacks (it has ${id}, from ${from})`,
            "set DOCUMENTS_KEY to the key they were sealed under, from where it was kept apart from the backups",
          ),
        ];
      }
      const latest = await cases.latestPaper();
      if (!latest) return [ok(`The documents key ${id} is read from ${from}; no papers are kept yet`)];
      await cases.openPaper(latest.caseId, latest.id);
      return [ok(`The documents key ${id} (from ${from}) opens the papers kept (${latest.kept})`)];
    } finally {
      await opened.close();
    }
  } catch (error) {
    return [fail(`The papers could not be opened: ${messageOf(error)}`, "check DOCUMENTS_KEY and the database")];
  }
}

/**
 * Alerts on the agency's phones (issue 37): on or off, the contact the push services are given (config.ts,
 * contactOf), a warning while it is the example mailbox nobody reads, and how many devices have them on, where the
 * database can say.
 */
async function alerts(settings: ServerSettings, { timeoutMs = 10_000 }: DoctorOptions): Promise<Check[]> {
  const contact = contactOf(settings);
  if (contact === null) {
    return [
      warn(
        "Alerts on phones are off (PUSH_CONTACT=off): nobody's phone rings for a new enquiry",
        "remove PUSH_CONTACT=off to turn them on (each person then turns them on under Me)",
      ),
    ];
  }
  const from = contact.from === "PUSH_CONTACT" ? "PUSH_CONTACT" : `from ${contact.from}; PUSH_CONTACT is not set`;
  const setting = databaseSettingOf(settings, defaultDbPath);
  let devices = "";
  if (setting.engine === "postgres" || existsSync(setting.path)) {
    try {
      const opened = await openDatabase(setting, { migrate: false, waitMs: timeoutMs, poolSize: 1 });
      try {
        const { devices: count } = await new PushStore(opened).health();
        devices = `; ${count === 1 ? "1 device has" : `${count} devices have`} them on`;
      } finally {
        await opened.close();
      }
    } catch {
      // The database's own line says why it cannot be read.
    }
  }
  const where = `(${from})${devices}`;
  if (contact.contact === `mailto:${exampleEmail}`) {
    return [
      warn(
        `Alerts on phones are on, but the push services' contact is the example's, ${contact.contact} ${where}`,
        "set AGENCY_EMAIL to the agency's mailbox (or PUSH_CONTACT to an address of yours): a push service with " +
          "a problem with this server's alerts writes there",
      ),
    ];
  }
  return [ok(`Alerts on phones are on; the push services' contact is ${contact.contact} ${where}`)];
}

/** GET /healthz at the site's address (and the office's, when another) over HTTPS, as a visitor would. */
async function https(settings: ServerSettings, { tls, timeoutMs = 10_000 }: DoctorOptions): Promise<Check[]> {
  const origins = [
    ...new Set([settings.SITE_URL, settings.OFFICE_URL ?? settings.SITE_URL].map((url) => new URL(url).origin)),
  ];
  return Promise.all(
    origins
      .filter((origin) => origin.startsWith("https:"))
      .map(async (origin) => {
        try {
          const status = await get(`${origin}/healthz`, tls, timeoutMs);
          return status === 200
            ? ok(`${origin} answers over HTTPS, with a valid certificate`)
            : fail(`${origin}/healthz answers ${status}`, "journalctl -u karama says why the server is not well");
        } catch (error) {
          return fail(
            `${origin} cannot be reached over HTTPS: ${messageOf(error)}`,
            "check that Caddy runs (systemctl status caddy), that the name points at this machine, and that " +
              "ports 80 and 443 are open",
          );
        }
      }),
  );
}

function get(url: string, tls: ConnectionOptions | undefined, timeoutMs: number): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method: "GET", timeout: timeoutMs, ...(tls ?? {}) }, (response) => {
      response.resume();
      resolvePromise(response.statusCode ?? 0);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on("error", reject);
    req.end();
  });
}

/** With PostgreSQL, the backups need pg_dump (and the restore pg_restore), of the server's version or newer. */
async function pgDump(settings: ServerSettings, { env }: DoctorOptions): Promise<Check[]> {
  if (settings.DATABASE_URL?.engine !== "postgres") return [];
  try {
    const { stdout } = await run("pg_dump", ["--version"], {
      env: { ...process.env, PATH: env.PATH ?? process.env.PATH },
    });
    return [ok(`${stdout.trim()}, for the backups`)];
  } catch {
    return [
      fail(
        "pg_dump is not installed: the backups of a PostgreSQL database need it",
        "apt-get install postgresql-client (its version at least the database server's)",
      ),
    ];
  }
}

/** The newest backup in BACKUP_DIR is from the last two days (the timer makes one every night). */
function backups(settings: ServerSettings, { now = new Date() }: DoctorOptions): Check {
  const folder = resolve(settings.BACKUP_DIR);
  const made = existsSync(folder)
    ? readdirSync(folder)
        .map((name) => madeAt(name))
        .filter((date): date is Date => date !== null)
        .sort((a, b) => b.getTime() - a.getTime())
    : [];
  const newest = made[0];
  const start = "sudo systemctl enable --now karama-backup.timer; sudo systemctl start karama-backup for one now";
  if (newest === undefined) return warn(`No backup yet in ${folder}`, start);
  const hours = Math.floor((now.getTime() - newest.getTime()) / 3_600_000);
  return hours <= 48
    ? ok(`The newest backup in ${folder} is ${hours} hours old (${made.length} kept)`)
    : fail(
        `The newest backup in ${folder} is ${Math.floor(hours / 24)} days old`,
        `${start}; journalctl -u karama-backup says why`,
      );
}
