import type { FastifyReply, FastifyRequest } from "fastify";
import { isOwnOrigin } from "../own-origin";
import { InboxError } from "./errors";

export { isOwnOrigin };

export const crossSiteMessage = "Submissions are accepted only from this website's own pages.";

export interface OriginPolicy {
  /** The site's public address (SITE_URL). */
  siteOrigin: string;
  /** Other sites whose pages may post here (INBOX_ALLOWED_ORIGINS). */
  allowed: ReadonlySet<string>;
}

/**
 * Whether a browser post comes from the site's own pages. Browsers send Origin with every POST and, since 2020,
 * Sec-Fetch-Site; a client that sends neither is not a browser acting for a visitor on another site (curl, a
 * server-side integration), and is let through to the other checks.
 *
 * Own pages: an Origin whose host is the Host the request was sent to (whatever the scheme: behind a TLS proxy the
 * server sees plain HTTP), or the public address. Anything else, "null" included, is refused unless listed.
 */
export function checkOrigin(request: FastifyRequest, policy: OriginPolicy): void {
  const origin = request.headers.origin;
  const fetchSite = request.headers["sec-fetch-site"];
  if (origin !== undefined && policy.allowed.has(origin)) return;
  if (origin !== undefined && !isOwnOrigin(origin, request.headers.host, policy.siteOrigin)) {
    throw new InboxError(403, crossSiteMessage);
  }
  if (fetchSite === "cross-site") throw new InboxError(403, crossSiteMessage);
}

/**
 * CORS for the allowed other origins, so their pages can read the answer: the headers on the answer itself, and
 * the answer to the preflight a JSON post (the Contact form) is preceded by. Own pages need none of it.
 */
export function allowCors(request: FastifyRequest, reply: FastifyReply, policy: OriginPolicy): boolean {
  const origin = request.headers.origin;
  reply.header("vary", "Origin");
  if (origin === undefined || !policy.allowed.has(origin)) return false;
  reply.header("access-control-allow-origin", origin);
  return true;
}

export function answerPreflight(request: FastifyRequest, reply: FastifyReply, policy: OriginPolicy): FastifyReply {
  if (!allowCors(request, reply, policy)) {
    return reply.code(403).send({ success: false, message: crossSiteMessage });
  }
  return reply
    .code(204)
    .header("access-control-allow-methods", "POST")
    .header("access-control-allow-headers", "Content-Type, Accept, Idempotency-Key")
    .header("access-control-max-age", "600")
    .send();
}
