/** @jsxImportSource preact */
import rateLimit from "@fastify/rate-limit";
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from "fastify";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Database } from "../data/open";
import { databaseRateLimitStore } from "../inbox/rate-limit-store";
import type { InboxState } from "../inbox/state";
import { Accounts } from "./accounts";
import { assetsPath, buildOfficeAssets } from "./assets";
import type { OfficeSetting } from "./config";
import { deviceLabel } from "./device";
import { Enquiry, type EnquiryProblem, longestNote, longestReason } from "./pages/enquiry";
import { Add, type AddProps, emptyAdd } from "./pages/add";
import { readAdd, readEmail } from "./by-hand";
import { Inbox } from "./pages/inbox";
import { Notice, Page } from "./pages/layout";
import { Me, type MeProps } from "./pages/me";
import { Audit, Data, OwnerHub, Team } from "./pages/owner";
import { Enrol, SignIn } from "./pages/sign-in";
import { Stats } from "./pages/stats";
import { Health } from "./pages/health";
import { healthDetails } from "../inbox/health";
import { defaultDays, periods, statsReport } from "../stats/report";
import { loadPageTitles } from "../page-titles";
import { PasskeyError, Passkeys } from "./passkeys";
import { readReplyTexts, replyLinks } from "./replies";
import { readPhone } from "../inbox/phone";
import { toCsv } from "../inbox/csv";
import { toXlsx } from "./xlsx";
import { oneLine } from "../inbox/text";
import { calendarDay, plural } from "../words";
import { cleanName } from "./accounts";
import { type Session, Sessions } from "./sessions";
import { sameToken } from "./tokens";
import { type Access, type Checked, officeRoutes, type RouteSpec } from "./routes";
import { Work } from "./work";
import { z } from "zod";

export interface OfficePluginOptions {
  setting: OfficeSetting;
  /** The inbox's database, shared: the office works on the same enquiries. */
  state: InboxState;
  agencyName: string;
}

export const cookieName = "__Host-office";

const onlyPasskey =
  "This is your only passkey: add one on another device first, or you could not sign in to the office again.";
/** Office forms are small; the largest, a note, is at most 5,000 characters. */
const formLimit = 64 * 1024;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call an office route (routes.ts). */
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in person's session, set by the office's access hook. */
    officeSession?: Session;
  }
}

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

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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

  // Compressed on libuv's threads, not the one every visitor waits on (a statistics page is tens of KiB).
  const html = async (request: FastifyRequest, reply: FastifyReply, status: number, page: VNode) => {
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
        agency={options.agencyName}
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

  await app.register(async (office: FastifyInstance) => {
    requireDeclaredAccess(office);
    office.setValidatorCompiler(zodValidator);
    office.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: formLimit },
      (_request, body, done) => done(null, formFields(String(body))),
    );
    await office.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(state),
      skipOnError: true,
      keyGenerator: (request) => `office-sign-in:${request.ip}`,
      errorResponseBuilder: (_request, context) =>
        new OfficeError(429, `Too many sign-in attempts from this address; please try again in ${context.after}.`),
    });
    const signInLimit = { max: config.signInPerMinute, timeWindow: 60_000 };

    const fresh = (session: Session) => Date.now() - session.verifiedAt <= config.freshMs;

    /**
     * Every route's access, enforced in one place before its schemas are read: a post from another site is
     * refused first; without a session, a page shows the sign-in page (the same answer whatever the address, so
     * nobody learns which enquiries exist) and the script's JSON gets 401; a state-changing request needs the
     * session's form token; an owner's address looks, to anyone else, like one that does not exist.
     */
    office.addHook("preValidation", async (request, reply) => {
      const access = request.routeOptions.config.access;
      const posted = request.method === "POST";
      if (posted) await checkSameOrigin(request);
      if (access === "public") return;
      const session = await currentSession(request);
      if (!session) {
        if (posted && wantsJson(request)) throw new OfficeError(401, "You are signed out. Please sign in again.");
        return reply.redirect("/office/sign-in", 303);
      }
      if (posted) {
        const token = wantsJson(request) ? String(request.headers["x-csrf-token"] ?? "") : field(request.body, "csrf");
        if (!sameToken(token, session.csrf)) {
          throw new OfficeError(403, "This form has expired. Please go back, reload the page and try again.");
        }
      }
      request.officeSession = session;
      if ((access === "owner" || access === "owner-fresh") && session.person.role !== "owner") {
        return notFound(request, reply, session);
      }
      if ((access === "owner-fresh" || access === "staff-fresh") && !fresh(session)) {
        throw new OfficeError(
          403,
          "Confirm it is you with your passkey first (on the page you came from), then try again.",
        );
      }
    });

    /** Registers a route of the table in routes.ts: its access, its schemas, and a handler given what they checked. */
    const on = <S extends RouteSpec>(
      spec: S,
      handler: (
        request: FastifyRequest,
        reply: FastifyReply,
        input: Checked<S> & { session: S["access"] extends "public" ? null : Session },
      ) => unknown,
    ) =>
      office.route({
        method: spec.method,
        url: spec.url,
        bodyLimit: spec.bodyLimit,
        config: { access: spec.access, ...(spec.signInLimit ? { rateLimit: signInLimit } : {}) },
        schema: {
          ...(spec.params ? { params: spec.params } : {}),
          ...(spec.query ? { querystring: spec.query } : {}),
          ...(spec.body ? { body: spec.body } : {}),
        },
        handler: async (request, reply) =>
          handler(request, reply, {
            params: request.params,
            query: request.query,
            body: request.body,
            session: request.officeSession ?? null,
          } as Checked<S> & { session: S["access"] extends "public" ? null : Session }),
      });

    office.setErrorHandler<FastifyError | OfficeError | PasskeyError>(async (error, request, reply) => {
      // A wrong id or token in the address: the same "not found" as an address that does not exist.
      if (!(error instanceof OfficeError || error instanceof PasskeyError) && error.validationContext === "params") {
        const session = request.officeSession;
        if (session && !wantsJson(request)) return notFound(request, reply, session);
        error = new OfficeError(404, "Not found");
      }
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

    on(officeRoutes.asset, async (request, reply, { params }) => {
      const asset = assets.files.get(params.name);
      if (!asset) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
      reply.type(asset.type).header("vary", "accept-encoding");
      const encoding = preferredEncoding(request);
      if (encoding === "br" && asset.br) return reply.header("content-encoding", "br").send(asset.br);
      if (encoding === "gzip" && asset.gzip) return reply.header("content-encoding", "gzip").send(asset.gzip);
      return reply.send(asset.body);
    });

    on(officeRoutes.signInPage, async (request, reply) => {
      if (await currentSession(request)) return reply.redirect("/office", 303);
      return page(request, reply, "Sign in", <SignIn origin={config.origin} />, null);
    });

    on(officeRoutes.signInOptions, async () => partsNow().passkeys.authenticationOptions(Date.now()));

    on(officeRoutes.signIn, async (request, reply, { body }) => {
      const { passkeys, sessions, accounts } = partsNow();
      const now = Date.now();
      const { person, passkeyId } = await passkeys.authenticate(body.challengeId, body.answer, now);
      const label = deviceLabel(request.headers["user-agent"]);
      const session = await sessions.start(person, label, now, passkeyId);
      await accounts.audit(person.id, "signed in", label, now);
      setSessionCookie(reply, session.token);
      return { ok: true, next: "/office" };
    });

    on(officeRoutes.enrolPage, async (request, reply, { params }) => {
      const { token } = params;
      const person = await partsNow().accounts.invitation(token, Date.now());
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
      return page(
        request,
        reply,
        "Create your passkey",
        <Enrol person={person} token={token} origin={config.origin} />,
        null,
      );
    });

    on(officeRoutes.enrolOptions, async (_request, _reply, { body }) =>
      partsNow().passkeys.registrationOptions({ token: body.token }, Date.now()),
    );

    on(officeRoutes.enrol, async (request, reply, { body }) => {
      const { passkeys, sessions, accounts } = partsNow();
      const now = Date.now();
      const label = deviceLabel(request.headers["user-agent"]);
      const { person, passkeyId } = await passkeys.register(body.challengeId, body.answer, label, now);
      await accounts.audit(person.id, "added a passkey", `${label}, from an invitation link`, now);
      const session = await sessions.start(person, label, now, passkeyId);
      await accounts.audit(person.id, "signed in", label, now);
      setSessionCookie(reply, session.token);
      return { ok: true, next: "/office" };
    });

    on(officeRoutes.signOut, async (_request, reply, { session }) => {
      await partsNow().sessions.end(session.token);
      clearSessionCookie(reply);
      return reply.redirect("/office/sign-in", 303);
    });

    on(officeRoutes.inbox, async (request, reply, { query, session }) => {
      const { q: search, service, before, deleted } = query;
      // A search looks in every tab until someone picks one (issue 35).
      const tab = query.tab ?? (search.trim() || service ? null : "new");
      const { work } = partsNow();
      const [list, services, counts, today] = await Promise.all([
        work.list({ tab, search, service, before }),
        servicesNow(work),
        work.counts({ search, service }),
        work.today(Date.now()),
        // The pages' titles, read on the first page that shows them (server/page-titles.ts).
        loadPageTitles(),
      ]);
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
          counts={counts}
          today={today}
          owner={session.person.role === "owner" ? { csrf: session.csrf, fresh: fresh(session) } : undefined}
          deleted={deleted}
        />,
        session,
        { section: "inbox" },
      );
    });

    // An enquiry added by hand: a walk-in, a phone call, a WhatsApp chat (issue 35, item 6).
    const showAdd = (request: FastifyRequest, reply: FastifyReply, session: Session, extra: Partial<AddProps> = {}) =>
      page(request, reply, "Add an enquiry", <Add csrf={session.csrf} values={emptyAdd} {...extra} />, session, {
        section: "inbox",
        status: extra.problems ? 400 : 200,
      });

    on(officeRoutes.addPage, async (request, reply, { session }) => showAdd(request, reply, session));

    on(officeRoutes.add, async (request, reply, { body, session }) => {
      const { name, phone, email, service, came, message } = body;
      const values = { name, phone, email, service, came, message };
      const read = readAdd(values);
      if ("problems" in read) return showAdd(request, reply, session, { values, problems: read.problems });
      const id = await partsNow().work.addByHand(read.entry, session.person.id, Date.now());
      return reply.redirect(`/office/enquiries/${id}`, 303);
    });

    // What brings enquiries, and the site's speed for real visitors (server/stats): for everyone in the office.
    on(officeRoutes.stats, async (request, reply, { query, session }) => {
      const asked = Number(query.days);
      const days = (periods as readonly number[]).includes(asked) ? asked : defaultDays;
      const [report] = await Promise.all([statsReport(partsNow().database, days), loadPageTitles()]);
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

    const showEnquiry = async (
      request: FastifyRequest,
      reply: FastifyReply,
      session: Session,
      id: number,
      problem?: EnquiryProblem,
    ) => {
      const [enquiry] = await Promise.all([partsNow().work.detail(id), loadPageTitles()]);
      if (!enquiry) return notFound(request, reply, session);
      const replies = replyLinks(enquiry, texts, options.agencyName);
      return page(
        request,
        reply,
        oneLine(enquiry.name).slice(0, 80) || "Enquiry",
        <Enquiry
          enquiry={enquiry}
          replies={replies}
          csrf={session.csrf}
          mailOn={Boolean(state.mail)}
          problem={problem}
          owner={session.person.role === "owner" ? { fresh: fresh(session) } : undefined}
        />,
        session,
        { status: problem ? 400 : 200, section: "inbox" },
      );
    };

    on(officeRoutes.enquiry, async (request, reply, { params, session }) => {
      // Opened only when someone in the office went there: from an office page, or typed or from the mail app
      // (Sec-Fetch-Site "none"); a link or an image on another site shows nothing and marks nothing.
      const site = request.headers["sec-fetch-site"];
      if (site === "same-origin" || site === "none")
        await partsNow().work.opened(params.id, session.person.id, Date.now());
      return showEnquiry(request, reply, session, params.id);
    });

    on(officeRoutes.stage, async (request, reply, { params, body, session }) => {
      const { id } = params;
      const { stage } = body;
      const reason = body.reason.trim();
      if (stage === "lost" && (reason === "" || reason.length > longestReason)) {
        const message = reason === "" ? "Say why it was lost." : `A reason can be at most ${longestReason} characters.`;
        return showEnquiry(request, reply, session, id, { form: "lost", message, text: body.reason });
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

    on(officeRoutes.note, async (request, reply, { params, body, session }) => {
      const { id } = params;
      const typed = body.note;
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

    // A number corrected in the office: its international form, the visitor's own kept (issue 35).
    on(officeRoutes.phone, async (request, reply, { params, body, session }) => {
      const { id } = params;
      const { international } = readPhone(body.phone);
      if (international === null) {
        const message = "Type the number with its country code, such as +91 98450 12345.";
        return showEnquiry(request, reply, session, id, { form: "phone", message, text: body.phone });
      }
      if (!(await partsNow().work.correctPhone(id, international, session.person.id, Date.now()))) {
        return notFound(request, reply, session);
      }
      return reply.redirect(`/office/enquiries/${id}`, 303);
    });

    // A wrong e-mail address corrected, by the site's form's rule; the one it replaced kept on the timeline.
    on(officeRoutes.email, async (request, reply, { params, body, session }) => {
      const { id } = params;
      const read = readEmail(body.email, false);
      if ("problem" in read) {
        return showEnquiry(request, reply, session, id, { form: "email", message: read.problem, text: body.email });
      }
      if (!(await partsNow().work.correctEmail(id, read.email, session.person.id, Date.now()))) {
        return notFound(request, reply, session);
      }
      return reply.redirect(`/office/enquiries/${id}`, 303);
    });

    // Marked as spam by someone in the office: held, "marked by <name>"; the "Not spam" button lets it back.
    on(officeRoutes.markSpam, async (request, reply, { params, session }) => {
      const { id } = params;
      const { work } = partsNow();
      // Pressed twice (or by two people): the second finds it held already and just shows the enquiry.
      if (!(await work.markSpam(id, session.person.name, session.person.id, Date.now()))) {
        if (!(await work.detail(id))) return notFound(request, reply, session);
      }
      return reply.redirect(`/office/enquiries/${id}`, 303);
    });

    on(officeRoutes.reply, async (_request, reply, { params, body, session }) => {
      if (!(await partsNow().work.replied(params.id, body.channel, session.person.id, Date.now()))) {
        throw new OfficeError(404, "Not found");
      }
      return reply.code(204).send();
    });

    const backToEnquiry = (
      spec: typeof officeRoutes.notSpam | typeof officeRoutes.resend,
      act: (work: Work, id: number, personId: number) => Promise<boolean>,
    ) =>
      on(spec, async (_request, reply, { params, session }) => {
        // Pressed twice (or by two people): the second finds nothing to do and just shows the enquiry.
        if (await act(partsNow().work, params.id, session.person.id)) state.kick?.();
        return reply.redirect(`/office/enquiries/${params.id}`, 303);
      });
    backToEnquiry(officeRoutes.notSpam, (work, id, personId) => work.notSpam(id, personId, Date.now()));
    backToEnquiry(officeRoutes.resend, (work, id, personId) => work.resend(id, personId, Date.now()));

    const showMe = async (
      request: FastifyRequest,
      reply: FastifyReply,
      session: Session,
      extra: Pick<MeProps, "ended" | "removed" | "problem"> = {},
    ) => {
      const { accounts, sessions } = partsNow();
      const now = Date.now();
      return page(
        request,
        reply,
        "Your devices",
        <Me
          person={session.person}
          passkeys={await accounts.passkeysOf(session.person.id)}
          sessions={await sessions.of(session.person.id, now)}
          csrf={session.csrf}
          fresh={fresh(session)}
          now={now}
          {...extra}
        />,
        session,
        { section: "me", status: extra.problem ? 400 : 200 },
      );
    };

    on(officeRoutes.me, async (request, reply, { query, session }) =>
      showMe(request, reply, session, { ended: query.ended, removed: query.removed === "1" }),
    );

    on(officeRoutes.signOutOthers, async (_request, reply, { session }) => {
      const ended = await partsNow().sessions.endOthers(session.person.id, session.token);
      return reply.redirect(`/office/me?ended=${ended}`, 303);
    });

    on(officeRoutes.addPasskeyOptions, async (_request, _reply, { session }) =>
      partsNow().passkeys.registrationOptions({ person: session.person }, Date.now()),
    );

    on(officeRoutes.addPasskey, async (request, _reply, { body, session }) => {
      const { passkeys, accounts } = partsNow();
      const now = Date.now();
      const label = deviceLabel(request.headers["user-agent"]);
      await passkeys.register(body.challengeId, body.answer, label, now, session.person);
      await accounts.audit(session.person.id, "added a passkey", label, now);
      return { ok: true, next: "/office/me" };
    });

    on(officeRoutes.removeMyPasskey, async (request, reply, { body, session }) => {
      const { accounts } = partsNow();
      const mine = await accounts.passkeysOf(session.person.id);
      const passkey = mine.find((held) => held.id === body.passkey);
      if (!passkey) return notFound(request, reply, session);
      if (mine.length === 1) {
        return showMe(request, reply, session, { problem: onlyPasskey });
      }
      const now = Date.now();
      await accounts.removePasskey(session.person.id, passkey.id);
      await accounts.audit(session.person.id, "removed a passkey", `their own, ${passkey.label}`, now);
      return reply.redirect("/office/me?removed=1", 303);
    });

    // A fresh passkey check on this session, before adding a passkey and before owner actions.
    on(officeRoutes.confirmOptions, async (_request, _reply, { session }) =>
      partsNow().passkeys.authenticationOptions(Date.now(), session.person),
    );
    on(officeRoutes.confirm, async (_request, _reply, { body, session }) => {
      const { passkeys, sessions } = partsNow();
      const now = Date.now();
      await passkeys.authenticate(body.challengeId, body.answer, now, session.person);
      await sessions.verified(session.token, now);
      return { ok: true };
    });

    on(officeRoutes.ownerHub, async (request, reply, { session }) =>
      page(request, reply, "Owner", <OwnerHub />, session, { section: "owner" }),
    );

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

    on(officeRoutes.team, async (request, reply, { session }) => showTeam(request, reply, session));

    /** The link for a person, shown on the team page once, never put in an address (history, logs). */
    const linkFor = (token: string) => `${config.origin}/office/enrol/${token}`;

    on(officeRoutes.invite, async (request, reply, { body, session }) => {
      const { role } = body;
      const name = cleanName(body.name);
      if (name === null) {
        return showTeam(request, reply, session, {
          problem: { message: "Give their name (at most 80 characters).", name: body.name, role },
        });
      }
      const { accounts } = partsNow();
      const now = Date.now();
      const { token } = await accounts.invite({ name, role, by: session.person.id, now, validMs: config.inviteMs });
      await accounts.audit(session.person.id, "invited", `${name} as ${role}`, now);
      return showTeam(request, reply, session, { invited: { name, link: linkFor(token) } });
    });

    /** The active person an owner's team action names, or the office's "not found". */
    const member = async (personId: number) => partsNow().accounts.person(personId);

    on(officeRoutes.newLink, async (request, reply, { params, session }) => {
      const target = await member(params.person);
      if (!target) return notFound(request, reply, session);
      const { accounts } = partsNow();
      const now = Date.now();
      const token = await accounts.newLink(target.id, { by: session.person.id, now, validMs: config.inviteMs });
      await accounts.audit(session.person.id, "made a new link", `for ${target.name} (${target.role})`, now);
      return showTeam(request, reply, session, { invited: { name: target.name, link: linkFor(token) } });
    });

    on(officeRoutes.setRole, async (request, reply, { params, body, session }) => {
      const target = await member(params.person);
      if (!target) return notFound(request, reply, session);
      const { accounts } = partsNow();
      const changed = await accounts.setRole(target.id, body.role);
      if (changed === "last owner") {
        throw new OfficeError(400, "The office needs an owner: make someone else an owner first.");
      }
      if (changed === "changed") {
        await accounts.audit(
          session.person.id,
          "changed a role",
          `${target.name}: ${target.role} to ${body.role}`,
          Date.now(),
        );
      }
      return reply.redirect("/office/team", 303);
    });

    on(officeRoutes.removePasskey, async (request, reply, { params, body, session }) => {
      const target = await member(params.person);
      if (!target) return notFound(request, reply, session);
      const { accounts } = partsNow();
      const held = await accounts.passkeysOf(target.id);
      const passkey = held.find((one) => one.id === body.passkey);
      if (!passkey) return notFound(request, reply, session);
      if (target.id === session.person.id && held.length === 1) throw new OfficeError(400, onlyPasskey);
      await accounts.removePasskey(target.id, passkey.id);
      await accounts.audit(session.person.id, "removed a passkey", `${target.name}'s, ${passkey.label}`, Date.now());
      return reply.redirect("/office/team", 303);
    });

    on(officeRoutes.revoke, async (request, reply, { params, session }) => {
      const target = await member(params.person);
      if (!target) return notFound(request, reply, session);
      if (target.id === session.person.id) throw new OfficeError(400, "You cannot revoke yourself.");
      const { accounts } = partsNow();
      const now = Date.now();
      if (!(await accounts.revoke(target.id, now))) {
        throw new OfficeError(400, "The office needs an owner: make someone else an owner first.");
      }
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

    on(officeRoutes.data, async (request, reply, { query, session }) => {
      const { email, phone, erased } = query;
      const erase =
        (email || phone) && fresh(session)
          ? { email, phone, matches: await partsNow().work.matching({ email, phone }) }
          : undefined;
      return showData(request, reply, session, { erase, erased });
    });

    on(officeRoutes.exportEnquiries, async (request, reply, { body, session }) => {
      const { from, to, format } = body;
      const day = /^\d{4}-\d{2}-\d{2}$/;
      const start = Date.parse(`${from}T00:00:00+04:00`);
      const end = Date.parse(`${to}T00:00:00+04:00`) + 86_400_000;
      if (!day.test(from) || !day.test(to) || Number.isNaN(start) || Number.isNaN(end) || start >= end) {
        return showData(request, reply, session, { problem: "Choose a From date on or before the To date." });
      }
      const { work, accounts } = partsNow();
      const rows = await work.between(new Date(start).toISOString(), new Date(end).toISOString());
      const as = format === "xlsx" ? "a spreadsheet" : "CSV";
      const now = Date.now();
      await accounts.audit(
        session.person.id,
        "exported",
        `${plural(rows.length, "enquiry", "enquiries")}, ${calendarDay(from)} to ${calendarDay(to)}, as ${as}`,
        now,
      );
      reply.header("content-disposition", `attachment; filename="enquiries-${from}-to-${to}.${format}"`);
      if (format === "xlsx") {
        return reply
          .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
          .send(Buffer.from(toXlsx(rows, new Date(now))));
      }
      return reply.type("text/csv; charset=utf-8").send(toCsv(rows));
    });

    on(officeRoutes.erase, async (_request, reply, { body, session }) => {
      const { email, phone } = body;
      const { work, accounts } = partsNow();
      const erased = await work.erase({ email, phone });
      const by = [email ? "e-mail" : "", phone ? "phone" : ""].filter(Boolean).join(" and ");
      await accounts.audit(
        session.person.id,
        "erased a person",
        `${plural(erased, "enquiry", "enquiries")}, found by ${by || "nothing"}`,
        Date.now(),
      );
      return reply.redirect(`/office/data?erased=${erased}`, 303);
    });

    // An owner deletes held spam now: one, or every one (issue 35, item 6). Asked twice: a ticked box, and a
    // fresh passkey check, as for erasing a person.
    on(officeRoutes.deleteSpam, async (_request, reply, { body, session }) => {
      const { which, sure } = body;
      if (sure !== "yes") {
        throw new OfficeError(400, "Tick the box to say you are sure, then press Delete again.");
      }
      const { work, accounts } = partsNow();
      const deleted = await work.deleteHeld(which);
      const what = deleted === 1 ? "1 enquiry" : `${deleted} enquiries`;
      await accounts.audit(
        session.person.id,
        "deleted held spam",
        which === "all" ? `${what}, every one held` : `${what}, number ${which}`,
        Date.now(),
      );
      return reply.redirect(`/office?tab=held&deleted=${deleted}`, 303);
    });

    // The server's health in detail (public /healthz says only ok or not): the database, the mail, the outbox.
    on(officeRoutes.health, async (request, reply, { session }) =>
      page(request, reply, "Server health", <Health report={await healthDetails(state)} />, session, {
        section: "owner",
      }),
    );

    on(officeRoutes.audit, async (request, reply, { query, session }) => {
      const { rows, older } = await partsNow().accounts.auditLog(50, query.before);
      return page(request, reply, "Audit log", <Audit rows={rows} older={older} />, session, { section: "owner" });
    });

    // Anything else under /office: the sign-in page without a session (the access hook), "not found" with one.
    on(officeRoutes.elsewhere, async (request, reply, { session }) => notFound(request, reply, session));
    on(officeRoutes.trailingSlash, async (_request, reply) => reply.redirect("/office", 301));
  });
};

/** The office's routes must each say who may call them (routes.ts): one that does not is refused at start. */
export function requireDeclaredAccess(instance: FastifyInstance): void {
  instance.addHook("onRoute", (route) => {
    if (!route.config?.access) {
      throw new Error(
        `The office route ${String(route.method)} ${route.url} declares no access (public, staff, owner…).`,
      );
    }
  });
}

/** Fastify's validator for the routes' zod schemas: the checked (and converted) value replaces what was sent. */
const zodValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const checked = schema.safeParse(data ?? {});
    return checked.success ? { value: checked.data } : { error: new Error(z.prettifyError(checked.error)) };
  };

/** A form's fields: each a string, a repeated one a list (which every schema refuses). */
function formFields(body: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(body)) {
    const had = fields.get(key);
    fields.set(key, had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value]);
  }
  // fromEntries defines own properties: a field named __proto__ is just a field.
  return Object.fromEntries(fields);
}
