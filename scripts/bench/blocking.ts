/**
 * Where a Lighthouse run's blocking time comes from, as its long-tasks list shows it (the `long-tasks` audit: the
 * simulated main-thread tasks of 50 ms or more, each attributed to a URL). Chromium's commit of the navigation, a
 * task Lighthouse cannot attribute, is left out of the graph its simulation estimates FCP from but not of the one
 * TBT comes from: it runs partly after the simulated FCP, and pushes the page's first parse and layout after it too
 * (docs/benchmarks.md, "Why the page's first layout counts as blocking"). Each run's log line and the JSON say how
 * much of the blocking is that task and how much the page's own tasks.
 *
 * An estimate: Lighthouse's TBT averages two simulations, each with its own FCP, and the list comes from one,
 * so the parts need not add up to the TBT.
 */

export const blockingSourceKeys = ["navigation", "page", "scripts", "unattributed"] as const;
export type BlockingSource = (typeof blockingSourceKeys)[number];

/** Blocking time (ms) of the long tasks after FCP, by where they come from. */
export type BlockingSources = Record<BlockingSource, number>;

/** An item of Lighthouse's `long-tasks` audit (simulated times, ms). */
export interface LongTaskLike {
  url?: string;
  startTime?: number;
  duration?: number;
}

/** What Lighthouse writes for a task it cannot tie to a URL. */
const unattributable = "Unattributable";
/** Lighthouse's TBT counts of each task what runs after FCP, less this. */
const blockingThresholdMs = 50;

/** The part of a task that Lighthouse's TBT counts: what runs after FCP, beyond the first 50 ms. */
export function blockingPart(task: { startTime: number; duration: number }, fcpMs: number): number {
  const afterFcp = task.startTime + task.duration - Math.max(task.startTime, fcpMs);
  return afterFcp > blockingThresholdMs ? afterFcp - blockingThresholdMs : 0;
}

/**
 * - navigation: unattributable tasks that start before FCP (Chromium committing the navigation);
 * - page: tasks attributed to the page's HTML (its parse, style and layout, its inline scripts, and the modules
 *   its boot script imports);
 * - scripts: tasks attributed to one of the site's script files (hydration, the statistics);
 * - unattributed: the rest (garbage collection, SVG images' own documents, Lighthouse's own scripts).
 */
export function blockingSources(items: readonly LongTaskLike[], fcpMs: number, pageUrl: string): BlockingSources {
  const sources: BlockingSources = { navigation: 0, page: 0, scripts: 0, unattributed: 0 };
  const origin = new URL(pageUrl).origin;
  for (const { url, startTime, duration } of items) {
    if (startTime === undefined || duration === undefined) continue;
    const part = blockingPart({ startTime, duration }, fcpMs);
    if (url === unattributable && startTime < fcpMs) sources.navigation += part;
    else if (url === pageUrl) sources.page += part;
    else if (url !== undefined && URL.canParse(url) && new URL(url).origin === origin) sources.scripts += part;
    else sources.unattributed += part;
  }
  return sources;
}

/** For a run's log line. */
export function formatBlockingSources(sources: BlockingSources): string {
  const ms = (value: number) => Math.round(value);
  return (
    `long tasks after FCP: navigation commit ${ms(sources.navigation)}, page ${ms(sources.page)}, ` +
    `scripts ${ms(sources.scripts)}, other ${ms(sources.unattributed)} ms`
  );
}

/** A trace event, as far as the real tasks are read from it. */
export interface TraceEventLike {
  name: string;
  ph?: string;
  pid?: number;
  tid?: number;
  /** µs */
  ts?: number;
  /** Wall time, µs. */
  dur?: number;
  /** Thread time (what the thread ran on a CPU), µs. */
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

/** The real task that Lighthouse's 4× CPU slowdown makes a long task (50 ms). */
const longAtFourTimesMs = 12.5;

export const realLongTaskKeys = ["wallMs", "threadMs"] as const;

/** The page's main-thread tasks in the real load that the simulation turns into long tasks. */
export interface RealLongTasks extends Record<(typeof realLongTaskKeys)[number], number> {
  /** Their wall time, which the simulation multiplies by 4 (ms). */
  wallMs: number;
  /** The part of it the main thread ran on a CPU (ms); the rest it waited: for a core, or for another process. */
  threadMs: number;
}

/**
 * On this 2-core machine a task's wall time is often mostly waiting: the browser's other processes, the bench
 * and the server share the cores with the page. The simulation cannot tell, and counts the waiting 4× over.
 * null when the trace has no navigation to the page or no thread times.
 */
export function realLongTasks(events: readonly TraceEventLike[], pageUrl: string): RealLongTasks | null {
  const navigation = events.find(
    (event) => event.name === "navigationStart" && event.args?.data?.documentLoaderURL === pageUrl,
  );
  if (!navigation || navigation.ts === undefined) return null;
  const { pid, tid, ts: start } = navigation;
  let wallMs = 0;
  let threadMs = 0;
  for (const event of events) {
    if (event.name !== "RunTask" || event.ph !== "X" || event.pid !== pid || event.tid !== tid) continue;
    if (event.ts === undefined || event.ts < start || event.dur === undefined) continue;
    if (event.dur < longAtFourTimesMs * 1000) continue;
    if (event.tdur === undefined) return null;
    wallMs += event.dur / 1000;
    threadMs += event.tdur / 1000;
  }
  return { wallMs, threadMs };
}

/** For a run's log line. */
export function formatRealLongTasks({ wallMs, threadMs }: RealLongTasks): string {
  return `real tasks of ${longAtFourTimesMs} ms or more: ${Math.round(wallMs)} ms, ${Math.round(threadMs)} of them on a CPU`;
}
