/**
 * `npm run bench -- --real`: real page loads in Chromium with its own network and CPU throttling, where
 * Lighthouse's default mode loads the page unthrottled and simulates the slow phone afterwards from the trace.
 * The simulation counts some things a slow phone does not (every High-priority script before first paint as
 * render-blocking) and misses some it does (a font that arrives late), so what helps the score should also be
 * seen to help here. The page records its own paint, long-task and hydration times (`recordRealLoad`, run in
 * the page); the figures and the table are worked out here, where they can be tested.
 */
import { screenEmulationMetrics, throttling, userAgents } from "lighthouse/core/config/constants.js";
import { type Column, layout, lcpGain, seconds } from "./compare";
import { median } from "./stats";

/** Lighthouse's Slow 4G and 4× CPU, with the figures its DevTools method (`throttlingMethod: "devtools"`) uses. */
export const realThrottling = throttling.mobileSlow4G;

// Typed as possibly undefined (the type of an optional setting), though Lighthouse always defines it.
const lighthouseMobile = screenEmulationMetrics.mobile;
if (!lighthouseMobile) throw new Error("Lighthouse defines no mobile screen emulation");

/** Lighthouse's mobile screen (a Moto G Power), and its user agent, so that the page sees what it sees. */
export const realPhone = {
  width: lighthouseMobile.width,
  height: lighthouseMobile.height,
  deviceScaleFactor: lighthouseMobile.deviceScaleFactor,
};
export const realUserAgent = userAgents.mobile;

/** How long a page may take to hydrate before the run counts as failed. */
export const hydrationTimeoutMs = 60_000;
/** Page time waited after hydration, so that the long tasks hydration sets off are seen too. */
export const settleMs = 2000;

/** Above this, each millisecond of a task blocks input (Lighthouse's TBT threshold). */
const blockingThresholdMs = 50;

/**
 * The parameters of CDP's Network.emulateNetworkConditions, as Lighthouse's emulation.js sends them: latency
 * per request in ms, throughput in bytes per second (kbps × 1024 / 8, rounded down).
 */
export function networkConditions(settings: typeof realThrottling = realThrottling) {
  return {
    offline: false,
    latency: settings.requestLatencyMs,
    downloadThroughput: Math.floor((settings.downloadThroughputKbps * 1024) / 8),
    uploadThroughput: Math.floor((settings.uploadThroughputKbps * 1024) / 8),
  };
}

const figure = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** The line above the table that says under which conditions it was measured. */
export function formatRealConditions(runs: number, settings = realThrottling, phone = realPhone): string {
  return (
    `Chromium's own throttling: Slow 4G as Lighthouse's DevTools method applies it, ` +
    `${figure(settings.requestLatencyMs)} ms request latency, ${figure(settings.downloadThroughputKbps)} kbps down, ` +
    `${figure(settings.uploadThroughputKbps)} kbps up, ${figure(settings.cpuSlowdownMultiplier)}× CPU; ` +
    `phone ${phone.width} × ${phone.height} at ${figure(phone.deviceScaleFactor)}×; ` +
    (runs === 1 ? "one fresh load" : `medians of ${runs} fresh loads`) +
    " (empty cache) per route and build."
  );
}

export const realLegend =
  `LCP: the last largest-contentful-paint entry, as the browser reports LCP, and its element. Blocking: the ` +
  `time beyond ${blockingThresholdMs} ms of each long task after FCP, until ${settleMs / 1000} s after ` +
  `hydration (Lighthouse's TBT rule, which stops at TTI instead). Hydrated: when <html> got data-hydrated. ` +
  `CSR: the client-rendered build; LCP gain = CSR LCP / this LCP.`;

export interface LongTask {
  /** ms from the navigation's start, as the entry's startTime. */
  start: number;
  duration: number;
}

/**
 * Total blocking time from FCP: for each long task, what it lasts beyond 50 ms after FCP. This is Lighthouse's
 * rule (calculateSumOfBlockingTime in its TBTUtils): a task that ends before FCP counts nothing, one that runs
 * across FCP only with its part after it. Lighthouse also stops at TTI; here the window ends when the page is
 * read, 2 s after hydration.
 */
export function blockingTime(tasks: readonly LongTask[], fcp: number): number {
  let total = 0;
  for (const task of tasks) {
    const counted = task.start + task.duration - Math.max(task.start, fcp);
    if (counted > blockingThresholdMs) total += counted - blockingThresholdMs;
  }
  return total;
}

/** What the page says of an element: enough to tell a heading from a picture in a table cell. */
export interface ElementParts {
  tag: string;
  firstClass: string | null;
  /** Its text, whitespace collapsed, cut short in the page. */
  text: string;
}

const elementTextLength = 40;

/** `h1.hero__title "Dubai visa…"`: the tag, its first class, the first 40 characters of its text. */
export function describeElement(parts: ElementParts): string {
  const text = parts.text.replace(/\s+/g, " ").trim();
  const shown = text.length > elementTextLength ? `${text.slice(0, elementTextLength).trimEnd()}…` : text;
  return `${parts.tag.toLowerCase()}${parts.firstClass ? `.${parts.firstClass}` : ""}${shown ? ` "${shown}"` : ""}`;
}

/** What the page recorded in one load, as `readRealLoad` returns it. Times in ms from the navigation's start. */
export interface RealLoad {
  fcp: number | null;
  /** Every largest-contentful-paint entry, in order; element null when the browser no longer had it. */
  lcp: { time: number; element: ElementParts | null }[];
  longTasks: LongTask[];
  hydrated: number | null;
}

/** One load's figures. */
export interface RealRun {
  fcp: number | null;
  lcp: number | null;
  lcpElement: string | null;
  blocking: number | null;
  hydrated: number | null;
  longTasks: LongTask[];
}

export function realRun(load: RealLoad): RealRun {
  // Each entry replaces the one before it: the last is the page's LCP.
  const last = load.lcp.at(-1);
  return {
    fcp: load.fcp,
    lcp: last?.time ?? null,
    lcpElement: last?.element ? describeElement(last.element) : null,
    blocking: load.fcp === null ? null : blockingTime(load.longTasks, load.fcp),
    hydrated: load.hydrated,
    longTasks: load.longTasks,
  };
}

/** A route on one build: the median of each figure over its runs. */
export interface RealSummary {
  runs: number;
  failedRuns: string[];
  fcp: number | null;
  lcp: number | null;
  /** The most common over the runs, with how many had it when not all did. */
  lcpElement: string | null;
  blocking: number | null;
  hydrated: number | null;
}

/** The element most runs had; on a tie, the one of the run nearest the median LCP. */
function commonLcpElement(runs: readonly RealRun[], medianLcp: number | null): string | null {
  const counts = new Map<string, number>();
  for (const run of runs) {
    if (run.lcpElement !== null) counts.set(run.lcpElement, (counts.get(run.lcpElement) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  if (most === 0) return null;
  const distance = (run: RealRun) =>
    run.lcp === null || medianLcp === null ? Number.POSITIVE_INFINITY : Math.abs(run.lcp - medianLcp);
  const [chosen] = runs
    .filter((run) => run.lcpElement !== null && counts.get(run.lcpElement) === most)
    .sort((a, b) => distance(a) - distance(b));
  const element = chosen?.lcpElement ?? null;
  return element !== null && most < runs.length ? `${element} (${most}/${runs.length})` : element;
}

export function summariseRealRuns(runs: readonly RealRun[], failedRuns: readonly string[] = []): RealSummary {
  const medianOf = (pick: (run: RealRun) => number | null) => {
    const values = runs.map(pick).filter((value) => value !== null);
    return values.length > 0 ? median(values) : null;
  };
  const lcp = medianOf((run) => run.lcp);
  return {
    runs: runs.length,
    failedRuns: [...failedRuns],
    fcp: medianOf((run) => run.fcp),
    lcp,
    lcpElement: commonLcpElement(runs, lcp),
    blocking: medianOf((run) => run.blocking),
    hydrated: medianOf((run) => run.hydrated),
  };
}

export interface RealRow {
  route: string;
  ours: RealSummary;
  /** null when the client-rendered build was not measured (--no-compare). */
  clientRendered: RealSummary | null;
}

export function realLcpGain(row: RealRow): number | null {
  return lcpGain(row.ours.lcp, row.clientRendered?.lcp);
}

const orDash = (value: number | null, text: (value: number) => string) => (value === null ? "–" : text(value));

/** A line per route: this build's figures, then the client-rendered build's and the LCP gain if it was measured. */
export function formatRealTable(rows: readonly RealRow[]): string {
  const ownColumns: Column<RealRow>[] = [
    { name: "Route", unit: "", cell: (row) => row.route },
    { name: "FCP", unit: "s", cell: (row) => orDash(row.ours.fcp, seconds) },
    { name: "LCP", unit: "s", cell: (row) => orDash(row.ours.lcp, seconds) },
    { name: "LCP element", unit: "", cell: (row) => row.ours.lcpElement ?? "–", left: true },
    { name: "Blocking", unit: "ms", cell: (row) => orDash(row.ours.blocking, (ms) => String(Math.round(ms))) },
    { name: "Hydrated", unit: "s", cell: (row) => orDash(row.ours.hydrated, seconds) },
  ];
  const csrColumns: Column<RealRow>[] = [
    { name: "CSR FCP", unit: "s", cell: (row) => orDash(row.clientRendered?.fcp ?? null, seconds) },
    { name: "CSR LCP", unit: "s", cell: (row) => orDash(row.clientRendered?.lcp ?? null, seconds) },
    { name: "CSR hydrated", unit: "s", cell: (row) => orDash(row.clientRendered?.hydrated ?? null, seconds) },
    { name: "LCP gain", unit: "×", cell: (row) => orDash(realLcpGain(row), (ratio) => `${ratio.toFixed(1)}×`) },
  ];
  const compared = rows.some((row) => row.clientRendered !== null);
  return layout(compared ? [...ownColumns, ...csrColumns] : ownColumns, rows);
}

/** What `recordRealLoad` keeps in the page, on `window.__realLoad`. */
interface Recording {
  lcp: RealLoad["lcp"];
  longTasks: LongTask[];
  hydrated: number | null;
  /** Hands over the entries the observers have not delivered yet. */
  flush: () => void;
}

/**
 * Runs in the page before any of its own scripts (an init script; serialised by Playwright: self-contained).
 * Observes from the start rather than reading buffered entries at the end: long tasks have no buffer, and an
 * LCP entry's element may be gone from the page by then.
 */
export function recordRealLoad(): void {
  // The map on /contact is a frame of its own: only the page counts.
  if (window !== window.top) return;
  const describe = (element: Element | null) =>
    element
      ? {
          tag: element.tagName,
          firstClass: element.classList[0] ?? null,
          text: (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 80),
        }
      : null;
  const recording: Recording = { lcp: [], longTasks: [], hydrated: null, flush: () => undefined };
  const onLcp = (entries: PerformanceEntryList) => {
    for (const entry of entries as LargestContentfulPaint[]) {
      recording.lcp.push({ time: entry.startTime, element: describe(entry.element) });
    }
  };
  const onLongTasks = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      recording.longTasks.push({ start: Math.round(entry.startTime), duration: entry.duration });
    }
  };
  const lcpObserver = new PerformanceObserver((list) => onLcp(list.getEntries()));
  lcpObserver.observe({ type: "largest-contentful-paint", buffered: true });
  const longTaskObserver = new PerformanceObserver((list) => onLongTasks(list.getEntries()));
  longTaskObserver.observe({ type: "longtask", buffered: true });
  recording.flush = () => {
    onLcp(lcpObserver.takeRecords());
    onLongTasks(longTaskObserver.takeRecords());
  };
  // app/root.tsx sets the attribute in an effect once React has hydrated. The observer is told at the end of
  // that task's script, which is a little after; <html> may not exist yet when this runs, so watch the document.
  const hydration = new MutationObserver(() => {
    if (document.documentElement.hasAttribute("data-hydrated")) {
      recording.hydrated = Math.round(performance.now());
      hydration.disconnect();
    }
  });
  hydration.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  (window as unknown as { __realLoad: Recording }).__realLoad = recording;
}

/** Runs in the page: waits `settle` ms of the page's own time (its timers run late when the CPU is busy), then reads. */
export async function readRealLoad(settle: number): Promise<RealLoad> {
  await new Promise((done) => setTimeout(done, settle));
  const recording = (window as unknown as { __realLoad?: Recording }).__realLoad;
  if (!recording) throw new Error("the recording script did not run in the page");
  recording.flush();
  return {
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    lcp: recording.lcp,
    longTasks: recording.longTasks,
    hydrated: recording.hydrated,
  };
}
