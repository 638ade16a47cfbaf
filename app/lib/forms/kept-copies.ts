import type { KeptEnquiry } from "./kept-enquiry";
import { isKept, parseJson } from "./kept-send";

/*
 * The service worker's copies of the kept enquiries (issue 38). A worker cannot read localStorage, where the page
 * keeps them (kept-enquiry.ts); so where the browser has Background Sync, the page's sender (kept-sender.ts) also
 * writes each into Cache Storage, which both read, and asks for a sync: the worker (app/service-worker/kept-sync.ts)
 * then sends them as soon as the connection is there, every page of the site closed or not. Cache Storage rather
 * than IndexedDB: a few promises where IndexedDB needs a wrapper of its own. The page's copy stays the one that
 * counts: the page tells the visitor, and deletes the worker's copy with its own.
 */

/** Not one build's cache: a new build's worker leaves it (app/service-worker/routing.ts, isOldCache). */
export const keptCacheName = "karama-kept-enquiries";
/** The Background Sync's tag: one for all the kept enquiries. */
export const keptSyncTag = "karama:kept-enquiries";

export interface WorkerCopy {
  entry: KeptEnquiry;
  /** Where the page would send it now, and with which access key (the site's settings, which the worker has not). */
  endpoint: string;
  accessKey: string;
  /** When the worker sent it: a page then tells the visitor, and sends nothing again. */
  sentAt?: number;
}

/** A copy's address in the cache: one of the site's that no page has, never fetched. */
function addressOf(key: string): string {
  return `/kept-enquiry/${encodeURIComponent(key)}`;
}

function isCopy(value: unknown): value is WorkerCopy {
  if (typeof value !== "object" || value === null) return false;
  const copy = value as Record<string, unknown>;
  return (
    isKept(copy.entry) &&
    typeof copy.endpoint === "string" &&
    typeof copy.accessKey === "string" &&
    (copy.sentAt === undefined || typeof copy.sentAt === "number")
  );
}

/** Every copy; what is in the cache and is not one goes. None where there is no cache (it is never made here). */
export async function readCopies(storage: CacheStorage): Promise<WorkerCopy[]> {
  const copies: WorkerCopy[] = [];
  try {
    if (!(await storage.has(keptCacheName))) return copies;
    const cache = await storage.open(keptCacheName);
    for (const request of await cache.keys()) {
      const copy = parseJson(await (await cache.match(request))?.text());
      if (isCopy(copy) && new URL(request.url).pathname === addressOf(copy.entry.key)) copies.push(copy);
      else await cache.delete(request);
    }
  } catch {
    // Storage blocked, or gone: no copies.
  }
  return copies;
}

/** Writes a copy, in place of the one of its key, if any. */
export async function putCopy(storage: CacheStorage, copy: WorkerCopy): Promise<void> {
  const cache = await storage.open(keptCacheName);
  await cache.put(addressOf(copy.entry.key), new Response(JSON.stringify(copy)));
}

/** Marks a copy sent, if it is still there (a page may have sent it and deleted it meanwhile). */
export async function markSent(storage: CacheStorage, copy: WorkerCopy, at: number): Promise<void> {
  const cache = await storage.open(keptCacheName);
  if (await cache.match(addressOf(copy.entry.key))) await putCopy(storage, { ...copy, sentAt: at });
}

export async function deleteCopy(storage: CacheStorage, key: string): Promise<void> {
  try {
    if (await storage.has(keptCacheName)) await (await storage.open(keptCacheName)).delete(addressOf(key));
  } catch {
    // Storage blocked: there was no copy.
  }
}
