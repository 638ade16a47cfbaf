/*
 * An enquiry kept on the visitor's phone (issue 38): when Send cannot reach the site's own inbox for want of a network
 * (offline, a time-out, a dropped connection), form-service.ts keeps what it sent in localStorage, with its
 * Idempotency-Key, and kept-sender.ts sends it again until it has gone: when the connection returns, when a page of
 * the site is opened, and on a timer while one is open. Only until it is sent, and at most `keptMaxAgeMs`.
 * A form only writes (one item per form, keptKeyPrefix + slot, the newest replacing the one before); the sender
 * reads them back trusting nothing. Every call tolerates storage that is missing, blocked or full.
 */

import { keptKeyPrefix } from "./kept-key";

export { keptKeyPrefix };

/**
 * A week. An enquiry is about a trip, usually soon: a visitor offline for longer has most likely called, chatted or
 * travelled since, and an enquiry arriving a week late would surprise both sides. The visitor is told it was not
 * sent, and the enquiry form's draft (enquiry-draft.ts, 30 days) still holds what they typed, to send again.
 */
export const keptMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

export interface KeptEnquiry {
  /** The Idempotency-Key it was first sent with: the inbox stores one enquiry per key, however often it is sent. */
  key: string;
  /** The form it came from ("enquiry:<variant>", "contact"): one kept per form, the newest. */
  slot: string;
  /** The enquiry form's draft to forget once it has gone (enquiry-draft.ts). */
  draft?: string;
  /** The Contact form posts JSON, the enquiry forms multipart. */
  json: boolean;
  /** What was posted, but the spam guard's proof: a fresh one is solved when it is sent. */
  fields: [string, string][];
  /** The page it was written on, sent as the Referer (the office and the statistics read it). */
  page: string;
  keptAt: number;
  /** Failed sends so far, and when the timer tries next (kept-sender.ts). */
  tries: number;
  nextAt: number;
  /** A tab is sending it until then: another leaves it alone (a tab closed mid-send holds it no longer). */
  claim?: number;
}

/** What became of a kept enquiry: sent at last, or dropped unsent (refused by the inbox, or kept too long). */
export type KeptOutcome = "sent" | "notSent";

/**
 * Sent on the window when a kept enquiry has been sent or dropped, with `{ outcome, slot }`: the form it came from,
 * if it is on the page, shows it and cancels the event; else the sender shows a notice of its own.
 */
export const keptSentEvent = "karama:kept-enquiry";

/** The browser's localStorage, or null where there is none or it is blocked (reading it can throw). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps an enquiry in place of the one its form kept before, if any. False when it could not be kept. */
export function keepEnquiry(storage: Storage | null, entry: KeptEnquiry): boolean {
  try {
    storage?.setItem(keptKeyPrefix + entry.slot, JSON.stringify(entry));
    return storage !== null;
  } catch {
    return false;
  }
}

/** The first retry of a kept enquiry comes after 30 s, then each after twice as long, up to 5 minutes. */
export function keptRetryMs(tries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, tries - 1), 300_000);
}

/** The form's enquiry has gone (sent again by hand): the copy it kept before, if any, is not to be sent as well. */
export function forgetKept(storage: Storage | null, slot: string): void {
  try {
    storage?.removeItem(keptKeyPrefix + slot);
  } catch {
    // Blocked storage: nothing was kept.
  }
}
