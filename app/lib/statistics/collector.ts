import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { type Beacon, beaconPath } from "./beacon";
import { sourceOfVisit } from "./source";

/**
 * The statistics collector: loaded after the page has hydrated (./visits.ts), in a chunk of its own. It sends a
 * beacon for each page shown (a page the browser prerendered counts once it is shown, a page restored from the
 * back-forward cache counts again) and, when the page is hidden, the final values of its Core Web Vitals.
 * No cookie, no storage, no id but web-vitals' own per-metric ids; the server (server/stats) keeps a day, a page,
 * the source and the device class.
 */

const longestPath = 200;

let source: string | null = null;
/** The page the document was loaded (or last restored) on: its vitals are that page's. */
let loadedOn: string | null = null;
let started = false;
/** Metrics reported since the last beacon, by id: the latest value of each. */
const changed = new Map<string, Metric>();

export function sourceOfThisVisit(search: string): string {
  source ??= sourceOfVisit({
    search,
    referrer: document.referrer,
    userAgent: navigator.userAgent,
    siteOrigin: window.location.origin,
  });
  return source;
}

export function pageShown(pathname: string, search: string): void {
  sourceOfThisVisit(search);
  // Automation (a test run, a headless crawler) is not a visitor.
  if (navigator.webdriver) return;
  if (!started) start(pathname);
  whenShown(() => send(viewOf(pathname)));
}

function start(pathname: string): void {
  started = true;
  loadedOn = pathname;
  const report = (metric: Metric) => changed.set(metric.id, metric);
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(report);
  // web-vitals listens on window in the capture phase, so its last reports come before this listener runs.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") sendVitals();
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    loadedOn = window.location.pathname;
    send(viewOf(loadedOn));
  });
}

function viewOf(pathname: string): Beacon | null {
  return pathname.length > longestPath ? null : { kind: "view", path: pathname, source: source ?? "direct" };
}

/** Runs now, or once a page the browser prerendered is shown to the visitor. */
function whenShown(callback: () => void): void {
  if ((document as { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", callback, { once: true });
  } else callback();
}

function sendVitals(): void {
  if (loadedOn === null || loadedOn.length > longestPath || changed.size === 0) return;
  const metrics = [...changed.values()].map(({ id, name, value }) => ({ id, name, value }));
  changed.clear();
  for (let from = 0; from < metrics.length; from += 5) {
    send({ kind: "vitals", route: loadedOn, metrics: metrics.slice(from, from + 5) });
  }
}

function send(beacon: Beacon | null): void {
  if (beacon === null) return;
  const body = JSON.stringify(beacon);
  try {
    if (navigator.sendBeacon?.(beaconPath, body)) return;
  } catch {
    // Some browsers throw for a beacon they will not queue; fetch is the fallback.
  }
  fetch(beaconPath, { method: "POST", body, keepalive: true, headers: { "content-type": "text/plain" } }).catch(
    () => {},
  );
}
