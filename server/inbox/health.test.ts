// @vitest-environment node
import { afterAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import { inboxAlone, storedEnquiry } from "../testing/inbox-alone";
import { removeTestDirs, testDatabase, waitFor } from "../testing/inbox-server";
import { LocalSmtp } from "../testing/smtp";
import { healthDetails } from "../data/health";

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

      const details = await healthDetails(app.database, state.mail);
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
      const details = await healthDetails(app.database, state.mail);
      if (details.database.ok) throw new Error("The database opened");
      expect(details.database.error).toMatch(/\w/);
      expect(health.body).not.toContain(details.database.error);
      expect(details.outbox).toBeNull();
    } finally {
      await app.close();
    }
  });
});
