import type { ConnectionOptions } from "node:tls";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";

/*
 * The mail transport (SMTP_*): the inbox's outbox mails each enquiry through it, the office's daily digest too.
 */

export interface SmtpConfig {
  host: string;
  port: number;
  /**
   * TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it, and required when
   * there is a login (`user`): the password never goes in clear.
   */
  secure: boolean;
  user: string;
  pass: string;
  from: string;
}

export interface MailMessage {
  /** The same for every copy of one enquiry's mail, so a resend is recognised as the same message. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a tax invoice's PDF: server/office/paid.ts). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** How this server's latest send went, for the owner's health page (server/data/health.ts). */
export interface MailStatus {
  ok: boolean;
  /** When that send ended (ms since the epoch). */
  at: number;
  /** Its error, when it failed. */
  error: string | null;
}

/** The mail transport and its addresses, when mail is set up (SMTP_HOST): the outbox's and the digest's. */
export interface OutgoingMail {
  sender: MailSender;
  /** The sender address (SMTP_FROM, else the agency's). */
  from: string;
  /** The agency's mailbox, the only recipient there ever is. */
  to: string;
}

export interface MailSender {
  /**
   * Resolves once the SMTP server has accepted the message. A refusal rejects with the server's reply code as
   * `responseCode` (nodemailer's errors carry it).
   */
  send(message: MailMessage): Promise<void>;
  close(): void;
  /** The latest send's outcome, null before the first; a sender that cannot say (a test's) leaves it out. */
  status?(): MailStatus | null;
}

/**
 * The transport's options. With a login (SMTP_USER), TLS is required: from the first byte (SMTP_SECURE), or by
 * STARTTLS, and a relay that does not upgrade (someone on the way may have stripped its offer) gets no password
 * and no mail, whatever its host, loopback included. Without a login the mail goes as before: STARTTLS when the
 * relay offers it, plain otherwise (a relay on loopback that needs no login).
 */
export function smtpTransportOptions(config: SmtpConfig, tls?: ConnectionOptions): SMTPPool.Options {
  const login = config.user !== "";
  return {
    // One connection kept open and reused: a new one per message (connect, greeting, EHLO, maybe TLS and a
    // login) cost the outbox most of its time when many enquiries wait.
    pool: true,
    maxConnections: 1,
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(login ? { auth: { user: config.user, pass: config.pass }, requireTLS: !config.secure } : {}),
    ...(tls ? { tls } : {}),
    // A hung mail server must not hold the worker (or a shutdown) for the default ten minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
}

/** The error of a relay that would not upgrade to TLS when a login needs it (smtpSender): never sent in clear. */
export class TlsRequiredError extends Error {
  override readonly name = "TlsRequiredError";
}

export function isTlsRefusal(error: unknown): error is TlsRequiredError {
  return error instanceof TlsRequiredError;
}

/** Sends through the relay of SMTP_*; `tls` is for tests (a certificate of their own to trust). */
export function smtpSender(config: SmtpConfig, options: { tls?: ConnectionOptions } = {}): MailSender {
  const transportOptions = smtpTransportOptions(config, options.tls);
  const transport = nodemailer.createTransport(transportOptions);
  let latest: MailStatus | null = null;
  const where = `${config.host}:${config.port}`;
  return {
    async send(message) {
      try {
        // The envelope is set explicitly so that no header (Reply-To included) can ever become a recipient.
        await transport.sendMail({ ...message, envelope: { from: message.from, to: [message.to] } });
      } catch (error) {
        const failure =
          transportOptions.requireTLS && (error as { code?: unknown } | null)?.code === "ETLS"
            ? // No reply code: the relay did not refuse the message, so the enquiry is tried again, never set aside.
              new TlsRequiredError(
                `The mail server ${where} did not upgrade to TLS (${error instanceof Error ? error.message : error}): ` +
                  "with SMTP_USER set, the password goes only over TLS, so nothing was sent. Check that the server " +
                  "offers STARTTLS (someone on the way may be stripping it), or use SMTP_SECURE=true with its TLS port",
                { cause: error },
              )
            : error;
        latest = { ok: false, at: Date.now(), error: failure instanceof Error ? failure.message : String(failure) };
        throw failure;
      }
      latest = { ok: true, at: Date.now(), error: null };
    },
    close() {
      transport.close();
    },
    status: () => latest,
  };
}

/** A refusal the mail server means for good (a 5xx reply): trying again the same way will not help. */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("responseCode" in error)) return false;
  const code = Number(error.responseCode);
  return code >= 500 && code < 600;
}
