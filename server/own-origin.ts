/*
 * Whether a request comes from the site's own pages, for every part of the server that takes posts from them (the
 * inbox, server/inbox/origin.ts; the statistics' collector, server/stats/collector.ts), so that neither imports
 * the other for it. The office has a stricter rule of its own: its one configured origin (office/context.tsx).
 */

/** An origin of the site itself: its public address, or the host this request was sent to. */
export function isOwnOrigin(origin: string, host: string | undefined, siteOrigin: string): boolean {
  if (origin === siteOrigin) return true;
  try {
    const url = new URL(origin);
    return url.origin === origin && host !== undefined && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}
