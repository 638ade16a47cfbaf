/** @jsxImportSource preact */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { assetsPath } from "./assets";
import { type OfficeContext, OfficeError, wantsJson } from "./context";
import { Notice } from "./pages/layout";
import { PasskeyError } from "./passkeys";
import type { Access, Checked, RouteSpec } from "./route-spec";
import type { Session } from "./sessions";
import { sameToken } from "./tokens";

/*
 * How a row of the route table (routes.ts) becomes a route of the server: its access enforced by one hook, its
 * schemas checked before its handler runs, its forms read, and every refusal answered the office's way.
 */

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

/** Office forms are small; the largest, a note, is at most 5,000 characters. */
export const formLimit = 64 * 1024;

/** What a handler is given: what the route's schemas checked, and the session (none on a public route). */
export type Input<S extends RouteSpec> = Checked<S> & { session: S["access"] extends "public" ? null : Session };

/** Registers a route of the table in routes.ts: its access, its schemas, and a handler given what they checked. */
export type On = <S extends RouteSpec>(
  spec: S,
  handler: (request: FastifyRequest, reply: FastifyReply, input: Input<S>) => unknown,
) => void;

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

export { zodValidator } from "../zod-validator";

/** A form's fields: each a string, a repeated one a list (which every schema refuses). */
export function formFields(body: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(body)) {
    const had = fields.get(key);
    fields.set(key, had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value]);
  }
  // fromEntries defines own properties: a field named __proto__ is just a field.
  return Object.fromEntries(fields);
}

const field = (body: unknown, name: string): string => {
  if (typeof body !== "object" || body === null) return "";
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
};

/**
 * Installs the access hook and the error answers on the office's instance, and gives the `on` that registers a
 * route of the table, and `unregistered`, the rows of the table no module registered.
 */
export function officeRouting(office: FastifyInstance, ctx: OfficeContext) {
  const { config, notFound, page } = ctx;
  const signInLimit = { max: config.signInPerMinute, timeWindow: 60_000 };

  /**
   * Every route's access, enforced in one place before its schemas are read: a post from another site is
   * refused first; without a session, a page shows the sign-in page (the same answer whatever the address, so
   * nobody learns which enquiries exist) and the script's JSON gets 401; a state-changing request needs the
   * session's form token; an owner's address looks, to anyone else, like one that does not exist.
   */
  office.addHook("preValidation", async (request, reply) => {
    const access = request.routeOptions.config.access;
    const posted = request.method === "POST";
    if (posted) ctx.checkSameOrigin(request);
    if (access === "public") return;
    const session = await ctx.currentSession(request);
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
    if ((access === "owner-fresh" || access === "staff-fresh") && !ctx.fresh(session)) {
      throw new OfficeError(
        403,
        "Confirm it is you with your passkey first (on the page you came from), then try again.",
      );
    }
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

  const registered = new Set<RouteSpec>();
  const on: On = (spec, handler) => {
    registered.add(spec);
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
        } as Input<typeof spec>),
    });
  };
  /** The rows of a table that no module registered. */
  const unregistered = (table: Record<string, RouteSpec>) =>
    Object.keys(table).filter((name) => !registered.has(table[name] as RouteSpec));
  return { on, unregistered };
}
