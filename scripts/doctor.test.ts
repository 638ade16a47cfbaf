// @vitest-environment node
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/data/open";
import { PushStore } from "../server/data/push";
import { documentsKey, readKeyText } from "../server/data/cases/vault";
import { databaseWithPaper } from "../server/testing/papers";
import { removeTestDirs, testDatabase } from "../server/testing/inbox-server";
import { LocalSmtp } from "../server/testing/smtp";
import { type Check, type DoctorOptions, runChecks } from "./doctor/checks";

/*
 * Issue 39: npm run doctor checks a server's set-up and says what is missing. A set-up with everything right
 * passes; each thing wrong fails its own line and says what to do.
 */

const run = promisify(execFile);
/** The papers' documents key of the good set-up (issue 56). */
const documentsKeyText = Buffer.alloc(32, 12).toString("base64");
const root = join(import.meta.dirname, "..");
const folder = mkdtempSync(join(tmpdir(), "karama-doctor-"));
const key = join(folder, "key.pem");
const certFile = join(folder, "cert.pem");
execFileSync(
  "openssl",
  [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", key, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1"],
    ...["-addext", "subjectAltName=IP:127.0.0.1"],
  ],
  { stdio: "ignore" },
);
const tls = { key: readFileSync(key, "utf8"), cert: readFileSync(certFile, "utf8") };

let site: Server;
let siteUrl: string;
let smtp: LocalSmtp;
let smtpPort: number;
let good: Record<string, string>;

beforeAll(async () => {
  // The site behind its proxy, over HTTPS with the test's certificate.
  site = createServer(tls, (request, response) => {
    response.writeHead(request.url === "/healthz" ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `https://127.0.0.1:${(site.address() as AddressInfo).port}`;
  smtp = new LocalSmtp({ tls, acceptLogins: true });
  smtpPort = await smtp.start();

  const client = join(folder, "client");
  mkdirSync(client);
  writeFileSync(join(client, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  const backups = join(folder, "backups");
  mkdirSync(backups);
  writeFileSync(join(backups, `karama-${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}Z.sqlite`), "");
  const database = await openDatabase({ engine: "sqlite", path: join(folder, "inbox.sqlite") });
  await database.close();
  good = {
    SITE_URL: siteUrl,
    AGENCY_EMAIL: "office@karama-visa.example",
    TRUST_PROXY: "127.0.0.1",
    HOST: "127.0.0.1",
    CLIENT_ROOT: client,
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_USER: "website@karama-visa.example",
    SMTP_PASS: "the-mail-password",
    DATABASE_URL: `sqlite:${join(folder, "inbox.sqlite")}`,
    BACKUP_DIR: backups,
    DOCUMENTS_KEY: documentsKeyText,
  };
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await smtp.stop();
  rmSync(folder, { recursive: true, force: true });
  await removeTestDirs();
});

const check = (env: Record<string, string>, options: Partial<DoctorOptions> = {}) =>
  runChecks({
    env: { ...good, ...env },
    root,
    envFile: "/srv/karama/.env",
    tls: { ca: tls.cert },
    timeoutMs: 3000,
    ...options,
  });

/** The one line whose text matches. */
const line = (checks: Check[], text: RegExp): Check => {
  const found = checks.filter((entry) => text.test(entry.text));
  expect(found, checks.map((entry) => entry.text).join("\n")).toHaveLength(1);
  return found[0] as Check;
};

describe("npm run doctor", () => {
  it("passes a set-up with everything right, one line per check", async () => {
    const checks = await check({});
    expect(checks.filter((entry) => entry.status !== "ok")).toEqual([]);
    expect(checks.map((entry) => entry.text)).toEqual([
      expect.stringMatching(/^Node 2\d\.\d+\.\d+ \(\.nvmrc: 24\)$/),
      "Settings read from /srv/karama/.env",
      `SITE_URL is ${siteUrl}`,
      `The back office is at ${siteUrl}/office`,
      "AGENCY_EMAIL is office@karama-visa.example",
      "TRUST_PROXY is 127.0.0.1",
      "The server listens on 127.0.0.1:3000, behind the proxy",
      `The build in ${join(folder, "client")} is for ${siteUrl}`,
      `Enquiries are mailed to office@karama-visa.example: the mail server 127.0.0.1:${smtpPort} answers over TLS ` +
        "(STARTTLS), and takes the login",
      expect.stringMatching(/inbox\.sqlite answers; its schema is up to date \(\d+ migrations\)$/),
      `${siteUrl} answers over HTTPS, with a valid certificate`,
      "Alerts on phones are on; the push services' contact is mailto:office@karama-visa.example " +
        "(from AGENCY_EMAIL; PUSH_CONTACT is not set); 0 devices have them on",
      `The documents key ${documentsKey(readKeyText(documentsKeyText)).id} is read from DOCUMENTS_KEY; no papers are kept yet`,
      expect.stringMatching(/^The newest backup in .* is 0 hours old \(1 kept\)$/),
    ]);
  });

  it("opens a paper with the documents key; names the key papers were sealed under when it is another (issue 56)", async () => {
    const path = join(folder, "papers.sqlite");
    const sealedUnder = documentsKey(readKeyText(documentsKeyText));
    await databaseWithPaper(path, sealedUnder);
    expect(line(await check({ DATABASE_URL: `sqlite:${path}` }), /documents key/)).toMatchObject({
      status: "ok",
      text: `The documents key ${sealedUnder.id} (from DOCUMENTS_KEY) opens the papers kept (1)`,
    });
    const other = Buffer.alloc(32, 99).toString("base64");
    expect(line(await check({ DATABASE_URL: `sqlite:${path}`, DOCUMENTS_KEY: other }), /documents key/)).toMatchObject({
      status: "fail",
      text: expect.stringContaining(`Papers are sealed under documents key ${sealedUnder.id}, which this server lacks`),
    });
    const keyInBackups = join(good.BACKUP_DIR ?? "", "documents.key");
    writeFileSync(keyInBackups, `${documentsKeyText}\n`);
    expect(
      line(
        await check({ DATABASE_URL: `sqlite:${path}`, DOCUMENTS_KEY: "", DOCUMENTS_KEY_FILE: keyInBackups }),
        /documents key/,
      ),
    ).toMatchObject({ status: "fail", text: `The documents key ${keyInBackups} is inside BACKUP_DIR` });
  });

  it("fails an older Node", async () => {
    expect(line(await check({}, { nodeVersion: "22.11.0" }), /^Node/)).toMatchObject({
      status: "fail",
      text: "Node 22.11.0 is older than 24 (.nvmrc)",
    });
  });

  it("fails a setting the server would not start with, naming it", async () => {
    const checks = await check({ PORT: "eighty", BACKUP_KEEP_DAYS: "0" });
    expect(checks.filter((entry) => entry.status === "fail").map((entry) => entry.text)).toEqual([
      'PORT must be a port number from 0 to 65535, not "eighty"',
      "BACKUP_KEEP_DAYS must be a whole number of at least 1",
    ]);
  });

  it("fails SITE_URL and the office's address off https, and the example's mailbox", async () => {
    const local = await check({ SITE_URL: "http://localhost:3000", AGENCY_EMAIL: "info@example.com" });
    expect(line(local, /^SITE_URL/)).toMatchObject({ status: "fail", fix: expect.stringMatching(/build again/) });
    expect(line(local, /back office/)).toMatchObject({ status: "fail", text: expect.stringMatching(/passkeys/) });
    expect(line(local, /^AGENCY_EMAIL/)).toMatchObject({ status: "fail" });
    const office = await check({ OFFICE_URL: "http://localhost:3000" });
    expect(line(office, /back office/)).toMatchObject({ status: "fail" });
  });

  it("fails TRUST_PROXY unset or true, and PUSH_LOOPBACK on; warns of a server reachable from outside", async () => {
    const unset = await check({ TRUST_PROXY: "", HOST: "0.0.0.0", PUSH_LOOPBACK: "on" });
    expect(line(unset, /TRUST_PROXY/)).toMatchObject({ status: "fail", fix: expect.stringMatching(/127\.0\.0\.1/) });
    expect(line(unset, /listens on 0\.0\.0\.0/)).toMatchObject({ status: "warn" });
    expect(line(unset, /PUSH_LOOPBACK/)).toMatchObject({ status: "fail" });
    expect(line(await check({ TRUST_PROXY: "true" }), /TRUST_PROXY/)).toMatchObject({ status: "fail" });
  });

  it("states mail's state once, truly: mailed to AGENCY_EMAIL, or not mailed while SMTP_HOST is not set", async () => {
    const mailing = (checks: Check[]) => checks.filter((entry) => /mailed/.test(entry.text)).map((entry) => entry.text);
    expect(mailing(await check({}))).toEqual([
      expect.stringMatching(/^Enquiries are mailed to office@karama-visa\.example: the mail server/),
    ]);
    const off = mailing(await check({ SMTP_HOST: "" }));
    expect(off).toEqual([
      "SMTP_HOST is not set: enquiries are kept in the office, not mailed to office@karama-visa.example",
    ]);
    const away = mailing(await check({ SMTP_PORT: "1" }));
    expect(away).toEqual([expect.stringMatching(/^Enquiries are not mailed to office@karama-visa\.example: the mail/)]);
  });

  it("says whether alerts are on, with which contact and for how many devices; warns of the example's", async () => {
    // A fresh install: the contact is the example mailbox, which nobody reads.
    const fresh = line(await check({ AGENCY_EMAIL: "", SITE_URL: "" }), /^Alerts/);
    expect(fresh).toMatchObject({
      status: "warn",
      text:
        "Alerts on phones are on, but the push services' contact is the example's, mailto:info@example.com " +
        "(from AGENCY_EMAIL; PUSH_CONTACT is not set); 0 devices have them on",
      fix: expect.stringMatching(/set AGENCY_EMAIL/),
    });
    // The example mailbox, with the site on https: the site's address is the contact.
    expect(line(await check({ AGENCY_EMAIL: "" }), /^Alerts/)).toMatchObject({
      status: "ok",
      text: expect.stringContaining(`contact is ${siteUrl} (from SITE_URL; PUSH_CONTACT is not set)`),
    });
    const own = line(await check({ PUSH_CONTACT: "https://www.karama-visa.example/contact" }), /^Alerts/);
    expect(own).toMatchObject({
      status: "ok",
      text: expect.stringMatching(/contact is https:\/\/www\.karama-visa\.example\/contact \(PUSH_CONTACT\)/),
    });
    expect(line(await check({ PUSH_CONTACT: "off" }), /^Alerts/)).toMatchObject({
      status: "warn",
      text: expect.stringMatching(/^Alerts on phones are off \(PUSH_CONTACT=off\)/),
    });
    // Devices counted from the database.
    const counted = join(folder, "alerts.sqlite");
    const database = await openDatabase({ engine: "sqlite", path: counted });
    try {
      for (const name of ["Sara", "Omar"]) {
        const { id } = await database.db
          .insertInto("people")
          .values({ name, role: "staff", handle: name, created_at: new Date().toISOString(), revoked_at: null })
          .returning("id")
          .executeTakeFirstOrThrow();
        await new PushStore(database).subscribe(id, {
          endpoint: `https://fcm.googleapis.com/fcm/send/${name}`,
          p256dh: "p",
          auth: "a",
          label: "Chrome on Android",
        });
      }
    } finally {
      await database.close();
    }
    expect(line(await check({ DATABASE_URL: `sqlite:${counted}` }), /^Alerts/).text).toMatch(
      /; 2 devices have them on$/,
    );
  });

  it("warns of data inside the project folder, which the next release would not find", async () => {
    const inside = await check({ DATABASE_URL: "", INBOX_DB: join(root, "data", "x.sqlite") });
    expect(line(inside, /inside the project folder/)).toMatchObject({ status: "warn" });
  });

  it("fails a missing build, and one made for another SITE_URL", async () => {
    expect(line(await check({ CLIENT_ROOT: join(folder, "none") }), /build/)).toMatchObject({ status: "fail" });
    const other = join(folder, "other");
    mkdirSync(other);
    writeFileSync(join(other, "robots.txt"), "Sitemap: https://old.example.ae/sitemap.xml\n");
    expect(line(await check({ CLIENT_ROOT: other }), /build/)).toMatchObject({
      status: "fail",
      text: expect.stringMatching(/is for https:\/\/old\.example\.ae, not SITE_URL/),
    });
  });

  it("fails mail not set up, a mail server not there, one without TLS and one whose certificate is not valid", async () => {
    expect(line(await check({ SMTP_HOST: "" }), /SMTP_HOST/)).toMatchObject({ status: "fail" });
    const closed = await check({ SMTP_PORT: "1" });
    expect(line(closed, /mail server/)).toMatchObject({ status: "fail", fix: expect.stringMatching(/SMTP_HOST/) });
    const plain = new LocalSmtp({ acceptLogins: true });
    const plainPort = await plain.start();
    try {
      const noTls = line(await check({ SMTP_PORT: String(plainPort) }), /mail server/);
      expect(noTls).toMatchObject({ status: "fail", fix: expect.stringMatching(/offers no TLS/) });
      // Nothing crossed in clear.
      expect(plain.logins).toEqual([]);
    } finally {
      await plain.stop();
    }
    const untrusted = line(await check({}, { tls: undefined }), /mail server/);
    expect(untrusted).toMatchObject({ status: "fail", fix: expect.stringMatching(/certificate/) });
  });

  it("fails a database that cannot be reached, and one newer than the code", async () => {
    const away = await check({ DATABASE_URL: "postgres://karama:secret@127.0.0.1:1/karama" });
    expect(line(away, /^PostgreSQL/)).toMatchObject({ status: "fail", text: expect.not.stringContaining("secret") });
    const newer = join(folder, "newer.sqlite");
    (await openDatabase({ engine: "sqlite", path: newer })).close();
    const db = new BetterSqlite3(newer);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '')").run();
    db.close();
    expect(line(await check({ DATABASE_URL: `sqlite:${newer}` }), /SQLite/)).toMatchObject({
      status: "fail",
      text: expect.stringMatching(/schema 999, newer than this code/),
    });
  });

  it("passes a PostgreSQL database whose schema is up to date, with pg_dump for its backups; fails without", async () => {
    const setting = await testDatabase("postgres");
    if (setting.engine !== "postgres") throw new Error("postgres");
    await (await openDatabase(setting)).close();
    const checks = await check({ DATABASE_URL: setting.url });
    expect(line(checks, /^PostgreSQL/)).toMatchObject({ status: "ok" });
    expect(line(checks, /pg_dump/)).toMatchObject({
      status: "ok",
      text: expect.stringMatching(/^pg_dump \(PostgreSQL\)/),
    });
    const without = await check({ DATABASE_URL: setting.url, PATH: join(folder, "no-programs") });
    expect(line(without, /pg_dump/)).toMatchObject({ status: "fail", fix: expect.stringMatching(/postgresql-client/) });
  });

  it("fails a site that does not answer over HTTPS, or with a certificate not valid", async () => {
    const closed = await check({ SITE_URL: "https://127.0.0.1:1" });
    expect(line(closed, /over HTTPS/)).toMatchObject({ status: "fail", fix: expect.stringMatching(/Caddy/) });
    const untrusted = await check({ SMTP_HOST: "" }, { tls: undefined });
    expect(line(untrusted, /over HTTPS/)).toMatchObject({ status: "fail" });
  });

  it("fails a newest backup older than two days; warns of none yet", async () => {
    const old = join(folder, "old-backups");
    mkdirSync(old);
    writeFileSync(join(old, "karama-2026-11-20T03-00-00Z.sqlite"), "");
    const stale = await check({ BACKUP_DIR: old }, { now: new Date("2026-11-26T03:00:00Z") });
    expect(line(stale, /backup/)).toMatchObject({ status: "fail", text: expect.stringMatching(/is 6 days old/) });
    expect(line(await check({ BACKUP_DIR: join(folder, "none") }), /backup/)).toMatchObject({ status: "warn" });
  });

  // Two commands started at once, each loading the settings, the data layer and nodemailer: seconds each, and over
  // 30 s on a two-core machine busy with other work.
  it(
    "as a command: a line each, ✓ or ✗ with what to do, and exit code 1 while anything is to fix",
    { timeout: 90_000 },
    async () => {
      const command = (env: Record<string, string>) =>
        run(process.execPath, ["--import", "tsx", join(root, "scripts", "doctor.ts")], {
          cwd: root,
          env: { ...process.env, ...good, NODE_EXTRA_CA_CERTS: certFile, ...env },
        }).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        );
      const [ready, missing] = await Promise.all([command({}), command({ SMTP_HOST: "" })]);
      expect(ready.stdout).toMatch(/^✓ Node/);
      expect(ready.stdout).not.toMatch(/^✗/m);
      expect(ready.stdout).toMatch(/\nReady\.\n$/);
      expect(ready.code).toBe(0);
      expect(missing.stdout).toMatch(/^✗ SMTP_HOST is not set.*\n {4}→ set SMTP_HOST/m);
      expect(missing.stdout).not.toMatch(/Enquiries are mailed/);
      expect(ready.stdout).toMatch(/^✓ Alerts on phones are on; the push services' contact is mailto:/m);
      expect(missing.stdout).toMatch(/\n1 to fix\.\n$/);
      expect(missing.code).toBe(1);
    },
  );
});
