/**
 * The page shown, as app/lib/page-router holds it, and the small rules it applies. Pure: unit-tested in Node.
 */
import type { ComponentType } from "react";
import { isNotPagePath } from "../paths";
import type { PageState } from "./page-data";

/** What the router uses of a route module (the rest, `meta` and `links`, made the pre-rendered head). */
export interface RouteModule {
  default?: ComponentType;
  ErrorBoundary?: ComponentType;
  handle?: unknown;
}

/** Where the page is, as useLocation gives it. */
export interface ShownLocation {
  /** The path the page was rendered at: what its HTML (a current menu item, say) was made for. */
  pathname: string;
  search: string;
  hash: string;
  state: null;
  /** Different for each page shown in this document. */
  key: string;
}

export interface Page {
  state: PageState;
  /** Each matched route's module, by route id; absent when its file could not be loaded. */
  modules: Record<string, RouteModule | undefined>;
  location: ShownLocation;
  /** Counts the pages shown in this document. */
  key: number;
}

export function pageAt(
  state: PageState,
  modules: Page["modules"],
  address: { search: string; hash: string },
  key: number,
): Page {
  return {
    state,
    modules,
    location: { pathname: state.pathname, search: address.search, hash: address.hash, state: null, key: String(key) },
    key,
  };
}

/** React Router's NavLink rule: the path itself, or (without `end`) a path below it. */
export function isActivePath(pathname: string, to: string, end: boolean, caseSensitive: boolean): boolean {
  const here = caseSensitive ? pathname : pathname.toLowerCase();
  const target = caseSensitive ? to : to.toLowerCase();
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === "/");
}

/** A click the page may take over: the main button, no key held, the same tab, not a download. */
export function isPlainClick(
  event: Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">,
  anchor: Pick<HTMLAnchorElement, "target" | "hasAttribute">,
): boolean {
  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if (anchor.target !== "" && anchor.target !== "_self") return false;
  return !anchor.hasAttribute("download");
}

/**
 * Whether moving to `to` from `from` is for the router: another page of this site. A place on the same page (only
 * the hash differs) is the browser's, as are other origins and the parts of the site that are not its pages.
 */
export function isPageMove(to: URL, from: URL): boolean {
  if (to.origin !== from.origin) return false;
  let path: string;
  try {
    path = decodeURIComponent(to.pathname).toLowerCase();
  } catch {
    return false;
  }
  // The back office and the like, and files (a PDF, a picture): not pages.
  if (isNotPagePath(path) || /\.[a-z0-9]+$/.test(path)) return false;
  return !(to.pathname === from.pathname && to.search === from.search && to.hash !== "");
}
