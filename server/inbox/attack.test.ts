// @vitest-environment node
import Database from "better-sqlite3";
import { execFileSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../testing/fake-client";
import {
  accepted,
  enquiries,
  enquiryForm,
  json,
  newDbPath,
  post,
  readRows,
  refused,
  removeTestDirs,
  send,
  start,
  startOn,
  testDatabase,
  validEnquiry,
  waitFor,
} from "../testing/inbox-server";
import { LocalSmtp, mailHeader } from "../testing/smtp";
import { readInboxConfig } from "./config";
import { openDatabase } from "../data/open";
import { engines } from "../data/testing/engines";

/* Findings 4-6 of the attack review, each reproduced against a real server on loopback. */

afterAll(removeTestDirs);

const crossSite = /accepted only from this website/;

describe("the inbox answers only its own site (finding 4)", () => {
  it("refuses a post from another site, by Origin or by Sec-Fetch-Site, and stores nothing", async () => {
    const server = await start();
    try {
      const body = () => enquiryForm(validEnquiry);
      const attempts: Record<string, string>[] = [
        { origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
        { origin: "https://attacker.example" },
        { "sec-fetch-site": "cross-site" },
        { origin: "null", "sec-fetch-site": "cross-site" },
        { origin: `${server.origin}.attacker.example` },
      ];
      for (const headers of attempts) {
        expect(await post(server.url, { headers, body: body() }), JSON.stringify(headers)).toEqual(
          refused(403, crossSite),
        );
      }
      const contact = await post(server.url, {
        headers: { "content-type": "application/json", origin: "https://attacker.example" },
        body: JSON.stringify({ name: "Bo", message: "Hi" }),
      });
      expect(contact).toEqual(refused(403, crossSite));
      expect(server.rows()).toEqual([]);
    } finally {
      await server.app.close();
    }
  });

  it("takes same-origin posts, posts from the site's public address, and clients that send no Origin", async () => {
    const server = await start({ env: { SITE_URL: "https://www.karama-visa.example" } });
    try {
      const sameOrigin = { origin: server.origin, "sec-fetch-site": "same-origin" };
      expect(await post(server.url, { headers: sameOrigin, body: enquiryForm(validEnquiry) })).toEqual(accepted);
      // Behind a TLS proxy the browser's Origin is the public address, not what the server itself sees.
      const publicAddress = { origin: "https://www.karama-visa.example", "sec-fetch-site": "same-origin" };
      expect(await post(server.url, { headers: publicAddress, body: enquiryForm(validEnquiry) })).toEqual(accepted);
      expect(await post(server.url, { body: enquiryForm(validEnquiry) })).toEqual(accepted);
      expect(await post(server.url, json({ name: "Bo", message: "Hi" }))).toEqual(accepted);
      expect(server.rows()).toHaveLength(4);
    } finally {
      await server.app.close();
    }
  });

  it("takes posts from the extra allowed origins, with the CORS headers their pages need to read the answer", async () => {
    const cdn = "https://cdn.karama-visa.example";
    const server = await start({ inbox: { allowedOrigins: [cdn] } });
    try {
      const reply = await send(server.url, {
        headers: { origin: cdn, "sec-fetch-site": "cross-site" },
        body: enquiryForm(validEnquiry),
      });
      expect({ status: reply.status, body: reply.body }).toEqual(accepted);
      expect(reply.headers.get("access-control-allow-origin")).toBe(cdn);
      expect(reply.headers.get("vary")).toMatch(/origin/i);

      // The Contact form sends JSON, which the browser asks about first.
      const preflight = await fetch(server.url, {
        method: "OPTIONS",
        headers: {
          origin: cdn,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(cdn);
      expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
      expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");

      const stranger = await fetch(server.url, {
        method: "OPTIONS",
        headers: { origin: "https://attacker.example", "access-control-request-method": "POST" },
      });
      expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
      expect(
        await post(server.url, { headers: { origin: "https://attacker.example" }, body: enquiryForm(validEnquiry) }),
      ).toEqual(refused(403, crossSite));
      expect(server.rows()).toHaveLength(1);
    } finally {
      await server.app.close();
    }
  });

  it("reads the extra origins from INBOX_ALLOWED_ORIGINS", () => {
    expect(readInboxConfig({}, "a@b.example").allowedOrigins).toEqual([]);
    const config = readInboxConfig(
      { INBOX_ALLOWED_ORIGINS: " https://cdn.example.net/ , http://localhost:5173" },
      "a@b.example",
    );
    expect(config.allowedOrigins).toEqual(["https://cdn.example.net", "http://localhost:5173"]);
    expect(() => readInboxConfig({ INBOX_ALLOWED_ORIGINS: "cdn.example.net" }, "a@b.example")).toThrow(
      /INBOX_ALLOWED_ORIGINS/,
    );
    expect(() => readInboxConfig({ INBOX_ALLOWED_ORIGINS: "https://cdn.example.net/path" }, "a@b.example")).toThrow(
      /INBOX_ALLOWED_ORIGINS/,
    );
  });
});

/** Opens a raw connection, writes `text` and resolves with how long the server took to close it. */
function closedAfter(port: number, text: string): Promise<{ ms: number; reply: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let reply = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (chunk) => (reply += chunk.toString()));
    socket.on("error", reject);
    socket.on("close", () => resolve({ ms: Date.now() - started, reply }));
    setTimeout(() => socket.destroy(new Error("the server kept a slow connection open")), 5_000).unref();
  });
}

describe("the server stays up (finding 5)", () => {
  it("has header, request and keep-alive timeouts by default", async () => {
    const server = await start();
    try {
      const http = server.app.server;
      expect(http.headersTimeout).toBe(10_000);
      expect(http.requestTimeout).toBe(30_000);
      expect(http.keepAliveTimeout).toBe(5_000);
    } finally {
      await server.app.close();
    }
  });

  it("closes connections that send their headers or body too slowly, or sit idle", async () => {
    const server = await start({
      server: { timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 300, checkEveryMs: 50 } },
    });
    try {
      const port = Number(new URL(server.origin).port);
      // Closed by these timeouts (300 and 600 ms), not by the defaults (5, 10 and 30 s): within 4 s leaves room
      // for a busy machine (1.5 s was once missed by 30 ms beside the end-to-end tests).
      const slowHeaders = await closedAfter(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
      expect(slowHeaders.ms).toBeLessThan(4_000);
      const slowBody = await closedAfter(
        port,
        "POST /api/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      );
      expect(slowBody.ms).toBeLessThan(4_000);
      expect(slowBody.reply).toMatch(/^HTTP\/1.1 408/);
      const idle = await closedAfter(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
      expect(idle.reply).toMatch(/^HTTP\/1.1 200/);
      expect(idle.ms).toBeLessThan(4_000);
    } finally {
      await server.app.close();
    }
  });

  it("keeps serving pages while the database is locked, and stores the waiting enquiry once it is free", async () => {
    const server = await start();
    const other = new Database(server.dbPath);
    try {
      other.exec("BEGIN IMMEDIATE");
      const submission = post(server.url, { body: enquiryForm(validEnquiry) });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      const page = await fetch(`${server.origin}/`);
      expect(page.status).toBe(200);
      // Not held by the lock: an insert waiting on it inside the event loop would hold every page for the busy
      // timeout (5 s). Half of that leaves room for a busy machine (300 ms was missed beside the end-to-end tests).
      expect(performance.now() - started).toBeLessThan(2_500);
      other.exec("COMMIT");
      expect(await submission).toEqual(accepted);
      expect(server.rows()).toHaveLength(1);
    } finally {
      other.close();
      await server.app.close();
    }
  });

  it("answers 503 when the database stays locked too long, and stores nothing", async () => {
    const server = await start({ inbox: { busyWaitMs: 300 } });
    const other = new Database(server.dbPath);
    try {
      other.exec("BEGIN IMMEDIATE");
      expect(await post(server.url, { body: enquiryForm(validEnquiry) })).toEqual(refused(503, /busy/));
      other.exec("ROLLBACK");
      expect(server.rows()).toEqual([]);
    } finally {
      other.close();
      await server.app.close();
    }
  });

  it("serves the pages when the database cannot be opened, and answers 503 to submissions", async () => {
    const dir = makeTempDir("inbox-broken-");
    writeFileSync(join(dir, "not-a-folder"), "");
    const server = await start({ dbPath: join(dir, "not-a-folder", "inbox.sqlite") });
    try {
      expect((await fetch(`${server.origin}/`)).status).toBe(200);
      expect(await post(server.url, { body: enquiryForm(validEnquiry) })).toEqual(
        refused(503, /cannot take enquiries right now/),
      );
      const health = await fetch(`${server.origin}/healthz`);
      expect(health.status).toBe(503);
      // Issue 34, finding 10: ok or not and the engine, not the reason.
      expect(await health.json()).toEqual({ status: "error", database: { engine: "sqlite", ok: false } });
    } finally {
      await server.app.close();
    }
  });

  it("serves the pages when the SQLite file is read-only, and acknowledges nothing it cannot store", async () => {
    const dbPath = newDbPath();
    const before = await start({ dbPath });
    expect(await post(before.url, { body: enquiryForm(validEnquiry) })).toEqual(accepted);
    await before.app.close();
    const folder = join(dbPath, "..");
    // Root writes whatever the permissions say: the file and its folder are made immutable instead.
    const asRoot = process.getuid?.() === 0;
    const lock = (on: boolean) => {
      if (asRoot) execFileSync("chattr", [on ? "+i" : "-i", dbPath, folder]);
      else {
        chmodSync(dbPath, on ? 0o444 : 0o644);
        chmodSync(folder, on ? 0o555 : 0o755);
      }
    };
    lock(true);
    try {
      const server = await start({ dbPath });
      try {
        expect((await fetch(`${server.origin}/`)).status).toBe(200);
        expect(await post(server.url, { body: enquiryForm(validEnquiry) })).toEqual(
          refused(503, /cannot take enquiries right now/),
        );
        expect((await fetch(`${server.origin}/healthz`)).status).toBe(503);
      } finally {
        await server.app.close();
      }
    } finally {
      lock(false);
    }
    expect(readRows(dbPath)).toHaveLength(1);
  });
});

describe("mail that can be trusted (finding 6)", () => {
  it("stops after a bounded number of permanent (5xx) rejections, shows them and lets the agency re-queue", async () => {
    const smtp = new LocalSmtp();
    const smtpPort = await smtp.start();
    smtp.rejectWith = 550;
    const server = await start({ smtpPort, inbox: { maxRejections: 3, pollMs: 50 } });
    try {
      await post(server.url, { body: enquiryForm(validEnquiry) });
      await waitFor(() => server.rows()[0]?.status === "rejected", "the enquiry to be set aside");
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(server.rows()[0]).toMatchObject({ status: "rejected", attempts: 3, rejections: 3 });
      expect(server.rows()[0]?.last_error).toMatch(/550/);

      const pending = await enquiries(server.dbPath, "--pending");
      expect(pending).toMatch(/1 rejected by the mail server/);
      expect(pending).toMatch(/Aisha Khan/);
      expect(pending).toMatch(/--requeue 1/);

      smtp.rejectWith = null;
      expect(await enquiries(server.dbPath, "--requeue", "1")).toMatch(/#1 is queued again/);
      await waitFor(() => server.rows()[0]?.status === "sent", "delivery after the re-queue");
      expect(smtp.received).toHaveLength(1);
    } finally {
      await server.app.close();
      await smtp.stop();
    }
    // Two runs of the enquiries command (each a process loading the database layer) and two deliveries: 20 s ran
    // out at a load of 12 on two cores.
  }, 60_000);

  it("says at start how many enquiries the mail server rejected", async () => {
    const dbPath = newDbPath();
    const first = await start({ dbPath });
    await post(first.url, { body: enquiryForm(validEnquiry) });
    await first.app.close();
    const db = new Database(dbPath);
    db.exec("UPDATE outbox SET status = 'rejected', rejections = 3, last_error = '550 no such mailbox'");
    db.close();
    const logged: string[] = [];
    const server = await start({
      dbPath,
      server: { logger: { level: "info", stream: { write: (line: string) => void logged.push(line) } } },
    });
    try {
      expect(logged.join("")).toMatch(/1 enquiry was rejected by the mail server and is no longer tried/);
    } finally {
      await server.app.close();
    }
  });
});

describe.each(engines)("on %s", (engine) => {
  it("says on GET /healthz whether the database answers and mail flows, and no more (issue 34, finding 10)", async () => {
    const smtp = new LocalSmtp();
    const port = await smtp.start();
    await smtp.stop();
    const server = await startOn(engine, { smtpPort: port });
    try {
      const empty = await fetch(`${server.origin}/healthz`);
      expect(empty.status).toBe(200);
      expect(empty.headers.get("cache-control")).toBe("no-store");
      expect(await empty.json()).toEqual({ status: "ok", database: { engine, ok: true } });
      await post(server.url, { body: enquiryForm(validEnquiry) });
      await post(server.url, json({ name: "Bo", message: "Hi" }));
      await waitFor(async () => (await server.stored()).every((row) => row.attempts >= 1), "a failed attempt");
      // The counts and the mail server's error are the owner's (health.test.ts); the server stays in service.
      const health = await fetch(`${server.origin}/healthz`);
      expect(health.status).toBe(200);
      const body = await health.text();
      expect(JSON.parse(body)).toEqual({ status: "degraded", database: { engine, ok: true } });
      expect(body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await server.app.close();
    }
  });

  it("sends a resend after a crash with the same Message-ID", async () => {
    const smtp = new LocalSmtp();
    const smtpPort = await smtp.start();
    const database = await testDatabase(engine);
    try {
      const first = await start({ smtpPort, database });
      await post(first.url, { body: enquiryForm(validEnquiry) });
      await waitFor(async () => (await first.stored())[0]?.status === "sent", "the first delivery");
      await first.app.close();
      // What a crash between the mail server's acceptance and the mark leaves behind.
      const opened = await openDatabase(database, { migrate: false });
      await opened.db.updateTable("outbox").set({ status: "pending", sent_at: null }).execute();
      await opened.close();
      const second = await start({ smtpPort, database });
      await waitFor(() => smtp.received.length === 2, "the resend");
      await second.app.close();
      const [once, again] = smtp.received.map((mail) => mailHeader(mail.raw, "Message-ID"));
      expect(once).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
      expect(again).toBe(once);
    } finally {
      await smtp.stop();
    }
  });
});
