/*
 * The /sw.js of a site built with SERVICE_WORKER=off: a phone that still has the site's worker from an earlier
 * build fetches this one at its next visit (the browser checks the worker's file on every visit, past any
 * cache), and it deletes the worker's caches, then unregisters itself. It answers no request meanwhile.
 */
import { isOldCache } from "./routing";
import type { WorkerEvent, WorkerScope } from "./worker-types";

const worker = self as unknown as WorkerScope;

worker.addEventListener("install", () => void worker.skipWaiting());

worker.addEventListener("activate", (event: WorkerEvent) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => isOldCache(key, null)).map((key) => caches.delete(key))))
      .then(() => worker.registration.unregister()),
  );
});
