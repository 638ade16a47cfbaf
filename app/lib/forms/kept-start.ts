import { keptKeyPrefix } from "./kept-key";
import type * as KeptSender from "./kept-sender";

/*
 * The part of the kept enquiries (kept-enquiry.ts) that every page carries, a few hundred bytes: one look into
 * storage after hydration, and the sender loaded only when that finds something.
 */

/**
 * Every page, once it has hydrated (root.tsx): the sender is loaded only when an enquiry is kept, so a page costs
 * one look into storage, and the sender's code only the visitor who has something waiting.
 */
export function sendKeptEnquiries(): void {
  try {
    // Merely reading window.localStorage throws a SecurityError where the browser blocks site data.
    const storage = window.localStorage;
    for (let index = 0; index < storage.length; index++) {
      if (storage.key(index)?.startsWith(keptKeyPrefix)) return startKeptSender(true);
    }
  } catch {
    // Storage blocked: nothing can have been kept.
  }
}

/** What startKeptSender needs of the sender module (a type only: the module itself is loaded when needed). */
type Sender = Pick<typeof KeptSender, "startSending">;

/**
 * Loads the sender and starts it: sending at once (a page opened), or on its timer (the send just failed).
 * The sender listens for the connection's return once it is loaded. When the browser was offline as the enquiry was
 * kept and is online by the time the sender has loaded (its code still on its way on a slow phone when the
 * connection came back), that `online` event has gone unheard: the sender then sends at once rather than on its
 * timer (30 s and more).
 */
export function startKeptSender(now: boolean, load: () => Promise<Sender> = () => import("./kept-sender")): void {
  const offlineThen = navigator.onLine === false;
  load().then(
    (sender) => {
      sender.startSending(now);
      if (!now && offlineThen && navigator.onLine !== false) sender.startSending(true);
    },
    // Offline, and the sender not loaded before: once the connection is back, load it and send.
    () => addEventListener("online", () => startKeptSender(true, load), { once: true }),
  );
}

/**
 * Loads the sender when a visitor starts on a form (with the spam guard's worker, while the network is there),
 * so that an enquiry kept because the network has gone since is sent from this page once it is back.
 */
export function preloadKeptSender(): void {
  import("./kept-sender").catch(() => {});
}
