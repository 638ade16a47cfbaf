import { afterHydrationPieces } from "../hydration-pieces";
import type * as CollectorModule from "./collector";

/**
 * The part of the statistics every page carries (a few hundred bytes): it notes each page shown and, once the page
 * has hydrated, loads the collector (./collector.ts, a chunk of its own with web-vitals) to count it. Nothing is
 * stored in the browser: the visit's source lives in memory until the tab is closed or reloaded.
 */
type Collector = typeof CollectorModule;

/** The query string of the address the visit landed on, read before any move inside the site changes it. */
let landingSearch: string | null = null;
let collector: Promise<Collector> | null = null;

function load(): Promise<Collector> {
  collector ??= new Promise<void>((resolve) => afterHydrationPieces(resolve)).then(() => import("./collector"));
  return collector;
}

function landing(): string {
  landingSearch ??= window.location.search;
  return landingSearch;
}

/** A page is shown (root.tsx: on the first render and on each move to another path). */
export function pageShown(pathname: string): void {
  const search = landing();
  load().then(
    (loaded) => loaded.pageShown(pathname, search),
    () => {},
  );
}

/** How long a form waits for the source before it sends without it. */
const sourceWaitMs = 1_500;

/** Where the visit came from, for an enquiry's extra field ('' when it cannot be told in time). */
export function visitSource(): Promise<string> {
  const search = landing();
  return Promise.race([
    load().then(
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
