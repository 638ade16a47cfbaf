/**
 * What the browser sends the site's statistics collector (server/stats/collector.ts checks every field): JSON of at
 * most 2 KB, sent with navigator.sendBeacon. No visitor id, nothing about the browser: the server tells a phone from
 * a computer by the request's User-Agent and keeps only that class.
 */
export const beaconPath = "/api/stats";
export const largestBeacon = 2048;

export type MetricName = "LCP" | "INP" | "CLS" | "FCP" | "TTFB";

export type Beacon =
  /**
   * A page shown, at its path. The server tells a page of the site (app/lib/paths.ts) from the not-found page
   * (counted apart, with the path, so broken links from other sites show): the browser need not carry the list.
   */
  | { kind: "view"; path: string; source: string }
  /** The final values of a page's Core Web Vitals, each under the web-vitals library's metric id. */
  | { kind: "vitals"; route: string; metrics: { id: string; name: MetricName; value: number }[] };
