/**
 * The one registry of the site's paths. Links, the route table, prerendering, the sitemap and the
 * production server all read from here; no path is typed in anywhere else.
 */
export const detailGroups = ["dubai-visa", "tourist-visa", "visa-changes", "visa-documents", "visa-packages"] as const;
export type DetailGroup = (typeof detailGroups)[number];

/** The ids that have a detail record in every group (the spec's screens, "Detail id meanings"). */
export const detailIds = [1, 2, 3, 4] as const;
export type DetailId = (typeof detailIds)[number];

export type DetailPath = `/${DetailGroup}/${number}`;
export type AppPath = "/" | "/about" | "/services" | "/contact" | "/privacy" | DetailPath;

export const paths = {
  home: "/",
  about: "/about",
  services: "/services",
  contact: "/contact",
  /** Beyond the spec: what the site keeps (issue 27), linked from the footer's copyright line. */
  privacy: "/privacy",
  detail: (group: DetailGroup, id: number): DetailPath => `/${group}/${id}`,
} as const;

/** Every page that exists and is indexed: the four top pages, the twenty detail pages and the privacy page. */
export const pagePaths: readonly AppPath[] = [
  paths.home,
  paths.about,
  paths.services,
  paths.contact,
  paths.privacy,
  ...detailGroups.flatMap((group) => detailIds.map((id) => paths.detail(group, id))),
];

/**
 * Pre-rendered pages that the server answers with status 404: the designed not-found page, and per group
 * the detail layout with the empty record (the spec's screens: an unknown numeric id shows empty content).
 */
export const notFoundPath = "/404";

/**
 * Beyond the spec (issue 38): what a phone shows offline for a page it has not kept (app/service-worker). Served
 * like a page, but not indexed and not in the sitemap; its scripts are removed at build (scripts/service-worker.ts).
 */
export const offlinePath = "/offline";

/** The service worker's file, at the root so that it may answer every page (app/service-worker). */
export const serviceWorkerPath = "/sw.js";

/**
 * The parts of the site that are not its pages, with everything under them: the back office, the editor, the
 * inbox and the statistics' collector, the health check. The service worker never touches them, and the page
 * router never shows them in a page (a link to one is a page load). Compared decoded and in lower case.
 */
export const notPagePaths = ["/office", "/admin", "/api", "/healthz"] as const;

/** Whether a path (decoded, lower case) is one of notPagePaths, or under one. */
export function isNotPagePath(path: string): boolean {
  return notPagePaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
export const emptyRecordId = 0;
export const emptyDetailPaths: readonly DetailPath[] = detailGroups.map((group) => paths.detail(group, emptyRecordId));

/**
 * Per group, the not-found page at a non-numeric id (e.g. /dubai-visa/abc). It is pre-rendered under the
 * group's own route, so that the page hydrates on the route the browser will match.
 */
export const detailNotFoundSegment = "not-found";
export const detailNotFoundPaths: readonly string[] = detailGroups.map((group) => `/${group}/${detailNotFoundSegment}`);

export function isDetailGroup(value: string): value is DetailGroup {
  return (detailGroups as readonly string[]).includes(value);
}

/** A detail id as the spec reads it: digits only. Anything else is not a detail page at all. */
export function parseDetailId(value: string | undefined): number | null {
  return value !== undefined && /^[0-9]{1,9}$/.test(value) ? Number(value) : null;
}
