// @vitest-environment node
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./data/open";
import type { DatabaseSetting } from "./data/settings";
import { engines } from "./data/testing/engines";
import { defaultSpamConfig } from "./inbox/spam";
import { spawnServer } from "./testing/child-server";
import { makeFakeClientRoot } from "./testing/fake-client";
import {
  accepted,
  enquiryForm,
  removeTestDirs,
  send,
  startOn,
  testDatabase,
  validEnquiry,
} from "./testing/inbox-server";
import { solvedProof } from "./testing/pow";

/*
 * The privacy page says the site keeps no IP address and no browser details. A visitor's page view, statistics
 * beacon and enquiry, sent through a trusted proxy from a distinctive address with a distinctive browser, must
 * then leave neither anywhere: in no table of the database, on either engine, and not in the request log.
 */

afterAll(removeTestDirs);

const address = "203.0.113.77";
const userAgent =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Zq7Wv/4.2";
/** A query string only this test sends, as the office's data-protection search sends an e-mail address. */
const query = "?email=zq7.person%40example.com";
const visitor = { "x-forwarded-for": address, "user-agent": userAgent };
const spam = { ...defaultSpamConfig, powMaxNumber: 2_000, minFillMs: 300 };
const flushMs = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each way an address, or a rate limit's key for it, might be written: as it is, or as its plain SHA-256. */
function traces(): string[] {
  const found = [address, userAgent, "Zq7Wv"];
  for (const text of [address, `office-sign-in:${address}`]) {
    const digest = createHash("sha256").update(text).digest();
    found.push(digest.toString("hex"), digest.toString("base64"), digest.toString("base64url"));
  }
  return found;
}

/** Every row of every table, as text, read through the engine's own catalogue. */
async function everyTable(setting: DatabaseSetting): Promise<Map<string, string>> {
  const database = await openDatabase(setting, { migrate: false });
  try {
    const listed =
      database.engine === "sqlite"
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db)
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            database.db,
          );
    const tables = new Map<string, string>();
    for (const { name } of listed.rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db);
      tables.set(name, JSON.stringify(rows.rows));
    }
    return tables;
  } finally {
    await database.close();
  }
}

function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: { level: "info", stream } };
}

describe.each(engines)("issue 34, finding 11: a visitor leaves no address and no user agent, on %s", (engine) => {
  it("keeps neither in any table nor in the request log after a visit, a beacon and an enquiry", async () => {
    const log = logCollector();
    const server = await startOn(engine, {
      rateLimit: 10,
      inbox: { spam },
      server: { trustProxy: "127.0.0.1", logger: log.logger, stats: { flushMs } },
    });
    try {
      const page = await fetch(`${server.origin}/${query}`, { headers: visitor });
      expect(page.status).toBe(200);
      const beacon = await fetch(`${server.origin}/api/stats`, {
        method: "POST",
        headers: { ...visitor, "content-type": "text/plain;charset=UTF-8", origin: "http://localhost:3000" },
        body: JSON.stringify({ kind: "view", path: "/", source: "direct" }),
      });
      expect(beacon.status).toBe(204);
      const proof = await solvedProof(server.origin);
      await sleep(spam.minFillMs);
      const enquiry = await send(`${server.url}${query}`, {
        headers: visitor,
        body: enquiryForm({ ...validEnquiry, name: "Zq7 Visitor", altcha: proof }),
      });
      expect({ status: enquiry.status, body: enquiry.body }).toEqual(accepted);
      await sleep(flushMs * 5);

      const tables = await everyTable(server.database);
      // What was sent was kept, so the search below looks where it should.
      expect(tables.get("enquiries")).toContain('"device":"phone"');
      expect(tables.get("stat_events")).toContain('"device":"phone"');
      expect(JSON.parse(tables.get("rate_limits") ?? "[]")).toHaveLength(1);
      for (const [table, rows] of tables) {
        for (const trace of traces()) expect(rows, `${table} holds ${trace}`).not.toContain(trace);
      }

      const logged = log.lines.join("");
      expect(logged).toContain('"url":"/"');
      expect(logged).toContain('"url":"/api/submit"');
      for (const trace of [...traces(), query, "zq7.person"]) expect(logged).not.toContain(trace);
    } finally {
      await server.app.close();
    }
  }, 30_000);
});

describe("issue 34, finding 11: the request log keeps addresses and query strings only when told to", () => {
  it("logs each request's path alone by default, the whole address and the visitor's with logVisitors", async () => {
    for (const logVisitors of [false, true]) {
      const log = logCollector();
      const server = await startOn("sqlite", {
        server: { trustProxy: "127.0.0.1", logger: log.logger, logVisitors },
      });
      try {
        expect((await fetch(`${server.origin}/${query}`, { headers: visitor })).status).toBe(200);
      } finally {
        await server.app.close();
      }
      const logged = log.lines.join("");
      expect(logged).toContain('"url":"/');
      if (logVisitors) {
        expect(logged).toContain(`"url":"/${query}"`);
        expect(logged).toContain(`"remoteAddress":"${address}"`);
      } else {
        expect(logged).not.toContain(query);
        expect(logged).not.toContain(address);
      }
      // The browser's User-Agent is never logged.
      expect(logged).not.toContain("Zq7Wv");
    }
  });

  it("reads LOG_VISITORS=on at start", async () => {
    const clientRoot = makeFakeClientRoot();
    const database = await testDatabase("sqlite");
    if (database.engine !== "sqlite") throw new Error("an SQLite database was asked for");
    const server = await spawnServer({
      CLIENT_ROOT: clientRoot,
      DATABASE_URL: `sqlite:${database.path}`,
      SMTP_HOST: "",
      LOG: "on",
      LOG_VISITORS: "on",
      TRUST_PROXY: "127.0.0.1",
    });
    try {
      expect((await fetch(`${server.url}/${query}`, { headers: visitor })).status).toBe(200);
      await sleep(200);
      expect(server.output()).toContain(`"url":"/${query}"`);
      expect(server.output()).toContain(`"remoteAddress":"${address}"`);
    } finally {
      server.process.kill("SIGTERM");
      await server.exited;
      rmSync(clientRoot, { recursive: true, force: true });
    }
  }, 60_000);
});
