import { postToFormService } from "./form-post";
import type { KeptEnquiry, KeptOutcome } from "./kept-enquiry";

/*
 * One send of a kept enquiry (kept-enquiry.ts), and how one is read back trusting nothing: what the page's sender
 * (kept-sender.ts) and the service worker's Background Sync (app/service-worker/kept-sync.ts) share, so that an
 * enquiry goes the same way whichever sends it. Nothing here reads the page or the site's settings: the worker has
 * neither.
 */

/** The Web Lock the page's sender and the worker hold while they send: one at a time. */
export const keptLockName = "karama:kept-enquiries";

export interface KeptSend {
  /** Where to send, and the access key (FORM_ENDPOINT, FORM_ACCESS_KEY). */
  endpoint: string;
  accessKey: string;
  /** The spam guard's `altcha` field, solved now; null when none can be had (the inbox then holds the enquiry). */
  proof: (endpoint: string) => Promise<string | null>;
  fetch?: typeof fetch;
}

/**
 * Sends a kept enquiry with the key it was kept with, the access key given and a proof solved now, from the page it
 * was written on (the Referer). "sent"; "notSent": the inbox refused it (a 4xx but 408 and 429, which sending it
 * again would not change); "retry": no network, the inbox busy or away, or an answer that is not the inbox's.
 */
export async function sendKeptEnquiry(entry: KeptEnquiry, send: KeptSend): Promise<KeptOutcome | "retry"> {
  const proof = await send.proof(send.endpoint);
  const fields = entry.fields.map(([name, value]): [string, string] => [
    name,
    name === "access_key" ? send.accessKey : value,
  ]);
  if (proof) fields.push(["altcha", proof]);
  const { result, offline, status } = await postToFormService(
    send.endpoint,
    () => {
      if (entry.json) {
        return { body: JSON.stringify(Object.fromEntries(fields)), headers: { "Content-Type": "application/json" } };
      }
      const body = new FormData();
      for (const [name, value] of fields) body.append(name, value);
      return { body };
    },
    entry.key,
    { fetch: send.fetch, referrer: entry.page },
  );
  if (result.ok) return "sent";
  const refused = result.reason === "rejected" && status < 500 && status !== 408 && status !== 429;
  return refused && !offline ? "notSent" : "retry";
}

export function parseJson(raw: string | null | undefined): unknown {
  try {
    return JSON.parse(raw ?? "null");
  } catch {
    return null;
  }
}

/** A kept enquiry (of this slot, when given), checked field by field: storage may hold anything. */
export function isKept(value: unknown, slot?: string): value is KeptEnquiry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.slot === "string" &&
    (slot === undefined || entry.slot === slot) &&
    typeof entry.key === "string" &&
    typeof entry.page === "string" &&
    typeof entry.json === "boolean" &&
    typeof entry.keptAt === "number" &&
    typeof entry.tries === "number" &&
    typeof entry.nextAt === "number" &&
    Array.isArray(entry.fields) &&
    entry.fields.every((field) => Array.isArray(field) && typeof field[0] === "string" && typeof field[1] === "string")
  );
}
