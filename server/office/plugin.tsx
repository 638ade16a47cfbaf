/** @jsxImportSource preact */
import rateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Database } from "../data/open";
import type { Stage } from "../data/schema";
import { databaseRateLimitStore } from "../inbox/rate-limit-store";
import type { InboxState } from "../inbox/state";
import { Accounts } from "./accounts";
import { assetsPath, buildOfficeAssets } from "./assets";
import type { OfficeSetting } from "./config";
import { deviceLabel } from "./device";
import { Enquiry, longestNote, longestReason } from "./pages/enquiry";
import { Inbox } from "./pages/inbox";
import { Notice, Page } from "./pages/layout";
import { Me } from "./pages/me";
import { Audit, Data, OwnerHub, Team } from "./pages/owner";
import { Enrol, SignIn } from "./pages/sign-in";
import { Stats } from "./pages/stats";
import { defaultDays, periods, statsReport } from "../stats/report";
import { PasskeyError, Passkeys } from "./passkeys";
import { readReplyTexts, replyLinks } from "./replies";
import { toCsv } from "../inbox/csv";
import { cleanName } from "./accounts";
import { type Session, Sessions } from "./sessions";
import { sameToken } from "./tokens";
import { type Tab, tabs, Work } from "./work";

export interface OfficePluginOptions {
  setting: OfficeSetting;
  /** The inbox's database, shared: the office works on the same enquiries. */
  state: InboxState;
  agencyName: string;
}

export const cookieName = "__Host-office";
/** Office forms are small; the largest, a note, is at most 5,000 characters. */
const formLimit = 64 * 1024;
const jsonLimit = 16 * 1024;

interface Parts {
  database: Database;
  accounts: Accounts;
  sessions: Sessions;
  work: Work;
  passkeys: Passkeys;
}

class OfficeError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const wantsJson = (request: FastifyRequest) => (request.headers["content-type"] ?? "").includes("application/json");

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || null;
  }
  return null;
}

/** Brotli when the browser takes it, else gzip, else none (a q=0 refusal is taken at its word). */
function preferredEncoding(request: FastifyRequest): "br" | "gzip" | null {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  const takes = (name: string) => new RegExp(`\\b${name}\\b(?!;q=0(\\.0+)?\\b)`).test(accepted);
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}

const field = (body: unknown, name: string): string => {
  if (typeof body !== "object" || body === null) return "";
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
};

/**
 * The back office at /office, for the agency's people (issue 26): sign-in with passkeys, the inbox of enquiries
 * and one enquiry at a time. Server-rendered pages; its one script runs the passkey ceremonies and notes reply
 * taps. Served by this server only, from the same database as the inbox.
 */
export const officePlugin: FastifyPluginAsync<OfficePluginOptions> = async (app, options) => {
  const { setting, state } = options;
  if (!setting.on) {
    app.log.warn(`The back office (/office) is off: ${setting.reason}`);
    return;
  }
  const { config } = setting;
  const assets = await buildOfficeAssets();
  const texts = readReplyTexts();
  let parts: Parts | null = null;
  const partsNow = (): Parts => {
    const database = state.store?.database;
    if (!database)
      throw new OfficeError(503, "The office cannot reach its database right now. Please try again in a minute.");
    if (parts?.database !== database) {
      const accounts = new Accounts(database);
      parts = {
        database,
        accounts,
        sessions: new Sessions(database, config),
        work: new Work(database),
        passkeys: new Passkeys(accounts, config),
      };
    }
    return parts;
  };

  // Secure always: the office is only ever on https or on localhost (config.ts), where browsers keep Secure
  // cookies too; the __Host- prefix asks for Secure, Path=/ and no Domain.
  const cookie = (value: string, maxAgeSeconds: number) =>
    `${cookieName}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.header("set-cookie", cookie(token, Math.floor(config.sessionMaxMs / 1000)));
  const clearSessionCookie = (reply: FastifyReply) => reply.header("set-cookie", cookie("", 0));

  const html = (request: FastifyRequest, reply: FastifyReply, status: number, page: VNode) => {
    const body = Buffer.from(`<!doctype html>${renderToString(page)}`);
    reply.code(status).type("text/html; charset=utf-8").header("vary", "accept-encoding");
    const encoding = preferredEncoding(request);
    if (encoding === "br") {
      return reply
        .header("content-encoding", "br")
        .send(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(gzipSync(body));
    return reply.send(body);
  };

  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    content: VNode,
    session: Session | null,
    extra: { status?: number; section?: "inbox" | "stats" | "me" | "owner" } = {},
  ) =>
    html(
      request,
      reply,
      extra.status ?? 200,
      <Page
        title={title}
        assets={assets.urls}
        person={session?.person ?? null}
        csrf={session?.csrf}
        section={extra.section}
      >
        {content}
      </Page>,
    );

  const notFound = (request: FastifyRequest, reply: FastifyReply, session: Session) =>
    page(
      request,
      reply,
      "Not found",
      <Notice heading="Not found">
        <p>There is nothing at this address.</p>
      </Notice>,
      session,
      { status: 404 },
    );

  /** A post from another site (or a page of it) is refused before anything else is read. */
  const checkSameOrigin = async (request: FastifyRequest) => {
    const site = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    if ((site !== undefined && site !== "same-origin") || (origin !== undefined && origin !== config.origin)) {
      throw new OfficeError(403, "This request did not come from the office's own pages.");
    }
  };

  const currentSession = async (request: FastifyRequest): Promise<Session | null> => {
    const token = readCookie(request, cookieName);
    if (!token || token.length > 100) return null;
    return partsNow().sessions.find(token, Date.now());
  };

  /**
   * The session of a page request; without one, the sign-in page (the same answer whatever the address, so
   * nobody learns which enquiries exist).
   */
  const pageSession = async (request: FastifyRequest, reply: FastifyReply): Promise<Session | null> => {
    const session = await currentSession(request);
    if (!session) await reply.redirect("/office/sign-in", 303);
    return session;
  };

  /** The session of a state-changing request, with its form token checked. */
  const postSession = async (request: FastifyRequest, reply: FastifyReply): Promise<Session | null> => {
    await checkSameOrigin(request);
    const session = await currentSession(request);
    if (!session) {
      if (wantsJson(request)) throw new OfficeError(401, "You are signed out. Please sign in again.");
      await reply.redirect("/office/sign-in", 303);
      return null;
    }
    const token = wantsJson(request) ? String(request.headers["x-csrf-token"] ?? "") : field(request.body, "csrf");
    if (!sameToken(token, session.csrf)) {
      throw new OfficeError(403, "This form has expired. Please go back, reload the page and try again.");
    }
    return session;
  };

  await app.register(async (office: FastifyInstance) => {
    office.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: formLimit },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    await office.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(state),
      skipOnError: true,
      keyGenerator: (request) => `office-sign-in:${request.ip}`,
      errorResponseBuilder: (_request, context) =>
        new OfficeError(429, `Too many sign-in attempts from this address; please try again in ${context.after}.`),
    });
    const signInLimit = { rateLimit: { max: config.signInPerMinute, timeWindow: 60_000 } };

    office.setErrorHandler<FastifyError | OfficeError | PasskeyError>(async (error, request, reply) => {
      const status =
        error instanceof OfficeError
          ? error.statusCode
          : error instanceof PasskeyError
            ? 400
            : error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
              ? 413
              : error.statusCode && error.statusCode >= 400 && error.statusCode < 500
                ? error.statusCode
                : 500;
      const message =
        error instanceof OfficeError || error instanceof PasskeyError
          ? error.message
          : status === 413
            ? "That was too much to send at once. Please shorten it and try again."
            : status < 500
              ? "The office could not read that request."
              : "Something went wrong in the office. Please try again.";
      if (status >= 500 && !(error instanceof OfficeError)) request.log.error(error);
      if (wantsJson(request) || request.url.startsWith(assetsPath)) {
        return reply.code(status).send({ ok: false, message });
      }
      return page(
        request,
        reply,
        "Not done",
        <Notice heading="That did not work">
          <p>{message}</p>
        </Notice>,
        null,
        { status },
      );
    });

    office.get(`${assetsPath}:name`, async (request, reply) => {
      const asset = assets.files.get((request.params as { name: string }).name);
      if (!asset) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
      reply.type(asset.type).header("vary", "accept-encoding");
      const encoding = preferredEncoding(request);
      if (encoding === "br" && asset.br) return reply.header("content-encoding", "br").send(asset.br);
      if (encoding === "gzip" && asset.gzip) return reply.header("content-encoding", "gzip").send(asset.gzip);
      return reply.send(asset.body);
    });

    office.get("/office/sign-in", async (request, reply) => {
      if (await currentSession(request)) return reply.redirect("/office", 303);
      return page(request, reply, "Sign in", <SignIn />, null);
    });

    office.post("/office/sign-in/options", { config: signInLimit, bodyLimit: jsonLimit }, async (request) => {
      await checkSameOrigin(request);
      return partsNow().passkeys.authenticationOptions(Date.now());
    });

    office.post("/office/sign-in", { config: signInLimit, bodyLimit: jsonLimit }, async (request, reply) => {
      await checkSameOrigin(request);
      const { passkeys, sessions, accounts } = partsNow();
      const now = Date.now();
      const person = await passkeys.authenticate(field(request.body, "challengeId"), answerOf(request.body), now);
      const label = deviceLabel(request.headers["user-agent"]);
      const session = await sessions.start(person, label, now);
      await accounts.audit(person.id, "signed in", label, now);
      setSessionCookie(reply, session.token);
      return { ok: true, next: "/office" };
    });

    office.get("/office/enrol/:token", async (request, reply) => {
      const token = (request.params as { token: string }).token;
      const person = token.length <= 100 ? await partsNow().accounts.invitation(token, Date.now()) : null;
      if (!person) {
        return page(
          request,
          reply,
          "Link not valid",
          <Notice heading="This link does not work" back={false}>
            <p>It has been used, it has expired (links work for an hour), or it was copied incompletely.</p>
            <p>
              Ask the owner for a new link. Already have a passkey? <a href="/office/sign-in">Sign in</a>.
            </p>
          </Notice>,
          null,
          { status: 404 },
        );
      }
      return page(request, reply, "Create your passkey", <Enrol person={person} token={token} />, null);
    });

    office.post("/office/enrol/options", { config: signInLimit, bodyLimit: jsonLimit }, async (request) => {
      await checkSameOrigin(request);
      return partsNow().passkeys.registrationOptions({ token: field(request.body, "token") }, Date.now());
    });

    office.post("/office/enrol", { config: signInLimit, bodyLimit: jsonLimit }, async (request, reply) => {
      await checkSameOrigin(request);
      const { passkeys, sessions, accounts } = partsNow();
      const now = Date.now();
      const label = deviceLabel(request.headers["user-agent"]);
      const person = await passkeys.register(field(request.body, "challengeId"), answerOf(request.body), label, now);
      await accounts.audit(person.id, "added a passkey", `${label}, from an invitation link`, now);
      const session = await sessions.start(person, label, now);
      await accounts.audit(person.id, "signed in", label, now);
      setSessionCookie(reply, session.token);
      return { ok: true, next: "/office" };
    });

    office.post("/office/sign-out", { bodyLimit: formLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      await partsNow().sessions.end(session.token);
      clearSessionCookie(reply);
      return reply.redirect("/office/sign-in", 303);
    });

    office.get("/office", async (request, reply) => {
      const session = await pageSession(request, reply);
      if (!session) return reply;
      const query = request.query as Record<string, string | undefined>;
      const tab: Tab = tabs.includes(query.tab as Tab) ? (query.tab as Tab) : "new";
      const search = (query.q ?? "").slice(0, 200);
      const service = (query.service ?? "").slice(0, 200);
      const before = /^[1-9][0-9]{0,15}$/.test(query.before ?? "") ? Number(query.before) : undefined;
      const { work } = partsNow();
      const [list, services] = await Promise.all([work.list({ tab, search, service, before }), servicesNow(work)]);
      return page(
        request,
        reply,
        "Enquiries",
        <Inbox
          tab={tab}
          search={search}
          service={service}
          services={services}
          rows={list.rows}
          older={list.older}
          paged={before !== undefined}
          now={Date.now()}
        />,
        session,
        { section: "inbox" },
      );
    });

    // What brings enquiries, and the site's speed for real visitors (server/stats): for everyone in the office.
    office.get("/office/stats", async (request, reply) => {
      const session = await pageSession(request, reply);
      if (!session) return reply;
      const asked = Number((request.query as Record<string, string | undefined>).days);
      const days = (periods as readonly number[]).includes(asked) ? asked : defaultDays;
      const report = await statsReport(partsNow().database, days);
      return page(request, reply, "Statistics", <Stats report={report} />, session, { section: "stats" });
    });

    /**
     * The service filter's choices: every visa type and subject ever asked for, which takes a pass over the whole
     * table (a third of the inbox page's time at 100,000 enquiries). They change rarely, so they are read at most
     * once a minute.
     */
    let services: { at: number; list: Promise<string[]>; work: Work } | null = null;
    const servicesNow = (work: Work) => {
      const now = Date.now();
      if (!services || services.work !== work || now - services.at > 60_000) {
        const list = work.services();
        services = { at: now, list, work };
        // A failed read is not kept: the next page asks again.
        list.catch(() => (services = null));
      }
      return services.list;
    };

    const enquiryId = (request: FastifyRequest): number | null => {
      const raw = (request.params as { id: string }).id;
      return /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
    };

    const showEnquiry = async (
      request: FastifyRequest,
      reply: FastifyReply,
      session: Session,
      id: number,
      problem?: { form: "note" | "lost"; message: string; text: string },
    ) => {
      const enquiry = await partsNow().work.detail(id);
      if (!enquiry) return notFound(request, reply, session);
      const replies = replyLinks(enquiry, texts, options.agencyName);
      return page(
        request,
        reply,
        enquiry.name || "Enquiry",
        <Enquiry enquiry={enquiry} replies={replies} csrf={session.csrf} problem={problem} />,
        session,
        { status: problem ? 400 : 200, section: "inbox" },
      );
    };

    office.get("/office/enquiries/:id", async (request, reply) => {
      const session = await pageSession(request, reply);
      if (!session) return reply;
      const id = enquiryId(request);
      if (id === null) return notFound(request, reply, session);
      await partsNow().work.opened(id, session.person.id, Date.now());
      return showEnquiry(request, reply, session, id);
    });

    const movable: readonly Stage[] = ["contacted", "awaiting", "won", "lost"];
    office.post("/office/enquiries/:id/stage", { bodyLimit: formLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      const id = enquiryId(request);
      if (id === null) return notFound(request, reply, session);
      const stage = field(request.body, "stage") as Stage;
      if (!movable.includes(stage)) throw new OfficeError(400, "That is not a status an enquiry can move to.");
      const reason = field(request.body, "reason").trim();
      if (stage === "lost" && (reason === "" || reason.length > longestReason)) {
        const message = reason === "" ? "Say why it was lost." : `A reason can be at most ${longestReason} characters.`;
        return showEnquiry(request, reply, session, id, { form: "lost", message, text: field(request.body, "reason") });
      }
      const moved = await partsNow().work.moveTo(
        id,
        stage,
        stage === "lost" ? reason : null,
        session.person.id,
        Date.now(),
      );
      if (!moved) return notFound(request, reply, session);
      return reply.redirect(`/office/enquiries/${id}`, 303);
    });

    office.post("/office/enquiries/:id/notes", { bodyLimit: formLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      const id = enquiryId(request);
      if (id === null) return notFound(request, reply, session);
      const typed = field(request.body, "note");
      const note = typed.trim();
      if (note === "" || note.length > longestNote) {
        const message =
          note === ""
            ? "Write the note first."
            : `A note can be at most ${longestNote.toLocaleString("en")} characters; this one has ${note.length.toLocaleString("en")}.`;
        return showEnquiry(request, reply, session, id, { form: "note", message, text: typed });
      }
      const added = await partsNow().work.note(id, note, session.person.id, Date.now());
      if (!added) return notFound(request, reply, session);
      return reply.redirect(`/office/enquiries/${id}#notes-heading`, 303);
    });

    office.post("/office/enquiries/:id/replies", { bodyLimit: jsonLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      const id = enquiryId(request);
      const channel = field(request.body, "channel");
      if (id === null || (channel !== "call" && channel !== "whatsapp" && channel !== "email")) {
        throw new OfficeError(404, "Not found");
      }
      if (!(await partsNow().work.replied(id, channel, session.person.id, Date.now()))) {
        throw new OfficeError(404, "Not found");
      }
      return reply.code(204).send();
    });

    office.get("/office/me", async (request, reply) => {
      const session = await pageSession(request, reply);
      if (!session) return reply;
      const { accounts, sessions } = partsNow();
      const now = Date.now();
      const endedRaw = (request.query as Record<string, string | undefined>).ended;
      return page(
        request,
        reply,
        "Your devices",
        <Me
          person={session.person}
          passkeys={await accounts.passkeysOf(session.person.id)}
          sessions={await sessions.of(session.person.id, now)}
          csrf={session.csrf}
          now={now}
          ended={endedRaw !== undefined && /^[0-9]{1,4}$/.test(endedRaw) ? Number(endedRaw) : undefined}
        />,
        session,
        { section: "me" },
      );
    });

    office.post("/office/me/sign-out-others", { bodyLimit: formLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      const ended = await partsNow().sessions.endOthers(session.person.id, session.token);
      return reply.redirect(`/office/me?ended=${ended}`, 303);
    });

    office.post("/office/me/passkeys/options", { bodyLimit: jsonLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      return partsNow().passkeys.registrationOptions({ person: session.person }, Date.now());
    });

    office.post("/office/me/passkeys", { bodyLimit: jsonLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      const { passkeys, accounts } = partsNow();
      const now = Date.now();
      const label = deviceLabel(request.headers["user-agent"]);
      await passkeys.register(field(request.body, "challengeId"), answerOf(request.body), label, now, session.person);
      await accounts.audit(session.person.id, "added a passkey", label, now);
      return { ok: true, next: "/office/me" };
    });

    const backToEnquiry = (
      path: "not-spam" | "resend",
      act: (work: Work, id: number, personId: number) => Promise<boolean>,
    ) =>
      office.post(`/office/enquiries/:id/${path}`, { bodyLimit: formLimit }, async (request, reply) => {
        const session = await postSession(request, reply);
        if (!session) return reply;
        const id = enquiryId(request);
        if (id === null) return notFound(request, reply, session);
        // Pressed twice (or by two people): the second finds nothing to do and just shows the enquiry.
        if (await act(partsNow().work, id, session.person.id)) state.kick?.();
        return reply.redirect(`/office/enquiries/${id}`, 303);
      });
    backToEnquiry("not-spam", (work, id, personId) => work.notSpam(id, personId, Date.now()));
    backToEnquiry("resend", (work, id, personId) => work.resend(id, personId, Date.now()));

    // A fresh passkey check on this session, before owner actions.
    office.post("/office/confirm/options", { bodyLimit: jsonLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      return partsNow().passkeys.authenticationOptions(Date.now(), session.person);
    });
    office.post("/office/confirm", { bodyLimit: jsonLimit }, async (request, reply) => {
      const session = await postSession(request, reply);
      if (!session) return reply;
      const { passkeys, sessions } = partsNow();
      const now = Date.now();
      await passkeys.authenticate(field(request.body, "challengeId"), answerOf(request.body), now, session.person);
      await sessions.verified(session.token, now);
      return { ok: true };
    });

    const fresh = (session: Session) => Date.now() - session.verifiedAt <= config.freshMs;
    /** An owner's page or action; for anyone else, the same "not found" as an address that does not exist. */
    const owner = async (
      request: FastifyRequest,
      reply: FastifyReply,
      kind: "page" | "action",
    ): Promise<Session | null> => {
      const session = kind === "page" ? await pageSession(request, reply) : await postSession(request, reply);
      if (!session) return null;
      if (session.person.role !== "owner") {
        await notFound(request, reply, session);
        return null;
      }
      if (kind === "action" && !fresh(session)) {
        throw new OfficeError(
          403,
          "Confirm it is you with your passkey first (on the page you came from), then try again.",
        );
      }
      return session;
    };

    office.get("/office/owner", async (request, reply) => {
      const session = await owner(request, reply, "page");
      if (!session) return reply;
      return page(request, reply, "Owner", <OwnerHub />, session, { section: "owner" });
    });

    const showTeam = async (
      request: FastifyRequest,
      reply: FastifyReply,
      session: Session,
      extra: Pick<Parameters<typeof Team>[0], "invited" | "problem"> = {},
    ) =>
      page(
        request,
        reply,
        "Team",
        <Team
          team={await partsNow().accounts.team()}
          me={session.person}
          csrf={session.csrf}
          fresh={fresh(session)}
          now={Date.now()}
          {...extra}
        />,
        session,
        { section: "owner", status: extra.problem ? 400 : 200 },
      );

    office.get("/office/team", async (request, reply) => {
      const session = await owner(request, reply, "page");
      if (!session) return reply;
      return showTeam(request, reply, session);
    });

    office.post("/office/team/invite", { bodyLimit: formLimit }, async (request, reply) => {
      const session = await owner(request, reply, "action");
      if (!session) return reply;
      const typed = field(request.body, "name");
      const role = field(request.body, "role") === "owner" ? "owner" : "staff";
      const name = cleanName(typed);
      if (name === null) {
        return showTeam(request, reply, session, {
          problem: { message: "Give their name (at most 80 characters).", name: typed, role },
        });
      }
      const { accounts } = partsNow();
      const now = Date.now();
      const { token } = await accounts.invite({ name, role, by: session.person.id, now, validMs: config.inviteMs });
      await accounts.audit(session.person.id, "invited", `${name} as ${role}`, now);
      // Shown on this page once, never put in an address (history, logs).
      return showTeam(request, reply, session, { invited: { name, link: `${config.origin}/office/enrol/${token}` } });
    });

    office.post("/office/team/:person/revoke", { bodyLimit: formLimit }, async (request, reply) => {
      const session = await owner(request, reply, "action");
      if (!session) return reply;
      const raw = (request.params as { person: string }).person;
      const { accounts } = partsNow();
      const target = /^[1-9][0-9]{0,9}$/.test(raw) ? await accounts.person(Number(raw)) : null;
      if (!target) return notFound(request, reply, session);
      if (target.id === session.person.id) throw new OfficeError(400, "You cannot revoke yourself.");
      const now = Date.now();
      await accounts.revoke(target.id, now);
      await accounts.audit(session.person.id, "revoked", `${target.name} (${target.role})`, now);
      return reply.redirect("/office/team", 303);
    });

    const dubaiDay = (offsetDays: number) =>
      new Date(Date.now() + 4 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const showData = async (
      request: FastifyRequest,
      reply: FastifyReply,
      session: Session,
      extra: Partial<Parameters<typeof Data>[0]> = {},
    ) =>
      page(
        request,
        reply,
        "Export and erase",
        <Data csrf={session.csrf} fresh={fresh(session)} from={dubaiDay(-30)} to={dubaiDay(0)} {...extra} />,
        session,
        { section: "owner", status: extra.problem ? 400 : 200 },
      );

    office.get("/office/data", async (request, reply) => {
      const session = await owner(request, reply, "page");
      if (!session) return reply;
      const query = request.query as Record<string, string | undefined>;
      const email = (query.email ?? "").slice(0, 200);
      const phone = (query.phone ?? "").slice(0, 40);
      const erased = /^[0-9]{1,7}$/.test(query.erased ?? "") ? Number(query.erased) : undefined;
      const erase =
        (email || phone) && fresh(session)
          ? { email, phone, matches: await partsNow().work.matching({ email, phone }) }
          : undefined;
      return showData(request, reply, session, { erase, erased });
    });

    office.post("/office/data/export", { bodyLimit: formLimit }, async (request, reply) => {
      const session = await owner(request, reply, "action");
      if (!session) return reply;
      const from = field(request.body, "from");
      const to = field(request.body, "to");
      const day = /^\d{4}-\d{2}-\d{2}$/;
      const start = Date.parse(`${from}T00:00:00+04:00`);
      const end = Date.parse(`${to}T00:00:00+04:00`) + 86_400_000;
      if (!day.test(from) || !day.test(to) || Number.isNaN(start) || Number.isNaN(end) || start >= end) {
        return showData(request, reply, session, { problem: "Choose a From date on or before the To date." });
      }
      const { work, accounts } = partsNow();
      const rows = await work.between(new Date(start).toISOString(), new Date(end).toISOString());
      await accounts.audit(session.person.id, "exported", `${rows.length} enquiries, ${from} to ${to}`, Date.now());
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="enquiries-${from}-to-${to}.csv"`)
        .send(toCsv(rows));
    });

    office.post("/office/data/erase", { bodyLimit: formLimit }, async (request, reply) => {
      const session = await owner(request, reply, "action");
      if (!session) return reply;
      const email = field(request.body, "email").slice(0, 200);
      const phone = field(request.body, "phone").slice(0, 40);
      const { work, accounts } = partsNow();
      const erased = await work.erase({ email, phone });
      const by = [email ? "e-mail" : "", phone ? "phone" : ""].filter(Boolean).join(" and ");
      await accounts.audit(
        session.person.id,
        "erased a person",
        `${erased} enquiries, found by ${by || "nothing"}`,
        Date.now(),
      );
      return reply.redirect(`/office/data?erased=${erased}`, 303);
    });

    office.get("/office/audit", async (request, reply) => {
      const session = await owner(request, reply, "page");
      if (!session) return reply;
      const raw = (request.query as Record<string, string | undefined>).before ?? "";
      const before = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : undefined;
      const { rows, older } = await partsNow().accounts.auditLog(50, before);
      return page(request, reply, "Audit log", <Audit rows={rows} older={older} />, session, { section: "owner" });
    });

    // Anything else under /office: the sign-in page without a session, "not found" with one.
    const elsewhere = async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await pageSession(request, reply);
      if (!session) return reply;
      return notFound(request, reply, session);
    };
    office.get("/office/*", elsewhere);
    office.get("/office/", async (_request, reply) => reply.redirect("/office", 301));
  });
};

function answerOf(body: unknown): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>).answer : undefined;
}
