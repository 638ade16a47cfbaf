/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Database } from "../data/open";
import type { DatabaseResource } from "../data/resource";
import type { OutgoingMail } from "../mailer";
import type { Keyring } from "../data/cases/vault";
import type { Checklists } from "../papers/checklist";
import type { Agency as InvoiceAgency } from "../data/invoices/store";
import type { PaymentProvider } from "../pay/provider";
import type { PushService } from "../push/plugin";
import { Accounts } from "./accounts";
import type { OfficeAssets } from "./assets";
import type { OfficeConfig } from "./config";
import { Notice, Page, type PageProps } from "./pages/layout";
import { Passkeys } from "./passkeys";
import type { ReplyTexts } from "./replies";
import { type Session, Sessions } from "./sessions";
import { Work } from "./work";
import { NextSteps } from "./next-steps";

export const cookieName = "__Host-office";

/** An answer the office gives on purpose: its status and the words shown (a page, or the script's JSON). */
export class OfficeError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The office's stores, on the server's database as it is now: built once per connection. */
export interface Parts {
  database: Database;
  accounts: Accounts;
  sessions: Sessions;
  work: Work;
  /** Next steps, the Due tab, linked enquiries (issue 37). */
  steps: NextSteps;
  passkeys: Passkeys;
}

type PageExtra = { status?: number; section?: PageProps["section"] };

/** The travellers' cases (issue 56): the documents key their papers are sealed under, and what they ask for. */
export interface OfficeCases {
  keyring: Keyring;
  /** DOCUMENTS_KEEP_DAYS: a closed case's papers are deleted after this many days. */
  keepDays: number;
  checklists: Checklists;
  /** The agency's phone (PHONE), in the traveller's e-mail. */
  phone: string;
  /** Payments and invoices (issue 58): the provider, or why payments are off; the agency its invoices name. */
  payments?: OfficePayments;
  /** The passport reader's bundle (issue 57: the case room's, /case/assets/…), for a photo that came another way. */
  passportReader?: string;
}

export interface OfficePayments {
  provider: PaymentProvider | null;
  /** Why payments are off (PAYMENTS_PROVIDER=off), said on the case's page; null while they are on. */
  offReason: string | null;
  invoices: InvoiceAgency;
}

/**
 * What every office route is given (built once, in the plugin): the settings, the database, the mail, the stores,
 * and the office's one way to answer with a page, to say "not found", and to read and set the session.
 */
export interface OfficeContext {
  config: OfficeConfig;
  /** The server's database (server/data/resource.ts). */
  database: DatabaseResource;
  /** The mail transport, when mail is set up (the Resend button shows then). */
  mail: OutgoingMail | null;
  /** Tells this server's outbox that an enquiry was queued (Not spam, Resend). */
  kick: () => void;
  agencyName: string;
  /** The public site's address (SITE_URL). */
  siteUrl: string;
  /** Alerts on people's phones: on or off and why, the key browsers subscribe with, a test sent now. */
  push: PushService;
  assets: OfficeAssets;
  texts: ReplyTexts;
  cases: OfficeCases;
  /** The stores on the database now, built once per connection; 503 while it is unreachable. */
  partsNow(): Parts;
  page(
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    content: VNode,
    session: Session | null,
    extra?: PageExtra,
  ): Promise<FastifyReply>;
  notFound(request: FastifyRequest, reply: FastifyReply, session: Session): Promise<FastifyReply>;
  /** The session the request's cookie names, if it is still valid. */
  currentSession(request: FastifyRequest): Promise<Session | null>;
  /** A post from another site (or a page of it) is refused before anything else is read. */
  checkSameOrigin(request: FastifyRequest): void;
  /** Whether the session's passkey check is recent enough for a `-fresh` action. */
  fresh(session: Session): boolean;
  setSessionCookie(reply: FastifyReply, token: string): void;
  clearSessionCookie(reply: FastifyReply): void;
}

/** The office's script: JSON, or a file's bytes it sends (a case's visa: issue 56), answered with JSON. */
export const wantsJson = (request: FastifyRequest) =>
  /application\/(json|octet-stream)/.test(request.headers["content-type"] ?? "");

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || null;
  }
  return null;
}

/** Brotli when the browser takes it, else gzip, else none (a q=0 refusal is taken at its word). */
export function preferredEncoding(request: FastifyRequest): "br" | "gzip" | null {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  const takes = (name: string) => new RegExp(`\\b${name}\\b(?!;q=0(\\.0+)?\\b)`).test(accepted);
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Compressed on libuv's threads, not the one every visitor waits on (a statistics page is tens of KiB).
async function html(request: FastifyRequest, reply: FastifyReply, status: number, page: VNode) {
  const body = Buffer.from(`<!doctype html>${renderToString(page)}`);
  reply.code(status).type("text/html; charset=utf-8").header("vary", "accept-encoding");
  const encoding = preferredEncoding(request);
  if (encoding === "br") {
    return reply
      .header("content-encoding", "br")
      .send(await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(await gzipAsync(body));
  return reply.send(body);
}

export function officeContext(
  fixed: Pick<
    OfficeContext,
    "config" | "database" | "mail" | "kick" | "agencyName" | "siteUrl" | "push" | "assets" | "texts" | "cases"
  >,
): OfficeContext {
  const { config, agencyName, assets } = fixed;
  const parts = fixed.database.perConnection(({ database }): Parts => {
    const accounts = new Accounts(database);
    return {
      database,
      accounts,
      sessions: new Sessions(database, config),
      work: new Work(database),
      steps: new NextSteps(database),
      passkeys: new Passkeys(accounts, config),
    };
  });
  const partsNow = (): Parts => {
    const now = parts();
    if (!now)
      throw new OfficeError(503, "The office cannot reach its database right now. Please try again in a minute.");
    return now;
  };

  // Secure always: the office is only ever on https or on localhost (config.ts), where browsers keep Secure
  // cookies too; the __Host- prefix asks for Secure, Path=/ and no Domain.
  const cookie = (value: string, maxAgeSeconds: number) =>
    `${cookieName}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}`;

  const page: OfficeContext["page"] = (request, reply, title, content, session, extra = {}) =>
    html(
      request,
      reply,
      extra.status ?? 200,
      <Page
        title={title}
        agency={agencyName}
        assets={assets.urls}
        person={session?.person ?? null}
        csrf={session?.csrf}
        section={extra.section}
      >
        {content}
      </Page>,
    );

  return {
    ...fixed,
    partsNow,
    page,
    notFound: (request, reply, session) =>
      page(
        request,
        reply,
        "Not found",
        <Notice heading="Not found">
          <p>There is nothing at this address.</p>
        </Notice>,
        session,
        { status: 404 },
      ),
    currentSession: async (request) => {
      const token = readCookie(request, cookieName);
      if (!token || token.length > 100) return null;
      return partsNow().sessions.find(token, Date.now());
    },
    checkSameOrigin: (request) => {
      const site = request.headers["sec-fetch-site"];
      const origin = request.headers.origin;
      if ((site !== undefined && site !== "same-origin") || (origin !== undefined && origin !== config.origin)) {
        throw new OfficeError(403, "This request did not come from the office's own pages.");
      }
    },
    fresh: (session) => Date.now() - session.verifiedAt <= config.freshMs,
    setSessionCookie: (reply, token) => {
      reply.header("set-cookie", cookie(token, Math.floor(config.sessionMaxMs / 1000)));
    },
    clearSessionCookie: (reply) => {
      reply.header("set-cookie", cookie("", 0));
    },
  };
}
