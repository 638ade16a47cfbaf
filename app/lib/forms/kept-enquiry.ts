/*
 * An enquiry kept on the visitor's phone (issue 38): when Send cannot reach the site's own inbox for want of a network
 * (offline, a time-out, a dropped connection), form-service.ts keeps what it sent in localStorage, with its
 * Idempotency-Key, and kept-sender.ts sends it again until it has gone: when the connection returns, when a page of
 * the site is opened, and on a timer while one is open. Only until it is sent, and at most `keptMaxAgeMs`.
 * Every call tolerates storage that is missing, blocked, full, or holding something this code did not write.
 */

import { keptStorageKey } from "./kept-key";

export { keptStorageKey };

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

function isKept(value: unknown): value is KeptEnquiry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.key === "string" &&
    typeof entry.slot === "string" &&
    typeof entry.page === "string" &&
    typeof entry.keptAt === "number" &&
    typeof entry.tries === "number" &&
    typeof entry.nextAt === "number" &&
    Array.isArray(entry.fields) &&
    entry.fields.every((field) => Array.isArray(field) && typeof field[0] === "string" && typeof field[1] === "string")
  );
}

/** The kept enquiries; anything else in their place reads as none. */
export function readKept(storage: Storage | null): KeptEnquiry[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(keptStorageKey) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isKept) : [];
  } catch {
    return [];
  }
}

/** Writes the list (none: the key goes); false when storage refused it. */
export function writeKept(storage: Storage | null, list: readonly KeptEnquiry[]): boolean {
  try {
    if (!storage) return false;
    if (list.length === 0) storage.removeItem(keptStorageKey);
    else storage.setItem(keptStorageKey, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

/** Changes the kept enquiry of this key as it is in storage now (another tab may have changed the others). */
export function updateKept(
  storage: Storage | null,
  key: string,
  change: (entry: KeptEnquiry) => KeptEnquiry | null,
): void {
  const list = readKept(storage).flatMap((entry) => {
    if (entry.key !== key) return [entry];
    const changed = change(entry);
    return changed ? [changed] : [];
  });
  writeKept(storage, list);
}

/** Keeps an enquiry in place of the one its form kept before, if any. False when it could not be kept. */
export function keepEnquiry(storage: Storage | null, entry: KeptEnquiry): boolean {
  const others = readKept(storage).filter((kept) => kept.slot !== entry.slot && kept.key !== entry.key);
  return writeKept(storage, [...others, entry]);
}

/** The first retry of a kept enquiry comes after 30 s, then each after twice as long, up to 5 minutes. */
export function keptRetryMs(tries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, tries - 1), 300_000);
}
