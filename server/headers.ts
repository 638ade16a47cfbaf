import type { SiteSettings } from "../app/lib/settings";

/**
 * The security headers of every response: one source of truth for the Node server (and, later, the files
 * written for static hosts).
 */
export function securityHeaders(settings: SiteSettings): Record<string, string> {
  const formOrigin = settings.formEndpoint.startsWith("/") ? "" : ` ${new URL(settings.formEndpoint).origin}`;
  const mapOrigin = new URL(settings.map.embedUrl).origin;
  const csp = [
    "default-src 'self'",
    // React Router writes small inline scripts (hydration context) into each page.
    "script-src 'self' 'unsafe-inline'",
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
  };
}

/** Hashed build assets never change; everything else is revalidated on each visit. */
export function cacheControl(urlPath: string): string {
  return urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
}
