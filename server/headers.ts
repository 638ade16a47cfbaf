import type { SiteSettings } from "../app/lib/settings";

/** Where the build's hashed, never-changing files live. */
export const assetsPrefix = "/assets/";
export const immutableCache = "public, max-age=31536000, immutable";
export const revalidateCache = "no-cache";

/**
 * The security headers of every response: the one source of truth for the Node server and for the files
 * written for static hosts and nginx (scripts/deploy-files.ts).
 *
 * `scriptHashes` are the 'sha256-…' sources of the pages' inline scripts (server/script-hashes.ts): scripts
 * run only from the site itself or when they are exactly one of those, never any other inline script.
 */
export function securityHeaders(
  settings: SiteSettings,
  scriptHashes: readonly string[],
): Record<string, string> & { "content-security-policy": string } {
  const formOrigin = settings.formEndpoint.startsWith("/") ? "" : ` ${new URL(settings.formEndpoint).origin}`;
  const mapOrigin = new URL(settings.map.embedUrl).origin;
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(" "),
    // Inline styles stay allowed: the font faces in <style> and React style attributes (the price grid's
    // columns, the detail layout); a style cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${formOrigin}`,
    `frame-src ${mapOrigin}`,
    `form-action 'self'${formOrigin}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "cross-origin-opener-policy": "same-origin",
    // Browsers heed this only over HTTPS, so it is harmless on a plain-HTTP loopback or behind a TLS proxy. For the
    // site's own host: includeSubDomains would bind every name under the agency's domain (webmail, the hosting
    // panel, a partner's booking page) to HTTPS for a year, names this site knows nothing of; no preload, which
    // needs includeSubDomains and takes months to undo from the browsers' lists.
    "strict-transport-security": "max-age=31536000",
  };
}

/** The headers that mean something for every response; the others govern documents only. */
const everyResponse = new Set(["x-content-type-options", "strict-transport-security"]);
/** Responses a browser may show as a document: pages, and an SVG opened on its own. */
const documentType = /^(text\/html|image\/svg\+xml)\b/;

/**
 * The headers for one response of the Node server. Scripts, styles, fonts, images and JSON need only
 * nosniff (and HSTS): the policy and framing headers there would be ~1.5 KB per file for nothing. The
 * static-host and nginx files send all of them on every path: those formats set headers by path, not by type.
 */
export function headersFor(contentType: string, headers: Record<string, string>): Record<string, string> {
  if (documentType.test(contentType)) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => everyResponse.has(name)));
}

/** The statuses of a response that carries the asset itself (or confirms the cached copy). */
const assetFound = new Set([200, 206, 304]);

/**
 * Hashed build assets never change; everything else is revalidated on each visit. A miss under /assets/ is
 * revalidated too: a deploy may add that file later, and a cached 404 would outlive it.
 */
export function cacheControl(urlPath: string, status = 200): string {
  return urlPath.startsWith(assetsPrefix) && assetFound.has(status) ? immutableCache : revalidateCache;
}
