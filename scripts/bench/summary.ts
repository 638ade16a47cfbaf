/**
 * From one Lighthouse result to the figures the benchmark reports, and which targets (issue 6) they miss.
 * Reads a structural subset of Lighthouse's result so that the rules can be tested on small fixtures.
 */
import {
  type BlockingSources,
  type LongTaskLike,
  type RealLongTasks,
  type TraceEventLike,
  blockingSources,
  realLongTasks,
} from "./blocking";

export const categoryIds = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof categoryIds)[number];

export interface NetworkRequestLike {
  url: string;
  resourceType?: string;
  transferSize?: number;
  /** Set by Lighthouse's network-requests audit on requests of the page's own frame (not of an iframe). */
  experimentalFromMainFrame?: boolean;
}

interface AuditLike {
  score: number | null;
  numericValue?: number;
  details?: unknown;
}

export interface LhrLike {
  mainDocumentUrl?: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, AuditLike>;
}

/** Compressed bytes on the wire (Lighthouse's transferSize, headers included). */
export interface ByteGroups {
  /** The page's own HTML document. */
  html: number;
  css: number;
  js: number;
  font: number;
  image: number;
  /** Everything else of the page's frame: favicon, manifest, fetches. */
  other: number;
  /** Everything loaded inside iframes (the contact page's map): third-party, outside the page's own budget. */
  subframes: number;
}

export interface Metrics {
  /** First Contentful Paint, ms. */
  fcp: number;
  /** Largest Contentful Paint, ms. */
  lcp: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Cumulative Layout Shift, unitless. */
  cls: number;
}

export interface RunSummary {
  /** Out of 100, rounded as Lighthouse shows them. */
  scores: Record<CategoryId, number>;
  metrics: Metrics;
  bytes: ByteGroups;
  /**
   * The part of `bytes` that is response headers (the security headers repeat on every response), so that the
   * brotli bodies can be told apart from the transfer. null when the DevTools log was not at hand.
   */
  headerBytes: ByteGroups | null;
  /** Weighted audits that did not pass, per category: the "why" behind a score below 100. */
  failingAudits: Record<CategoryId, string[]>;
  /** Categories below 100 only through audits that a 404 page fails by design. */
  byDesign: CategoryId[];
  /** Where the blocking time of the long tasks after FCP comes from (./blocking.ts); null without that list. */
  blocking: BlockingSources | null;
  /** The real load's tasks the simulation makes long, in wall and thread time (./blocking.ts); null without a trace. */
  realLongTasks: RealLongTasks | null;
}

export const targets = {
  score: 100,
  fcpMs: 1000,
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0,
  firstLoadJsKiB: 100,
  htmlCssKiB: 14,
} as const;

export type Miss = CategoryId | "fcp" | "lcp" | "tbt" | "cls" | "js" | "html+css";

const kindOf: Record<string, keyof ByteGroups> = {
  Document: "html",
  Stylesheet: "css",
  Script: "js",
  Font: "font",
  Image: "image",
};

export function groupBytes(
  requests: readonly NetworkRequestLike[],
  mainDocumentUrl: string,
  sizeOf: (request: NetworkRequestLike) => number = (request) => request.transferSize ?? 0,
): ByteGroups {
  const bytes: ByteGroups = { html: 0, css: 0, js: 0, font: 0, image: 0, other: 0, subframes: 0 };
  for (const request of requests) {
    const size = sizeOf(request);
    if (request.experimentalFromMainFrame !== true) {
      bytes.subframes += size;
      continue;
    }
    let kind = kindOf[request.resourceType ?? ""] ?? "other";
    if (kind === "html" && request.url !== mainDocumentUrl) kind = "other";
    bytes[kind] += size;
  }
  return bytes;
}

export interface DevtoolsEventLike {
  method: string;
  params?: unknown;
}

/**
 * Header bytes per URL. The network-requests audit only gives the whole transfer; the DevTools log's
 * responseReceived carries the bytes received up to the end of the headers, as Lighthouse itself reads it.
 */
export function headerSizes(devtoolsLog: readonly DevtoolsEventLike[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const event of devtoolsLog) {
    if (event.method !== "Network.responseReceived") continue;
    const response = (event.params as { response?: { url?: string; encodedDataLength?: number } } | undefined)
      ?.response;
    if (response?.url && typeof response.encodedDataLength === "number" && response.encodedDataLength >= 0) {
      sizes.set(response.url, response.encodedDataLength);
    }
  }
  return sizes;
}

/**
 * On the 404 page, what Lighthouse must find: the 404 status itself, the noindex, and the browser's console note
 * of the document's 404.
 */
function failsByDesign(auditId: string, audit: AuditLike | undefined, pageUrl: string): boolean {
  if (auditId === "http-status-code" || auditId === "is-crawlable") return true;
  if (auditId !== "errors-in-console") return false;
  const details = audit?.details as
    { items?: { source?: string; description?: string; sourceLocation?: { url?: string } }[] } | undefined;
  const items = details?.items;
  return (
    Array.isArray(items) &&
    items.length > 0 &&
    items.every(
      (item) =>
        item.source === "network" && item.sourceLocation?.url === pageUrl && /\b404\b/.test(item.description ?? ""),
    )
  );
}

function numeric(lhr: LhrLike, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (value === undefined || !Number.isFinite(value)) throw new Error(`Lighthouse reported no ${auditId}`);
  return value;
}

/** Throws when the run cannot be used (no score, a runtime error): the caller retries it. */
export function summariseRun(
  lhr: LhrLike,
  notFound: boolean,
  devtoolsLog?: readonly DevtoolsEventLike[],
  trace?: readonly TraceEventLike[],
): RunSummary {
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const pageUrl = lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl;
  const scores = {} as Record<CategoryId, number>;
  const failingAudits = {} as Record<CategoryId, string[]>;
  const byDesign: CategoryId[] = [];
  for (const id of categoryIds) {
    const category = lhr.categories[id];
    if (!category || category.score === null) throw new Error(`Lighthouse gave no ${id} score`);
    scores[id] = Math.round(category.score * 100);
    const failing = category.auditRefs.filter((ref) => {
      const score = ref.weight > 0 ? lhr.audits[ref.id]?.score : null;
      return score !== null && score !== undefined && score < 1;
    });
    failingAudits[id] = failing.map((ref) => ref.id);
    if (
      notFound &&
      id !== "performance" &&
      failing.length > 0 &&
      failing.every((ref) => failsByDesign(ref.id, lhr.audits[ref.id], pageUrl))
    ) {
      byDesign.push(id);
    }
  }
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkRequestLike[] } | undefined)?.items;
  if (!requests) throw new Error("Lighthouse reported no network requests");
  const headers = devtoolsLog ? headerSizes(devtoolsLog) : null;
  const fcp = numeric(lhr, "first-contentful-paint");
  const longTasks = (lhr.audits["long-tasks"]?.details as { items?: LongTaskLike[] } | undefined)?.items;
  return {
    scores,
    metrics: {
      fcp,
      lcp: numeric(lhr, "largest-contentful-paint"),
      tbt: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
    },
    bytes: groupBytes(requests, pageUrl),
    headerBytes: headers ? groupBytes(requests, pageUrl, (request) => headers.get(request.url) ?? 0) : null,
    failingAudits,
    byDesign,
    blocking: Array.isArray(longTasks) ? blockingSources(longTasks, fcp, pageUrl) : null,
    realLongTasks: trace ? realLongTasks(trace, pageUrl) : null,
  };
}

export const kib = (bytes: number): number => bytes / 1024;

/**
 * The targets a summary misses, in table order. `firstLoadJs`: the page's first-load JavaScript as the
 * benchmark measures it on the build (brotli bodies, scripts/bench/first-load-js.ts); without it, Lighthouse's
 * JavaScript transfer (headers included) is held against the budget.
 */
export function missesOf(summary: RunSummary, firstLoadJs?: number | null): Miss[] {
  const { scores, metrics, bytes } = summary;
  const misses: Miss[] = categoryIds.filter((id) => scores[id] < targets.score && !summary.byDesign.includes(id));
  if (metrics.fcp > targets.fcpMs) misses.push("fcp");
  if (metrics.lcp > targets.lcpMs) misses.push("lcp");
  if (metrics.tbt > targets.tbtMs) misses.push("tbt");
  if (metrics.cls > targets.cls) misses.push("cls");
  if (kib(firstLoadJs ?? bytes.js) > targets.firstLoadJsKiB) misses.push("js");
  if (kib(bytes.html + bytes.css) > targets.htmlCssKiB) misses.push("html+css");
  return misses;
}

/** Bytes are the same on every run; scores and timings are not, so only their misses call for the median of 3. */
export function rerunWorthy(misses: readonly Miss[]): boolean {
  return misses.some((miss) => miss !== "js" && miss !== "html+css");
}
