import { isOwnInbox } from "../lib/forms/form-post";
import { deleteCopy, markSent, readCopies, type WorkerCopy } from "../lib/forms/kept-copies";
import { keptMaxAgeMs } from "../lib/forms/kept-enquiry";
import { sendKeptEnquiry } from "../lib/forms/kept-send";
import { solveProof } from "../lib/forms/solve-proof";
import { createProofSource } from "../lib/forms/spam-guard";

/*
 * The worker's Background Sync of the kept enquiries (issue 38): the copies the page's sender hands it
 * (app/lib/forms/kept-copies.ts) go as the page would send them (kept-send.ts), when the browser says the connection
 * is there, with every page of the site closed or not. The page's copy in localStorage stays the one that counts:
 * a page opened later finds the worker's "sent" mark and tells the visitor, with nothing sent again.
 */

export interface SyncOptions {
  caches: CacheStorage;
  fetch?: typeof fetch;
  now?: () => number;
  /** The spam guard's proof, solved now (here, in the worker: a service worker cannot start one of its own). */
  proof?: (endpoint: string) => Promise<string | null>;
}

/** What the worker does with a copy: nothing (it sent it already), delete it unsent, or send it. */
export function workerStep(copy: WorkerCopy, now: number): "skip" | "drop" | "send" {
  if (copy.sentAt !== undefined) return "skip";
  if (now - copy.entry.keptAt > keptMaxAgeMs || !isOwnInbox(copy.endpoint)) return "drop";
  return "send";
}

/**
 * Sends every copy not sent yet. Sent: marked so. Refused by the inbox, or kept too long: deleted, and left to the
 * page, which tries it once more and tells the visitor. Not sent for want of a network, or the inbox busy: kept, and
 * the promise rejects, so that the browser runs the sync again later (and a page open or opened sends it too).
 */
export async function sendCopies(options: SyncOptions): Promise<void> {
  const now = options.now ?? Date.now;
  let unsent = 0;
  for (const copy of await readCopies(options.caches)) {
    const step = workerStep(copy, now());
    if (step === "skip") continue;
    if (step === "drop") {
      await deleteCopy(options.caches, copy.entry.key);
      continue;
    }
    const outcome = await sendKeptEnquiry(copy.entry, {
      endpoint: copy.endpoint,
      accessKey: copy.accessKey,
      proof: options.proof ?? solvedHere,
      fetch: options.fetch,
    });
    if (outcome === "sent") await markSent(options.caches, copy, now());
    else if (outcome === "notSent") await deleteCopy(options.caches, copy.entry.key);
    else unsent++;
  }
  if (unsent > 0) throw new Error(`${unsent} kept enquiries not sent yet`);
}

/** The spam guard's proof, fetched and solved in the worker itself. */
function solvedHere(endpoint: string): Promise<string | null> {
  return createProofSource({ endpoint, solve: solveProof }).proof();
}
