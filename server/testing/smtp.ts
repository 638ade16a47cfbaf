import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  recipients: string[];
  raw: string;
}

export interface LocalSmtpOptions {
  /**
   * Advertise AUTH and take any login, over plain TCP too: what a relay looks like to the site when STARTTLS is
   * stripped on the way. Each login is kept in `logins`.
   */
  acceptLogins?: boolean;
  /** Offer STARTTLS with this key and certificate; without it the server offers no STARTTLS. */
  tls?: { key: string; cert: string };
}

export interface SmtpLogin {
  user: string;
  pass: string;
  /** Whether the connection was encrypted when the login came. */
  secure: boolean;
}

/** A loopback SMTP server that keeps what it receives, for tests and the benchmark. */
export class LocalSmtp {
  readonly received: ReceivedMail[] = [];
  /** Every login the server was sent: over plain TCP only with `acceptLogins`, over TLS whenever it offers it. */
  readonly logins: SmtpLogin[] = [];
  /** A permanent (5xx) or temporary (4xx) code to refuse every recipient with; null accepts them. */
  rejectWith: number | null = null;
  private server: SMTPServer | undefined;

  constructor(private readonly options: LocalSmtpOptions = {}) {}

  /** Starts listening; pass the previous port to come back on the same address after stop(). */
  async start(port = 0): Promise<number> {
    const { acceptLogins = false, tls } = this.options;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: tls ? [] : ["STARTTLS"],
      ...(tls ? { key: tls.key, cert: tls.cert } : {}),
      allowInsecureAuth: acceptLogins,
      authMethods: ["PLAIN", "LOGIN"],
      onAuth: (auth, session, callback) => {
        this.logins.push({ user: auth.username ?? "", pass: auth.password ?? "", secure: session.secure });
        callback(null, { user: auth.username });
      },
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (this.rejectWith === null) return callback();
        const error = Object.assign(new Error("Mailbox unavailable"), {
          responseCode: this.rejectWith,
        });
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    return (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The decoded text/plain or text/html part of a raw message (enough MIME for nodemailer's output). */
export function mailPart(raw: string, type: "text/plain" | "text/html"): string {
  const sections = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const section of sections) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = section.slice(0, split);
    if (!new RegExp(`content-type:\\s*${type}`, "i").test(headers)) continue;
    const body = section
      .slice(split)
      .replace(/^\r?\n\r?\n/, "")
      .replace(/\r?\n--[^\r\n]+--[\s\S]*$/, "");
    return decodePart(headers, body);
  }
  throw new Error(`No ${type} part in the message`);
}

/** A header's raw value (unfolded); MIME-encoded words are left as they are. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1];
}
