/**
 * The traveller's case room at /case/: its own strict policy (its scripts, workers and style sheet from this server,
 * WebAssembly for the passport reader; photos previewed from the page's own memory, blob:), never stored, never indexed, and no Referer ever sent from
 * it (the link is in its address).
 */
export const casePath = "/case";

export const isCasePath = (pathname: string): boolean => pathname === casePath || pathname.startsWith(`${casePath}/`);

export const casePolicy = [
  "default-src 'none'",
  // WebAssembly compiled (the passport reader's engine, issue 57), and no other eval.
  "script-src 'self' 'wasm-unsafe-eval'",
  // The reader's workers (the photo's preparation, the engine) and the site's service worker: from here only.
  "worker-src 'self'",
  "style-src 'self'",
  "font-src 'self'",
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/** A paper served back: a download only, never run or shown in the page's origin (a PDF, a crafted image). */
export const paperPolicy = "default-src 'none'; sandbox";

/**
 * The case room's headers; `formTargets`: origins its forms may lead on to (the payment provider's page, issue 58:
 * "Pay now" posts here, and is sent on there).
 */
export function caseHeaders(
  siteHeaders: Record<string, string>,
  asset: boolean,
  formTargets: readonly string[] = [],
): Record<string, string> {
  return {
    ...siteHeaders,
    "content-security-policy":
      formTargets.length === 0
        ? casePolicy
        : casePolicy.replace("form-action 'self'", `form-action 'self' ${formTargets.join(" ")}`),
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex, nofollow, noarchive",
    // A file is public code under a hashed name (the service worker keeps it for offline use); a page is private.
    "cache-control": asset ? "public, max-age=31536000, immutable" : "no-store",
  };
}
