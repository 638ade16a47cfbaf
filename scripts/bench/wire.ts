/**
 * `npm run bench -- --wire`: every script a phone gets for a page, in bytes on the wire, during the load and 3 s
 * of idle after hydration (issue 38: at most 64 KiB on every route, the statistics' collector and web-vitals
 * included). Where --js reads the built files for the scripts loaded before hydration, this counts what the
 * browser itself fetched: the idle imports, web workers' scripts, and the service worker's script with the
 * scripts it fetches. The runner (./wire-run.ts) hands over what Playwright saw of each response; which ones
 * count, and how much, is decided here, where it can be tested.
 */
import { type Column, layout, signed } from "./compare";
import { median } from "./stats";
import { kib } from "./summary";

/** Issue 38's budget: every script of a route, idle ones included, on the wire. */
export const wireBudgetKiB = 64;

/** The phone of issue 38's measurement: 390 px wide (an iPhone 12 to 15's screen, at its 3× density). */
export const wirePhone = { width: 390, height: 844, deviceScaleFactor: 3 } as const;

/** What the page may still fetch once it has hydrated: the collector, the service worker and what it keeps. */
export const wireIdleMs = 3000;

/** How long the load event, then hydration, may take before the load counts as failed, or as never hydrated. */
export const wireTimeoutMs = 60_000;

/** What the runner saw of one finished response: Playwright's request, response and `request.sizes()`. */
export interface SeenResponse {
  url: string;
  /** Playwright's (CDP's) resource type: "script" for classic and module scripts and import(), "fetch" for fetch(). */
  resourceType: string;
  contentType: string | null;
  status: number;
  /** Fetched by the service worker itself (its own script, its fetch() calls), not by the page or a web worker. */
  byServiceWorker: boolean;
  /** A request of the page's that the service worker answered: the wire saw the worker's own fetch, if any. */
  answeredByServiceWorker: boolean;
  /** The main script of a web worker or of the service worker. */
  workerScript: boolean;
  /** The response's headers as received (`responseHeadersSize`). */
  headerBytes: number;
  /**
   * CDP's encodedDataLength less the headers (`responseBodySize`): 0 or below for an answer from the browser's
   * cache, whose encodedDataLength is 0.
   */
  bodyBytes: number;
  /** The Content-Length header, when the server sent one. */
  contentLength: number | null;
}

export interface WireScript {
  /** The path for the site's own scripts, the whole URL for another origin's. */
  url: string;
  /** On the wire: the response's headers and its compressed body. */
  bytes: number;
  headerBytes: number;
  /** The page (with its web workers) or the service worker. */
  by: "page" | "service worker";
  /** The body's bytes are the Content-Length: Chromium reports only the headers of a worker's main script. */
  bodyFromContentLength?: true;
}

/** One load of one route. */
export interface WireRun {
  /** Whether <html> got data-hydrated within the time-out. */
  hydrated: boolean;
  /** The site's scripts on the wire, summed. */
  bytes: number;
  headerBytes: number;
  files: number;
  /** The site's scripts on the wire, largest first. */
  scripts: WireScript[];
  /** Scripts of other origins (the map's frame, were it to load): listed, not counted against the budget. */
  otherOrigins: WireScript[];
  /** Script responses that did not reach the wire: from the browser's cache, or the service worker's answer. */
  notOnWire: { browserCache: number; serviceWorker: number };
  /** Script requests still open when the load was read. */
  unfinished: string[];
}

const javascript = /\b(?:java|ecma)script\b/i;

/** A script by the way it was asked for, or by what came back (a worker's or the service worker's fetch() of one). */
export function isScript(response: Pick<SeenResponse, "resourceType" | "contentType">): boolean {
  return response.resourceType === "script" || javascript.test(response.contentType ?? "");
}

/**
 * What one script response put on the wire, or null when nothing: answered from the browser's cache (e.g. the
 * service worker fetching what the page had just loaded, to keep it), or by the service worker (its own fetch,
 * counted on its side, is what reached the network).
 */
export function onTheWire(
  response: SeenResponse,
): Pick<WireScript, "bytes" | "headerBytes" | "bodyFromContentLength"> | null {
  if (response.answeredByServiceWorker) return null;
  const reported = response.headerBytes + response.bodyBytes;
  if (reported <= 0) return null;
  // A worker's main script (a web worker's, the service worker's) is fetched by the browser's own process, and
  // Chromium reports only its headers (encodedDataLength 422 for a 4.5 KB /sw.js): the body is what the server
  // said it sent. An answer from the cache has no headers on the wire either, so it never gets here.
  if (response.workerScript && response.bodyBytes <= 0 && response.contentLength !== null) {
    return {
      bytes: response.headerBytes + response.contentLength,
      headerBytes: response.headerBytes,
      bodyFromContentLength: true,
    };
  }
  return { bytes: reported, headerBytes: response.headerBytes };
}

/** One load's figures, from every response it saw; `origin` is the site's (the server under test). */
export function wireRun(
  responses: readonly SeenResponse[],
  origin: string,
  load: { hydrated: boolean; unfinished?: readonly string[] },
): WireRun {
  const scripts: WireScript[] = [];
  const otherOrigins: WireScript[] = [];
  const notOnWire = { browserCache: 0, serviceWorker: 0 };
  for (const response of responses) {
    if (!isScript(response)) continue;
    const wire = onTheWire(response);
    if (!wire) {
      if (response.answeredByServiceWorker) notOnWire.serviceWorker++;
      else notOnWire.browserCache++;
      continue;
    }
    const url = new URL(response.url);
    const own = url.origin === origin;
    const script: WireScript = {
      url: own ? `${url.pathname}${url.search}` : response.url,
      ...wire,
      by: response.byServiceWorker ? "service worker" : "page",
    };
    (own ? scripts : otherOrigins).push(script);
  }
  const largestFirst = (a: WireScript, b: WireScript) => b.bytes - a.bytes || a.url.localeCompare(b.url);
  scripts.sort(largestFirst);
  otherOrigins.sort(largestFirst);
  return {
    hydrated: load.hydrated,
    bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    headerBytes: scripts.reduce((sum, script) => sum + script.headerBytes, 0),
    files: scripts.length,
    scripts,
    otherOrigins,
    notOnWire,
    unfinished: [...(load.unfinished ?? [])],
  };
}

/** A route on one build: the median of each figure over its loads. */
export interface WireSummary {
  /** Loads that completed, hydrated or not: what they fetched is what a phone would have. */
  runs: number;
  /** Loads that failed (no load event, a crash), with the reason: not in the medians. */
  failedRuns: string[];
  notHydrated: number;
  bytes: number | null;
  headerBytes: number | null;
  files: number | null;
}

export function summariseWireRuns(runs: readonly WireRun[], failedRuns: readonly string[] = []): WireSummary {
  const medianOf = (pick: (run: WireRun) => number) => (runs.length > 0 ? median(runs.map(pick)) : null);
  return {
    runs: runs.length,
    failedRuns: [...failedRuns],
    notHydrated: runs.filter((run) => !run.hydrated).length,
    bytes: medianOf((run) => run.bytes),
    headerBytes: medianOf((run) => run.headerBytes),
    files: medianOf((run) => run.files),
  };
}

export interface WireRow {
  route: string;
  ours: WireSummary;
  /** The --vs build's, measured right after; null without --vs. */
  other: WireSummary | null;
}

const kibText = (bytes: number) => kib(bytes).toFixed(1);
const overBudget = (bytes: number) => kib(bytes) > wireBudgetKiB;
const orDash = (value: number | null, text: (value: number) => string) => (value === null ? "–" : text(value));
const budgetCell = (bytes: number | null) => orDash(bytes, (b) => `${kibText(b)}${overBudget(b) ? "!" : ""}`);
// A median of an even number of loads may fall between two counts.
const filesCell = (files: number | null) => orDash(files, (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1)));

/** This build less the other, in KiB with its sign: "+1.2", "-0.4", "+0.0". */
export function wireDifference(ours: number | null, other: number | null): string {
  return ours === null || other === null ? "–" : signed(kib(ours - other), 1);
}

/** "1 of 3 not hydrated, 1 of 4 failed": what a row's figures leave out or take in; empty when nothing. */
export function wireNote(summary: WireSummary): string {
  const total = summary.runs + summary.failedRuns.length;
  const parts = [
    ...(summary.notHydrated > 0 ? [`${summary.notHydrated} of ${summary.runs} not hydrated`] : []),
    ...(summary.failedRuns.length > 0 ? [`${summary.failedRuns.length} of ${total} failed`] : []),
  ];
  return parts.join(", ");
}

/** A line per route: this build's scripts against the budget; with --vs, the other build's and the difference. */
export function formatWireTable(rows: readonly WireRow[]): string {
  const compared = rows.some((row) => row.other !== null);
  const note = (row: WireRow) => {
    const ours = wireNote(row.ours);
    const other = row.other ? wireNote(row.other) : "";
    return [ours, other && `vs: ${other}`].filter(Boolean).join("; ");
  };
  const columns: Column<WireRow>[] = [
    { name: "Route", unit: "", cell: (row) => row.route },
    { name: "JS", unit: `≤${wireBudgetKiB} KiB`, cell: (row) => budgetCell(row.ours.bytes) },
    { name: "Files", unit: "", cell: (row) => filesCell(row.ours.files) },
    { name: "Headers", unit: "KiB", cell: (row) => orDash(row.ours.headerBytes, kibText) },
    ...(compared
      ? [
          {
            name: "vs JS",
            unit: `≤${wireBudgetKiB} KiB`,
            cell: (row: WireRow) => budgetCell(row.other?.bytes ?? null),
          },
          { name: "vs files", unit: "", cell: (row: WireRow) => filesCell(row.other?.files ?? null) },
          {
            name: "Difference",
            unit: "KiB",
            cell: (row: WireRow) => wireDifference(row.ours.bytes, row.other?.bytes ?? null),
          },
        ]
      : []),
    ...(rows.some((row) => note(row) !== "") ? [{ name: "Note", unit: "", cell: note, left: true }] : []),
  ];
  // The note, left-aligned and last, would pad every line to the longest.
  return layout(columns, rows)
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n");
}

/** The line above the table: what was loaded, how, and which build is which. */
export function formatWireConditions(runs: number, builds: { ours: string; other: string | null }): string {
  return (
    `Scripts on the wire: phone ${wirePhone.width} × ${wirePhone.height} at ${wirePhone.deviceScaleFactor}×, ` +
    `no throttling, service worker allowed; the load event, hydration, then ${wireIdleMs / 1000} s of idle; ` +
    (runs === 1 ? "one fresh load" : `medians of ${runs} fresh loads`) +
    ` (empty cache) per route and build. JS: ${builds.ours}` +
    (builds.other === null ? "." : `; vs: ${builds.other}, each route right after this build's.`)
  );
}

export const wireLegend = [
  `! over issue 38's budget: every script of a route, idle ones included, at most ${wireBudgetKiB} KiB on the wire.`,
  "JS: the site's scripts the page, its web workers and the service worker fetched, response headers included",
  "(as Chromium counts them: encodedDataLength); Files: how many; Headers: the part of JS that is headers. A script",
  "found in the browser's cache, or answered by the service worker, is not counted again; other origins' are left",
  "out (the JSON lists them). Difference: JS less vs JS.",
].join("\n");
