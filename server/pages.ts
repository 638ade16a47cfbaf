import {
  detailIds,
  detailNotFoundSegment,
  emptyDetailPaths,
  isDetailGroup,
  notFoundPath,
  offlinePath,
  pagePaths,
  paths,
} from "../app/lib/paths";
import { readDetailRoute } from "../app/lib/detail-route";

/** What the server answers for a page path (anything else is a static file or the 404 page). */
export type PageAnswer =
  { kind: "page"; file: string; status: 200 | 404 } | { kind: "redirect"; location: string } | { kind: "none" };

/** The indexed pages, and the offline page that the service worker keeps (served the same, never listed). */
const pages = new Set<string>([...pagePaths, offlinePath]);
const knownIds = new Set<number>(detailIds);

/** A page path in its one spelling: lowercase, no trailing slash (React Router matches paths the same way). */
function canonicalPath(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, "") || "/";
}

export function htmlFileOf(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/**
 * The not-found page for a path: under a detail group it is that group's own copy (see app/lib/paths.ts). A
 * trailing slash counts for nothing, as in the browser's router: /dubai-visa/abc/ is answered with the copy made on
 * the detail route that the browser will hydrate it on.
 */
export function notFoundFileOf(pathname: string): string {
  const [, first = "", second, ...rest] = canonicalPath(pathname).split("/");
  if (isDetailGroup(first) && second !== undefined && second !== "" && rest.length === 0) {
    return htmlFileOf(`/${first}/${detailNotFoundSegment}`);
  }
  return htmlFileOf(notFoundPath);
}

/**
 * Paths match case-insensitively: a page asked for in another case, or with a trailing slash, is
 * redirected (301) to its one canonical spelling. A detail group with a numeric id that has no record
 * shows the group's empty layout with status 404 (the spec's screens).
 */
export function resolvePage(pathname: string, search = ""): PageAnswer {
  const canonical = canonicalPath(pathname);
  const known = pages.has(canonical) || readDetailRoute(canonical).kind === "detail";
  if (!known) return { kind: "none" };
  if (canonical !== pathname) return { kind: "redirect", location: canonical + search };
  if (pages.has(canonical)) return { kind: "page", file: htmlFileOf(canonical), status: 200 };
  const route = readDetailRoute(canonical);
  if (route.kind === "detail" && !knownIds.has(route.id as (typeof detailIds)[number])) {
    const empty = emptyDetailPaths.find((path) => path === paths.detail(route.group, 0));
    if (empty) return { kind: "page", file: htmlFileOf(empty), status: 404 };
  }
  return { kind: "none" };
}
