import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyPluginAsync } from "fastify";
import { StillBusyError } from "../busy";
import type { InboxConfig } from "./config";
import { InboxError } from "./errors";
import { GroupCommit } from "./group-commit";
import { bodyLimit, maxFields } from "./limits";
import { allowCors, answerPreflight, checkOrigin, isOwnOrigin, type OriginPolicy } from "./origin";
import { readJson, readMultipart } from "./parse";
import { databaseRateLimitStore } from "../data/rate-limit-store";
import { pagePaths } from "../../app/lib/paths";
import { isSource } from "../../app/lib/statistics/source";
import { deviceClass } from "../device-class";
import type { InboxState } from "./state";
import { checkAccessKey, toSubmission } from "./submission";

export interface SubmitRouteOptions {
  /** The database, or why it is not open. */
  state: InboxState;
  /** Empty: no key is asked for. */
  accessKey: string;
  /** The site's public address (SITE_URL). */
  siteUrl: string;
  config: Pick<InboxConfig, "rateLimit" | "allowedOrigins" | "busyWaitMs">;
  /** Called after a submission is committed, so the outbox can send it at once. */
  onStored: (id: number) => void;
}

export const successMessage = "Your enquiry has been submitted successfully!";
export const unavailableMessage =
  "The website cannot take enquiries right now. Please try again later, or contact us by phone or WhatsApp.";
export const busyMessage = "The enquiry inbox is busy. Please try again in a moment.";
export const badKeyMessage = "The Idempotency-Key must be 16 to 100 letters, digits, dashes or underscores";

/**
 * The key the site's own forms send an enquiry with (issue 38): the Idempotency-Key header, bare or as a quoted
 * string (the IETF draft's form), made when the enquiry is first sent and sent again with it on every retry. Null
 * without one; a key that is not one (or several: Node joins repeated headers with commas) is refused.
 */
export function submissionKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(",") : header;
  const key = /^"(.*)"$/.exec(value.trim())?.[1] ?? value.trim();
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(key)) throw new InboxError(400, badKeyMessage);
  return key;
}

/** Messages for the framework's and plugins' own refusals, in the words of the form service. */
const knownErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "Unsupported content type: send multipart/form-data or application/json"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, `The submission is too large (at most ${bodyLimit / 1024} KiB)`],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "The JSON body is empty"],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "The body is not valid JSON"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "The Content-Length does not match the body"],
  FST_FILES_LIMIT: [400, "File uploads are not accepted"],
  FST_REQ_FILE_TOO_LARGE: [400, "File uploads are not accepted"],
  FST_FIELDS_LIMIT: [400, `Too many fields (at most ${maxFields})`],
  FST_PARTS_LIMIT: [400, `Too many fields (at most ${maxFields})`],
  FST_PROTO_VIOLATION: [400, "A field name is not allowed"],
  FST_INVALID_JSON_FIELD_ERROR: [400, "A field declared as JSON is not valid JSON"],
};

function answerFor(error: FastifyError): [number, string] {
  if (error instanceof InboxError) return [error.statusCode, error.message];
  if (error instanceof StillBusyError) return [503, busyMessage];
  const known = error.code ? knownErrors[error.code] : undefined;
  if (known) return known;
  // Fastify's JSON parser reports bad JSON as a SyntaxError with status 400.
  if (error.statusCode === 400 && error instanceof SyntaxError) return [400, "The body is not valid JSON"];
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return [error.statusCode, error.message];
  return [500, "Something went wrong. Please try again."];
}

/** The site's pages: the only paths an enquiry is recorded as sent from. */
const sitePages = new Set<string>(pagePaths);

/**
 * The path of the site's page a submission was sent from, for the back office. The site's pages send their full
 * address as the Referer to their own origin (Referrer-Policy strict-origin-when-cross-origin), and only their
 * origin to another: a page on another origin is not known, rather than guessed; nor is a path that is not one
 * of the site's pages (a made-up Referer such as /javascript:alert(1) is never shown as a page, issue 34).
 */
export function sentFromPage(referer: string | undefined, host: string | undefined, siteOrigin: string): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (!isOwnOrigin(url.origin, host, siteOrigin) || !sitePages.has(url.pathname)) return null;
  return url.pathname;
}

/**
 * POST /api/submit: a self-hosted stand-in for the form-to-mail service the site was built for. It answers
 * { success, message } like the service, and says success only once the submission is committed to disk.
 * Encapsulated: the multipart parser, the rate limit and the JSON error answers apply to this route only.
 */
export const submitRoute: FastifyPluginAsync<SubmitRouteOptions> = async (app, options) => {
  const { config, state } = options;
  const origins: OriginPolicy = {
    siteOrigin: new URL(options.siteUrl).origin,
    allowed: new Set(config.allowedOrigins),
  };
  await app.register(multipart, {
    limits: { fields: maxFields, files: 0, parts: maxFields, fieldSize: bodyLimit, fieldNameSize: 100 },
  });
  if (config.rateLimit > 0) {
    await app.register(rateLimit, {
      global: false,
      // Counted in the database, the same for every server (server/data/rate-limit-store.ts).
      store: databaseRateLimitStore(() => app.database.connection?.database ?? null),
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new InboxError(context.statusCode, `Too many submissions; please try again in ${context.after}.`),
    });
  }

  // One group commit on each connection, with the enquiry store the database was opened with.
  const commitsNow = app.database.perConnection(({ enquiries }) => new GroupCommit(enquiries, config.busyWaitMs));

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const [status, message] = answerFor(error);
    if (status >= 500) request.log.error(error);
    else request.log.info({ status, message }, "submission refused");
    return reply.code(status).send({ success: false, message });
  });

  app.options("/api/submit", async (request, reply) => answerPreflight(request, reply, origins));
  app.options("/api/challenge", async (request, reply) => answerPreflight(request, reply, origins));

  // The proof-of-work challenge the forms fetch when the visitor first touches one (spam.ts).
  app.get("/api/challenge", async (request, reply) => {
    reply.header("cache-control", "no-store");
    allowCors(request, reply, origins);
    if (!state.guard) throw new InboxError(503, unavailableMessage);
    return state.guard.challenge();
  });

  app.post(
    "/api/submit",
    {
      bodyLimit,
      config: config.rateLimit > 0 ? { rateLimit: { max: config.rateLimit, timeWindow: 60_000 } } : {},
      // Before the body is read: a post from another site is refused whatever it carries.
      onRequest: async (request, reply) => {
        reply.header("cache-control", "no-store");
        allowCors(request, reply, origins);
        checkOrigin(request, origins);
      },
    },
    async (request) => {
      const commits = commitsNow();
      if (!commits) throw new InboxError(503, unavailableMessage);
      const length = Number(request.headers["content-length"] ?? 0);
      if (length > bodyLimit)
        throw new InboxError(413, `The submission is too large (at most ${bodyLimit / 1024} KiB)`);
      let fields;
      let kind: "enquiry" | "contact";
      if (request.isMultipart()) {
        fields = await readMultipart(request);
        kind = "enquiry";
      } else if (request.headers["content-type"]?.toLowerCase().includes("json")) {
        fields = readJson(request.body);
        kind = "contact";
      } else {
        throw new InboxError(415, "Unsupported content type: send multipart/form-data or application/json");
      }
      checkAccessKey(fields, options.accessKey);
      const key = submissionKey(request.headers["idempotency-key"]);
      const submission = toSubmission(kind, fields);
      // Held or not, the answer is the same (spam.ts).
      const { reason: heldReason, proof } = state.guard
        ? await state.guard.verdict(fields)
        : { reason: null, proof: null };
      let id: number;
      try {
        id = await commits.add({
          submission,
          heldReason,
          proof,
          page: sentFromPage(request.headers.referer, request.headers.host, origins.siteOrigin),
          // For the statistics and the office: where the visit came from (the form says), and the device class
          // (the User-Agent is read, not kept). A source that is not one is left out, the enquiry kept.
          source: isSource(fields.get("source")) ? (fields.get("source") ?? null) : null,
          device: deviceClass(request.headers["user-agent"]),
          key,
        });
      } catch (error) {
        if (error instanceof StillBusyError) throw error;
        // The database went away (PostgreSQL restarted, the network dropped, the disk failed): nothing was
        // committed, so nothing is acknowledged, and the visitor is told to try again; the form keeps their text.
        request.log.error(error, "the enquiry could not be stored");
        throw new InboxError(503, unavailableMessage);
      }
      if (heldReason !== null) request.log.info({ id, heldReason }, "submission held as suspected spam");
      options.onStored(id);
      return { success: true, message: successMessage };
    },
  );
};
