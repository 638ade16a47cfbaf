import nodemailer from "nodemailer";
import type { SmtpConfig } from "./config";
import type { MailMessage } from "./mail";

export interface MailSender {
  /**
   * Resolves once the SMTP server has accepted the message. A refusal rejects with the server's reply code as
   * `responseCode` (nodemailer's errors carry it).
   */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpSender(config: SmtpConfig): MailSender {
  const transport = nodemailer.createTransport({
    // One connection kept open and reused: a new one per message (connect, greeting, EHLO, maybe TLS and a
    // login) cost the outbox most of its time when many enquiries wait.
    pool: true,
    maxConnections: 1,
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.user ? { auth: { user: config.user, pass: config.pass } } : {}),
    // A hung mail server must not hold the worker (or a shutdown) for the default ten minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      // The envelope is set explicitly so that no header (Reply-To included) can ever become a recipient.
      await transport.sendMail({ ...message, envelope: { from: message.from, to: [message.to] } });
    },
    close() {
      transport.close();
    },
  };
}

/** A refusal the mail server means for good (a 5xx reply): trying again the same way will not help. */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("responseCode" in error)) return false;
  const code = Number(error.responseCode);
  return code >= 500 && code < 600;
}
