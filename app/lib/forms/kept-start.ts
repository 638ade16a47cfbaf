import { browserStorage, keptStorageKey } from "./kept-enquiry";

/**
 * Every page, once it has hydrated (root.tsx): the sender is loaded only when an enquiry is kept, so a page costs
 * one look into storage, and the sender's code only the visitor who has something waiting.
 */
export function sendKeptEnquiries(): void {
  try {
    if (browserStorage()?.getItem(keptStorageKey)) startKeptSender(true);
  } catch {
    // Storage blocked: nothing can have been kept.
  }
}

/** Loads the sender and starts it: sending at once (a page opened), or on its timer (the send just failed). */
export function startKeptSender(now: boolean): void {
  import("./kept-sender").then(
    (sender) => sender.startSending(now),
    () => {},
  );
}
