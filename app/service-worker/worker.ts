/*
 * The site's service worker, served as /sw.js: the build bundles this file with its version and the offline
 * page's address (scripts/service-worker.ts). Its decisions are in routing.ts; here they are carried out.
 * To add a handler, add a listener below: the build takes the whole file.
 */
import { keptSyncTag } from "../lib/forms/kept-copies";
import { keptLockName } from "../lib/forms/kept-send";
import { sendCopies } from "./kept-sync";
import {
  bypassPaths,
  bypassRoutes,
  cacheNames,
  caps,
  isKeepable,
  isOldCache,
  overCap,
  pageKey,
  pageTimeoutMs,
  scriptsAndStyles,
  strategyFor,
} from "./routing";
import type {
  WorkerEvent,
  WorkerFetchEvent,
  WorkerInstallEvent,
  WorkerMessageEvent,
  WorkerScope,
  WorkerSyncEvent,
} from "./worker-types";

/** Set by the build: a hash of the built pages and assets, and the offline page's path. */
declare const __SW_VERSION__: string;
declare const __SW_OFFLINE_PAGE__: string;

const worker = self as unknown as WorkerScope;
const names = cacheNames(__SW_VERSION__);
const offlineUrl = new URL(__SW_OFFLINE_PAGE__, worker.location.origin).href;

/**
 * The offline page is kept at install: a phone that has the worker has the page. Where the browser has static
 * routes (Chromium), what the worker never answers goes to the network without it even being asked: a page's
 * last statistics beacon, sent as it is hidden, was lost when the fetch event passed it on from a page gone.
 */
worker.addEventListener("install", (event: WorkerInstallEvent) => {
  const routes = event.addRoutes?.(bypassRoutes).catch(() => event.addRoutes?.(bypassPaths));
  event.waitUntil(
    Promise.all([
      routes?.catch(() => undefined),
      caches.open(names.offline).then((cache) => cache.add(offlineUrl)),
    ]).then(() => worker.skipWaiting()),
  );
});

/**
 * The caches of earlier builds go: their pages name scripts this build no longer has. The pages open now are
 * kept, the first one included (it loaded before there was a worker to see it).
 */
worker.addEventListener("activate", (event: WorkerEvent) => {
  event.waitUntil(
    dropOldCaches()
      // Made now, so that a cache missing later means a newer build's worker deleted it (see keep).
      .then(() => Promise.all([names.pages, names.assets, names.static].map((name) => caches.open(name))))
      .then(() => worker.clients.claim())
      .then(() => worker.clients.matchAll({ type: "window" }))
      .then((windows) => Promise.all(windows.map((window) => keepPage(window.url)))),
  );
});

/** Deletes the caches of other builds than this worker's. */
async function dropOldCaches(): Promise<void> {
  const old = (await caches.keys()).filter((key) => isOldCache(key, __SW_VERSION__));
  await Promise.all(old.map((key) => caches.delete(key)));
}

/**
 * A page shown without a navigation (the site moves between its pages in the browser, register.ts says which):
 * kept once per build, unless the visitor's browser asks to save data.
 */
worker.addEventListener("message", (event: WorkerMessageEvent) => {
  if (typeof event.data !== "string") return;
  const url = new URL(event.data, worker.location.origin).href;
  event.waitUntil(keepPage(url));
});

/** Keeps a page of this site not kept yet, and the scripts and styles it loads, so that it works offline. */
async function keepPage(url: string): Promise<void> {
  const facts = { method: "GET", url, mode: "navigate", headers: new Headers() };
  if (worker.navigator.connection?.saveData || strategyFor(facts, worker.location.origin) !== "page") return;
  const key = pageKey(url);
  if (await fromCache(names.pages, key)) return;
  try {
    const response = await fetch(key, { credentials: "same-origin" });
    if (!isKeepable(response, "page")) return;
    await keep(names.pages, caps.pages, key, response.clone());
    await keepAssets(await response.text());
  } catch {
    // Offline, or the server away: the next page shown tries again.
  }
}

/** The scripts and styles a kept page names (mostly in the browser's cache already), into the assets' cache. */
async function keepAssets(html: string): Promise<void> {
  for (const path of scriptsAndStyles(html)) {
    const url = new URL(path, worker.location.origin).href;
    if (await caches.match(url, { cacheName: names.assets })) continue;
    const response = await fetch(url);
    if (isKeepable(response, "file")) await keep(names.assets, caps.assets, url, response);
  }
}

worker.addEventListener("fetch", (event: WorkerFetchEvent) => {
  const strategy = strategyFor(event.request, worker.location.origin);
  if (strategy === "page") event.respondWith(page(event));
  else if (strategy === "asset") event.respondWith(cacheFirst(event));
  else if (strategy === "static") event.respondWith(staleWhileRevalidate(event));
  // Anything else is not answered at all: the browser goes to the network as if there were no worker.
});

/**
 * Keeps a copy under `key`, then deletes the oldest entries beyond the cache's cap. Not once a newer build's
 * worker has deleted this one's caches: this worker may still be finishing a page it answered, and its copies
 * would bring back an old build's cache.
 */
async function keep(cacheName: string, cap: number, key: string, response: Response): Promise<void> {
  if (!(await caches.has(cacheName))) return;
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  const keys = await cache.keys();
  await Promise.all(overCap(keys, cap).map((old) => cache.delete(old)));
}

/** A kept response, made anew: a redirected response cannot answer a navigation as it is. */
async function fromCache(cacheName: string, key: string): Promise<Response | undefined> {
  // Not caches.open: that would make the cache anew after a newer build's worker deleted it.
  const found = await caches.match(key, { cacheName });
  if (!found?.redirected) return found;
  return new Response(found.body, { status: found.status, statusText: found.statusText, headers: found.headers });
}

/**
 * A page: the network's answer, kept when it is a page found; the kept copy when the network fails, answers
 * with a server error, or is still silent after pageTimeoutMs (the network's answer is still kept when it
 * comes); the offline page for a page never kept.
 */
async function page(event: WorkerFetchEvent): Promise<Response> {
  const key = pageKey(event.request.url);
  let kept: Promise<void> = Promise.resolve();
  const network = fetch(event.request).then((response) => {
    if (isKeepable(response, "page")) {
      const copy = response.clone();
      kept = keep(names.pages, caps.pages, key, copy.clone()).then(async () => keepAssets(await copy.text()));
    }
    return response;
  });
  // After each page, the old build's caches once more: its worker may have kept a page it was still answering
  // when this one took over.
  event.waitUntil(
    network
      .then(() => kept)
      .catch(() => undefined)
      .then(dropOldCaches),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<Response>((resolve) => {
    timer = setTimeout(() => void fromCache(names.pages, key).then((copy) => copy && resolve(copy)), pageTimeoutMs);
  });
  try {
    const response = await Promise.race([network.finally(() => clearTimeout(timer)), slow]);
    if (response.status < 500) return response;
    return (await fromCache(names.pages, key)) ?? response;
  } catch {
    return (await fromCache(names.pages, key)) ?? (await fromCache(names.offline, offlineUrl)) ?? Response.error();
  }
}

/** A hashed asset never changes: the kept copy, or the network's (then kept). */
async function cacheFirst(event: WorkerFetchEvent): Promise<Response> {
  const key = event.request.url;
  const copy = await fromCache(names.assets, key);
  if (copy) return copy;
  const response = await fetch(event.request);
  if (isKeepable(response, "file")) event.waitUntil(keep(names.assets, caps.assets, key, response.clone()));
  return response;
}

/** Another file: the kept copy at once when there is one, and the network's answer kept for next time. */
async function staleWhileRevalidate(event: WorkerFetchEvent): Promise<Response> {
  const key = event.request.url;
  const copy = await fromCache(names.static, key);
  const network = fetch(event.request).then((response) => {
    if (isKeepable(response, "file")) event.waitUntil(keep(names.static, caps.static, key, response.clone()));
    return response;
  });
  if (!copy) return network;
  event.waitUntil(
    network.then(
      () => undefined,
      () => undefined,
    ),
  );
  return copy;
}

/**
 * The kept enquiries' Background Sync (kept-sync.ts): the browser says the connection is there. Under the same lock as
 * a page's sender, so that the two never send at once (the Idempotency-Key would still make one enquiry of it).
 */
worker.addEventListener("sync", (event: WorkerSyncEvent) => {
  if (event.tag !== keptSyncTag) return;
  const send = () => sendCopies({ caches });
  event.waitUntil(worker.navigator.locks?.request(keptLockName, send) ?? send());
});
