import { afterHydrationPieces } from "../hydration-pieces";
import type * as CollectorModule from "./collector";

/**
 * The part of the statistics every page carries (a few hundred bytes): it notes each page shown and, once the page
 * has hydrated and the browser is idle, loads the collector (./collector.ts, a chunk of its own with web-vitals) to count it. Nothing is
 * stored in the browser: the visit's source lives in memory until the tab is closed or reloaded.
 */
type Collector = typeof CollectorModule;

/** The query string of the address the visit landed on, read before any move inside the site changes it. */
let landingSearch: string | null = null;
let collector: Promise<Collector> | null = null;

const importCollector = (): Promise<Collector> => (collector ??= import("./collector"));

let whenIdle: Promise<Collector> | null = null;
/** Once the page has hydrated and the browser is idle (at most 2 s later): the collector never competes with it. */
function loadWhenIdle(): Promise<Collector> {
  whenIdle ??= new Promise<void>((resolve) =>
    afterHydrationPieces(() =>
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(() => resolve(), { timeout: 2_000 })
        : setTimeout(resolve, 0),
    ),
  ).then(importCollector);
  return whenIdle;
}

function landing(): string {
  landingSearch ??= window.location.search;
  return landingSearch;
}

/** A page is shown (root.tsx: on the first render and on each move to another path). */
export function pageShown(pathname: string): void {
  const search = landing();
  loadWhenIdle().then(
    (loaded) => loaded.pageShown(pathname, search),
    () => {},
  );
}

/** How long a form waits for the source before it sends without it. */
const sourceWaitMs = 1_500;

/**
 * Where the visit came from, for an enquiry's extra field ('' when it cannot be told in time). A form sent before
 * the browser was idle loads the collector at once, and waits on its download, not on a timer of the page.
 */
export function visitSource(): Promise<string> {
  const search = landing();
  return Promise.race([
    importCollector().then(
      (loaded) => loaded.sourceOfThisVisit(search),
      () => "",
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve(""), sourceWaitMs)),
  ]);
}

/** A form's extra fields with the visit's source added (when known), for the enquiry and the office. */
export async function withVisitSource(fields: Promise<Record<string, string>>): Promise<Record<string, string>> {
  const [extra, source] = await Promise.all([fields, visitSource()]);
  return source === "" ? extra : { ...extra, source };
}
