import { keptCacheName } from "../lib/forms/kept-copies";
import { isNotPagePath, notPagePaths } from "../lib/paths";
import type { WorkerRoute } from "./worker-types";

/*
 * The service worker's decisions, as pure functions (tested in routing.test.ts): which requests it answers and
 * how, what it keeps, and which caches are its own. The worker itself (worker.ts) only carries them out.
 */

/**
 * How the worker answers a request:
 * - "page": a navigation, from the network first; from the cache when the network fails or is slower than
 *   pageTimeoutMs (and a copy is kept); the offline page for a page never kept;
 * - "asset": a file of the build with a hashed name (/assets/…), which never changes: from the cache first;
 * - "static": another file a page loads (icons, images, fonts, the manifest): from the cache at once, refreshed
 *   from the network behind it (stale-while-revalidate);
 * - null: not the worker's business (the case room, /case/…, which has a worker of its own). It does not answer
 *   at all (no respondWith), so the browser goes to the network exactly as without a worker.
 */
export type Strategy = "page" | "asset" | "static" | null;

/** What the decision reads of a Request (a plain object in the tests). */
export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  headers: { has(name: string): boolean };
}

/** A navigation left this long without an answer is answered from the cache, when a copy is there. */
export const pageTimeoutMs = 3_500;

/** How many entries each cache keeps at most (the oldest go first). */
export const caps = { pages: 40, assets: 120, static: 60 } as const;

/** Paths the worker never touches (app/lib/paths.ts), compared decoded and in lower case, so no spelling slips past. */
const untouched = notPagePaths;

/**
 * The same, as static routes for the browsers that have them: the untouched paths and every request but a GET
 * go straight to the network. `bypassPaths` alone for a browser that knows no requestMethod condition.
 */
export const bypassPaths: WorkerRoute[] = untouched.map((path) => ({
  condition: { urlPattern: { pathname: `${path}{/*}?` } },
  source: "network",
}));
export const bypassRoutes: WorkerRoute[] = [
  ...bypassPaths,
  ...["POST", "PUT", "PATCH", "DELETE"].map((method) => ({
    condition: { requestMethod: method },
    source: "network" as const,
  })),
];

/** The traveller's case room (server/case/): its own service worker's (/case/sw.js), never this one's. */
const casePath = "/case";

/** A file a page loads by itself, outside the build's hashed assets. */
const staticFile = /\.(?:woff2?|svg|png|jpe?g|webp|avif|gif|ico|webmanifest)$/;

function decodedPath(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname).toLowerCase();
  } catch {
    return null;
  }
}

/** Whether a path is one of `untouched`, or under one. */
export const isUntouchedPath = isNotPagePath;

/** How the worker answers this request, made from a page of `origin` (see Strategy). */
export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== "GET") return null;
  // A part of a file (a video's range request) is the browser's to handle.
  if (request.headers.has("range")) return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = decodedPath(url);
  if (path === null || isUntouchedPath(path)) return null;
  // The traveller's case room: its pages and papers are private (no-store), never kept, never answered; its files
  // (/case/assets/, the passport reader's engine among them) are its own worker's to keep (server/case/client/worker.ts).
  if (path === casePath || path.startsWith(`${casePath}/`)) return null;
  if (request.mode === "navigate") return "page";
  if (path.startsWith("/assets/")) return "asset";
  if (staticFile.test(path)) return "static";
  return null;
}

/** A page is kept under its path alone: the site's pages are the same whatever the query (?utm_source=…). */
export function pageKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** What the decision to keep a response reads of it. */
export interface ResponseFacts {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}

/**
 * Whether a response may be kept: found (200), from this site (not a redirect, which a navigation sees as
 * "opaqueredirect"), and not marked private or never to be stored. A page must be HTML as well.
 */
export function isKeepable(response: ResponseFacts, kind: "page" | "file"): boolean {
  if (response.status !== 200 || response.type !== "basic") return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/\b(?:no-store|private)\b/i.test(cacheControl)) return false;
  return kind === "file" || /^text\/html\b/i.test(response.headers.get("content-type") ?? "");
}

/** Every cache of the worker starts with this; other names on the site's origin are not its own. */
export const cachePrefix = "karama-";

/** The caches of one build's worker: a new build gets new ones, and the old ones are deleted on activate. */
export function cacheNames(version: string) {
  const name = (part: string) => `${cachePrefix}${version}-${part}`;
  return { offline: name("offline"), pages: name("pages"), assets: name("assets"), static: name("static") };
}

/**
 * Whether a cache is the worker's own, from another build than `version` (null: from any build, all of them, when
 * the worker is removed). The kept enquiries' copies (kept-copies.ts) belong to no build: a new one sends them too.
 */
export function isOldCache(name: string, version: string | null): boolean {
  if (!name.startsWith(cachePrefix)) return false;
  return version === null || (name !== keptCacheName && !name.startsWith(`${cachePrefix}${version}-`));
}

/** The entries to delete so that a cache holds `cap` at most: the oldest (the first listed) first. */
export function overCap<T>(keys: readonly T[], cap: number): T[] {
  return keys.slice(0, Math.max(0, keys.length - cap));
}

/**
 * The build's scripts and styles a page names (its module preloads, its boot script's imports, a stylesheet),
 * which it needs to work when opened offline; fonts and pictures are left to be kept as the browser loads them.
 */
export function scriptsAndStyles(html: string): string[] {
  return [...new Set(html.match(/(?<=["'(\s])\/assets\/[\w.@~-]+\.(?:js|css)(?=["'\s)])/g) ?? [])];
}
