// @vitest-environment node
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { afterAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import { Health } from "../office/pages/health";
import { inboxAlone, storedEnquiry } from "../testing/inbox-alone";
import { removeTestDirs, testDatabase, waitFor } from "../testing/inbox-server";
import { LocalSmtp } from "../testing/smtp";
import { healthDetails, type HealthDetails } from "./health";

afterAll(removeTestDirs);

/** A port nothing listens on: the mail server is down. */
async function closedPort(): Promise<number> {
  const smtp = new LocalSmtp();
  const port = await smtp.start();
  await smtp.stop();
  return port;
}

const smtpOn = (port: number) => ({
  host: "127.0.0.1",
  port,
  secure: false,
  user: "",
  pass: "",
  from: "website@karama.example",
});

describe.each(engines)("issue 34, finding 10: the public /healthz says ok or not, and the engine (on %s)", (engine) => {
  it("shows neither the mail server's error nor the counts; the owner's report has them", async () => {
    const port = await closedPort();
    const { app, state, store, kick } = await inboxAlone(await testDatabase(engine), { smtp: smtpOn(port) });
    try {
      const empty = await app.inject("/healthz");
      expect(empty.statusCode).toBe(200);
      expect(empty.headers["cache-control"]).toBe("no-store");
      expect(empty.json()).toEqual({ status: "ok", database: { engine, ok: true } });

      await store().add(storedEnquiry);
      await store().add({ ...storedEnquiry, kind: "contact", name: "Bo" });
      kick();
      await waitFor(async () => (await store().all()).every((row) => row.attempts >= 1), "a failed attempt");

      const health = await app.inject("/healthz");
      // The database answers: the server stays in; mail is broken: a monitor reading the body sees it.
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: "degraded", database: { engine, ok: true } });
      expect(health.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|pending|held/);
      expect(health.body).not.toContain(String(port));

      const details = await healthDetails(state);
      expect(details).toEqual({
        checkedAt: expect.any(Number),
        database: { engine, ok: true },
        outbox: {
          pending: 2,
          oldestPendingSeconds: expect.any(Number),
          rejected: 0,
          held: 0,
          lastError: expect.stringMatching(/ECONNREFUSED/),
        },
        mail: { ok: false, at: expect.any(Number), error: expect.stringMatching(/ECONNREFUSED/) },
      });
    } finally {
      await app.close();
    }
  });

  it("a database that cannot be opened: 503 with the engine only; the reason is in the owner's report", async () => {
    const database =
      engine === "sqlite"
        ? { engine, path: "/dev/null/not-a-folder/inbox.sqlite" }
        : { engine, url: "postgres://nobody@127.0.0.1:9/none", safeUrl: "postgres://127.0.0.1:9/none" };
    const { app, state } = await inboxAlone(database, { reopenMs: 60_000 });
    try {
      const health = await app.inject("/healthz");
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: "error", database: { engine, ok: false } });
      const details = await healthDetails(state);
      if (details.database.ok) throw new Error("The database opened");
      expect(details.database.error).toMatch(/\w/);
      expect(health.body).not.toContain(details.database.error);
      expect(details.outbox).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe("issue 34, finding 10: the owner's health page", () => {
  const now = Date.parse("2026-05-04T08:00:00Z");
  const broken: HealthDetails = {
    checkedAt: now,
    database: { engine: "postgres", ok: true },
    outbox: {
      pending: 3,
      oldestPendingSeconds: 7200,
      rejected: 1,
      held: 4,
      lastError: "connect ECONNREFUSED 127.0.0.1:2525",
    },
    mail: { ok: false, at: now - 5 * 60_000, error: "connect ECONNREFUSED 127.0.0.1:2525" },
  };
  const text = (report: HealthDetails) =>
    renderToString(h(Health, { report }))
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");

  it("shows the mail server's error, the outbox's counts and the oldest wait", () => {
    const page = text(broken);
    expect(page).toMatch(/PostgreSQL/);
    expect(page).toMatch(/The latest mail could not be sent \(5 min ago\)/);
    expect(page).toMatch(/Error: connect ECONNREFUSED 127\.0\.0\.1:2525/);
    expect(page).toMatch(/Waiting to be mailed 3 Set aside \(refused\) 1 Held as spam 4/);
    expect(page).toMatch(/The oldest has waited 2 hours/);
    expect(page).toMatch(/npm run enquiries -- --pending/);
  });

  it("says when all is well, when mail is not set up and when the database is down", () => {
    const well = text({
      ...broken,
      outbox: { pending: 0, oldestPendingSeconds: null, rejected: 0, held: 0, lastError: null },
      mail: { ok: true, at: now - 60_000, error: null },
    });
    expect(well).toMatch(/The latest mail was sent 1 min ago/);
    expect(well).not.toMatch(/error|oldest/i);
    expect(text({ ...broken, mail: null })).toMatch(/Not set up \(SMTP_HOST\)/);
    expect(text({ ...broken, mail: { ok: null, at: null, error: null } })).toMatch(/Nothing sent since/);
    const down = text({
      checkedAt: now,
      database: { engine: "sqlite", ok: false, error: "SQLITE_CANTOPEN: unable to open database file" },
      outbox: null,
      mail: null,
    });
    expect(down).toMatch(/SQLite .* cannot be opened or read/);
    expect(down).toMatch(/SQLITE_CANTOPEN/);
    expect(down).not.toMatch(/Outbox/);
  });
});
