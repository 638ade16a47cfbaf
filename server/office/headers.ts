/**
 * The office's own policy: its one script and style sheet from this server, nothing inline, nothing framed; its
 * service worker and manifest from this server too.
 */
export const officePolicy = [
  "default-src 'none'",
  // WebAssembly for the passport reader (issue 57: a passport photo that came another way), compiled, never eval.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "font-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  // The office's own service worker (/office/sw.js) and app manifest (/office/manifest.webmanifest), issue 37.
  "worker-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/** A case's paper served (issue 56): shown as an image or downloaded, never run in the office's origin. */
export const officePaperPolicy = "default-src 'none'; sandbox";

export const officePath = "/office";

export const isOfficePath = (pathname: string): boolean =>
  pathname === officePath || pathname.startsWith(`${officePath}/`);

/**
 * Every office answer, whatever it is: never stored by a browser or a proxy, never indexed, and its own strict
 * policy. The hashed assets (no enquiry data in them) are the one exception to no-store: a browser may keep
 * them, a shared cache may not (`private`), so a phone on mobile data does not fetch the script and font on
 * every page.
 */
export function officeHeaders(siteHeaders: Record<string, string>, asset: boolean): Record<string, string> {
  return {
    ...siteHeaders,
    "content-security-policy": officePolicy,
    "referrer-policy": "same-origin",
    "x-robots-tag": "noindex, nofollow, noarchive",
    "cache-control": asset ? "private, max-age=31536000, immutable" : "no-store",
  };
}
