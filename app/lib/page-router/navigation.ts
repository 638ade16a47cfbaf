/**
 * Moving to another page of the site without leaving this document: the page's pre-rendered HTML is fetched (as
 * a page load would), its route modules are imported (app/lib/chunk-loading.ts: a 120 s limit, and a failure
 * the root layout shows as "Loading chunk {n} failed"), its head replaces this one's and its routes are shown.
 * Whatever cannot be done that way (no network: the service worker answers a page load with a kept copy or the
 * offline page; a page of a newer build; an answer that is not one of the site's pages) becomes a page load.
 */
import { loadRouteChunk } from "../chunk-loading";
import { afterHydrationPieces } from "../hydration-pieces";
import { pageAt, isPageMove, type Page, type RouteModule } from "./page";
import { readPageScripts, readPageState, type PageState } from "./page-data";

/** The entry file of the build this document runs: a page that names another is loaded whole. */
let ownEntry: string | null = null;
/** The address (path and query) of the page shown: back or forward to the same one moves within the page. */
let shownAt = "";
/**
 * Whether the page has hydrated every piece. Until then a link is followed by the browser: a piece still waiting
 * for its turn would hydrate another page's content onto this page's HTML.
 */
let hydrated = false;
/** The latest move: an earlier one still loading gives way to it. */
let latest = 0;
let pagesShown = 0;
const preloaded = new Set<string>();

const addressOf = (url: { pathname: string; search: string }) => url.pathname + url.search;

/** Called once, before the page hydrates (the boot data may go once hydration has run). */
export function startNavigation(document: Document): void {
  ownEntry = readPageScripts(document)?.entry ?? null;
  shownAt = addressOf(window.location);
  // The boot script has preloaded this page's files: a move needs only the next page's others.
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
    preloaded.add(link.getAttribute("href") ?? "");
  }
  hydrated = false;
  afterHydrationPieces(() => (hydrated = true));
}

/** A click on a link to `href`: true when the router takes it (the caller then prevents the page load). */
export function followLink(href: string, page: Page, show: (page: Page) => void): boolean {
  const to = new URL(href, window.location.href);
  if (!hydrated || !isPageMove(to, new URL(window.location.href))) return false;
  void go(to, "push", page, show);
  return true;
}

/** Back or forward: another page is shown; a place on the same page is the browser's. */
export function followHistory(page: Page, show: (page: Page) => void): void {
  const to = new URL(window.location.href);
  if (addressOf(to) === shownAt) return;
  void go(to, "pop", page, show);
}

async function go(to: URL, how: "push" | "pop", page: Page, show: (page: Page) => void): Promise<void> {
  const move = ++latest;
  const next = await loadPage(to, page.modules);
  if (move !== latest) return;
  if (!next) {
    if (how === "push") window.location.assign(to.href);
    else window.location.reload();
    return;
  }
  // Where the server sent it (`/contact/` answers from `/contact`), that is the page's address.
  if (next.url) to = new URL(next.url.pathname + next.url.search + to.hash, to);
  // A link to the page shown loads it again in place, as React Router's does: no second history entry.
  if (how === "push" && addressOf(to) === shownAt) window.history.replaceState(null, "", to.href);
  else if (how === "push") window.history.pushState(null, "", to.href);
  shownAt = addressOf(to);
  replaceHead(document.head, next.head);
  show(pageAt(next.state, next.modules, to, ++pagesShown));
}

interface LoadedPage {
  /** The address the server redirected to, if it did. */
  url: URL | null;
  state: PageState;
  modules: Page["modules"];
  head: HTMLHeadElement;
}

async function loadPage(to: URL, known: Page["modules"]): Promise<LoadedPage | null> {
  let html: string;
  let url: URL | null = null;
  try {
    const response = await fetch(addressOf(to), { headers: { Accept: "text/html" } });
    if (response.redirected) url = new URL(response.url);
    // The site's 404 page is a page like any other.
    if (!response.ok && response.status !== 404) return null;
    if (!response.headers.get("Content-Type")?.includes("text/html")) return null;
    html = await response.text();
  } catch {
    return null;
  }
  const next = new DOMParser().parseFromString(html, "text/html");
  const state = readPageState(next);
  const scripts = readPageScripts(next);
  if (!state || !scripts || ownEntry === null || scripts.entry !== ownEntry) return null;
  preload(scripts.preloads);
  // Every module loaded so far stays at hand for the next moves (back to the last page needs no download).
  const modules: Page["modules"] = { ...known };
  await Promise.all(
    state.matches.map(async ({ id }) => {
      const url = scripts.modules[id];
      if (modules[id] || !url) return;
      modules[id] = (await loadRouteChunk(id, url).catch(() => undefined)) as RouteModule | undefined;
    }),
  );
  return { url, state, modules, head: next.head };
}

/** The next page's files, fetched at once and in parallel rather than as each import is found. */
function preload(urls: readonly string[]): void {
  for (const href of urls) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The next page's head in place of this one's: what both have stays as it is (the fonts, the icons, the script
 * that holds early taps), the rest goes, and what only the next has comes in: its title, description, address for
 * search engines and page CSS. What the boot script added stays. The scripts a parsed document holds never run.
 */
export function replaceHead(head: HTMLHeadElement, next: HTMLHeadElement): void {
  // What the boot script added after the first paint (the manifest, the preloads) is no page's own.
  const addedByBoot = (node: Element) =>
    (node instanceof HTMLLinkElement && node.rel === "modulepreload") || node.hasAttribute("data-after-paint");
  const current = [...head.children].filter((node) => !addedByBoot(node));
  const kept = new Set<Element>();
  for (const node of [...next.children]) {
    const same = current.find((candidate) => !kept.has(candidate) && candidate.isEqualNode(node));
    if (same) kept.add(same);
    else head.append(node);
  }
  for (const node of current) if (!kept.has(node)) node.remove();
}
