// @vitest-environment node
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "./data/testing/engines";
import { makeTempDir } from "./testing/fake-client";
import { inboxAlone, storedEnquiry } from "./testing/inbox-alone";
import { removeTestDirs, testDatabase, waitFor } from "./testing/inbox-server";
import { LocalSmtp } from "./testing/smtp";
import type { SmtpConfig } from "./mailer";
import { healthDetails } from "./data/health";
import { smtpSender, smtpTransportOptions } from "./mailer";

afterAll(removeTestDirs);

const login = { user: "website@karama.example", pass: "the-mail-password" };
const smtpOn = (port: number, extra: Partial<SmtpConfig> = {}): SmtpConfig => ({
  host: "127.0.0.1",
  port,
  secure: false,
  user: "",
  pass: "",
  from: "website@karama.example",
  ...extra,
});

describe.each(engines)("issue 34, finding 4: the mail server's password never goes out in clear (on %s)", (engine) => {
  it("with SMTP_USER and a relay offering no STARTTLS: no login reaches it, the enquiry waits, the error is logged, mail is not ok", async () => {
    const smtp = new LocalSmtp({ acceptLogins: true });
    const port = await smtp.start();
    const { app, state, store, kick, logged } = await inboxAlone(await testDatabase(engine), {
      smtp: smtpOn(port, login),
    });
    try {
      const id = await store().add(storedEnquiry);
      kick();
      await waitFor(
        async () =>
          (await store().all()).some((row) => row.id === id && (row.attempts >= 2 || row.status !== "pending")),
        "two attempts",
      );
      expect(smtp.logins).toEqual([]);
      expect(smtp.received).toEqual([]);
      const [row] = await store().all();
      expect(row).toMatchObject({ status: "pending", rejections: 0 });
      expect(row?.lastError).toMatch(/STARTTLS/);
      const errors = logged.filter((line) => line.level >= 50).map((line) => line.msg);
      expect(errors.join("\n")).toMatch(/STARTTLS[\s\S]*SMTP_USER/);
      const details = await healthDetails(app.database, state.mail);
      expect(details.mail).toMatchObject({ ok: false, error: expect.stringMatching(/STARTTLS/) });
      expect(details.outbox).toMatchObject({ pending: 1, rejected: 0 });
      const health = await app.inject("/healthz");
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: "degraded", database: { engine, ok: true } });
    } finally {
      await app.close();
      await smtp.stop();
    }
  });

  it("without SMTP_USER, a plain relay on loopback still gets the mail (STARTTLS only when offered)", async () => {
    const smtp = new LocalSmtp({ acceptLogins: true });
    const port = await smtp.start();
    const { app, state, store, kick } = await inboxAlone(await testDatabase(engine), { smtp: smtpOn(port) });
    try {
      await store().add(storedEnquiry);
      kick();
      await waitFor(async () => (await store().all())[0]?.status === "sent", "the delivery");
      expect(smtp.received).toHaveLength(1);
      expect(smtp.logins).toEqual([]);
      expect((await healthDetails(app.database, state.mail)).mail).toMatchObject({ ok: true, error: null });
      expect((await app.inject("/healthz")).json()).toEqual({ status: "ok", database: { engine, ok: true } });
    } finally {
      await app.close();
      await smtp.stop();
    }
  });
});

describe("issue 34, finding 4: TLS is required with a login, whatever the host", () => {
  let tls: { key: string; cert: string };
  beforeAll(() => {
    const dir = makeTempDir("smtp-tls-");
    const key = join(dir, "key.pem");
    const cert = join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"],
        ...["-addext", "subjectAltName=IP:127.0.0.1"],
      ],
      { stdio: "ignore" },
    );
    tls = { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
  });

  it("asks nodemailer for STARTTLS when a user is set, on loopback too, and not without one or with SMTP_SECURE", () => {
    expect(smtpTransportOptions(smtpOn(587, login))).toMatchObject({ requireTLS: true, secure: false });
    expect(smtpTransportOptions(smtpOn(587, { ...login, host: "localhost" }))).toMatchObject({ requireTLS: true });
    expect(smtpTransportOptions(smtpOn(465, { ...login, secure: true }))).toMatchObject({ secure: true });
    expect(smtpTransportOptions(smtpOn(465, { ...login, secure: true })).requireTLS).toBeFalsy();
    expect(smtpTransportOptions(smtpOn(25)).requireTLS).toBeFalsy();
    expect(smtpTransportOptions(smtpOn(25)).auth).toBeUndefined();
  });

  it("logs in over STARTTLS when the relay offers it, and delivers", async () => {
    const smtp = new LocalSmtp({ tls });
    const port = await smtp.start();
    const sender = smtpSender(smtpOn(port, login), { tls: { ca: tls.cert } });
    try {
      await sender.send({
        messageId: "<t@karama.example>",
        from: "website@karama.example",
        to: "office@example.com",
        subject: "Hello",
        text: "Hello",
        html: "<p>Hello</p>",
      });
      expect(smtp.logins).toEqual([{ ...login, secure: true }]);
      expect(smtp.received).toHaveLength(1);
      expect(sender.status?.()).toMatchObject({ ok: true, error: null });
    } finally {
      sender.close();
      await smtp.stop();
    }
  });
});
