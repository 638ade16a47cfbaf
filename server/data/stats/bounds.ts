import { titleOfPage } from "../../page-titles";
import { pagePaths } from "../../../app/lib/paths";
import { isSource, knownSources, sourceLabel } from "../../../app/lib/statistics/source";
import { visible } from "../../text";

/*
 * What the statistics keep of what a visitor sends (issue 34): whatever comes, a bounded set of pages and sources,
 * so that what is stored, and what the office shows, stays small. A path or a source is never kept as given but
 * mapped here, by the collector, the store and the office alike.
 */

/** The one page row for every address that is not a page of the site (a not-found page, a Referer of any kind). */
export const otherPage = "(other)";
/**
 * The one source row for campaign tags past the day's first `sourcesPerDay`, beyond the `sourcesShown` the
 * office names, or not a source at all (rows written before the bounds). No campaign tag can be it: a tag starts
 * with a letter or a digit.
 */
export const otherSource = "(other)";
/** Distinct campaign tags counted under their own name a day, on all servers together; the rest count as other. */
export const sourcesPerDay = 200;
/** Of them, the distinct tags one address may have counted by name a day: a twentieth (issue 55, server/stats/tag-share.ts). */
export const tagsPerAddress = Math.floor(sourcesPerDay / 20);
/** Campaign tags the figures name, the most viewed first; the rest are added up in the other row. */
export const sourcesShown = 50;

const pages = new Set<string>(pagePaths);
const known = new Set<string>(knownSources);

/** A page of the site (app/lib/paths.ts) as itself; any other path as `otherPage`; none ('', null) as '' (not known). */
export function pageOf(path: string | null | undefined): string {
  if (path === null || path === undefined) return "";
  return pages.has(path) ? path : otherPage;
}

export function isPage(route: string): boolean {
  return pages.has(route);
}

/** One of the sources the site tells apart itself (WhatsApp, Google, direct…); not a campaign tag. */
export function isKnownSource(source: string): boolean {
  return known.has(source);
}

/**
 * A known source or a campaign tag (at most 40 of a–z, 0–9, space, dot, dash, underscore: app/lib/statistics/source.ts),
 * with or without its campaign (" / " and a tag: "facebook / eid offer", issue 35), as itself; anything else as `otherSource`; none (null) as '' (not known). The day's cap is the store's.
 */
export function sourceOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  return isSource(value) ? value : otherSource;
}

/**
 * A stored page as the office and `npm run stats` name it: a page of the site by its title once they are loaded
 * (issue 35, item 8: `loadPageTitles`, server/page-titles.ts); anything else (a row written before the bounds) as its path, visitor text
 * never unseen (control characters shown).
 */
export function pageName(route: string): string {
  if (route === "") return "Not known";
  if (route === otherPage) return "Other addresses";
  return titleOfPage(route) ?? visible(route);
}

export { loadPageTitles } from "../../page-titles";

/** A stored source as the office and `npm run stats` name it. */
export function sourceName(source: string): string {
  if (source === otherSource) return "Other campaign tags";
  return visible(sourceLabel(source));
}
