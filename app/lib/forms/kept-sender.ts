import { whatsappGreeting } from "../../content/agency";
import { offline as texts } from "../../content/data/offline-messages";
import { whatsappHref } from "../links";
import { site } from "../site-config";
import { isOwnInbox } from "./form-post";
import { deleteCopy, keptSyncTag, putCopy, readCopies } from "./kept-copies";
import {
  browserStorage,
  keptKeyPrefix,
  keptMaxAgeMs,
  keptRetryMs,
  keptSentEvent,
  type KeptEnquiry,
  type KeptOutcome,
} from "./kept-enquiry";
import { isKept, keptLockName, parseJson as parse, sendKeptEnquiry } from "./kept-send";
import { inWorker } from "./proof-worker";

/*
 * Sends the enquiries kept on this phone (kept-enquiry.ts), a chunk of its own that a page loads only when one is
 * kept. Each goes with the key it was first sent with (the inbox stores one enquiry per key, however often it
 * arrives) and a proof of work solved now, so that none expires while it waits. One tab sends at a time (the
 * browser's lock where it has one, and a claim in storage that another tab respects). Where the browser has
 * Background Sync, the service worker gets a copy of each (kept-copies.ts), to send it with no page open.
 */

export interface SenderOptions {
  storage?: Storage | null;
  fetch?: typeof fetch;
  now?: () => number;
  /** Where to send, and the access key: the site's as built now (FORM_ENDPOINT, FORM_ACCESS_KEY). */
  endpoint?: string;
  accessKey?: string;
  /** The spam guard's `altcha` field, solved now; null when none can be had. */
  proof?: (endpoint: string) => Promise<string | null>;
  /** Tells the visitor what became of a kept enquiry. */
  announce?: (outcome: KeptOutcome, entry: KeptEnquiry) => void;
  /** The browser's Web Locks; null: none. */
  locks?: LockManager | null;
  /** The service worker's Background Sync (browserBackground); null: none. */
  background?: Background | null;
}

/** Where the service worker's copies are (kept-copies.ts), and how to ask the browser for a sync. */
export interface Background {
  caches: CacheStorage;
  sync: () => Promise<void>;
}

/** How long a tab's claim holds: longer than a send takes (its proof, 30 s at most, and its 20 s time-out). */
const claimMs = 90_000;

/**
 * Sends every kept enquiry that no other tab is sending; `due`: only those whose time has come (the timer), else
 * all (a page opened, the connection back). Drops one kept too long, or refused by the inbox, and says so.
 */
export async function sendKept(options: SenderOptions & { due?: boolean } = {}): Promise<void> {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const endpoint = options.endpoint ?? site.formEndpoint;
  // The forms now post to an external service: a kept enquiry waits (and expires) rather than go there.
  if (!isOwnInbox(endpoint)) return;
  const now = options.now ?? Date.now;
  const announce = options.announce ?? tellVisitor;
  const locks =
    options.locks === undefined ? ((typeof navigator === "undefined" ? null : navigator.locks) ?? null) : options.locks;

  const background = options.background === undefined ? await browserBackground() : options.background;
  const accessKey = options.accessKey ?? site.formAccessKey;

  /** Gone or dropped: out of storage, its draft too when it has gone, and the worker's copy; the visitor told. */
  const finish = async (entry: KeptEnquiry, outcome: KeptOutcome) => {
    updateKept(storage, entry, () => null);
    if (outcome === "sent" && entry.draft) {
      try {
        storage?.removeItem(entry.draft);
      } catch {
        // Blocked storage: the draft was never kept either.
      }
    }
    if (background) await deleteCopy(background.caches, entry.key);
    announce(outcome, entry);
  };

  const run = async (due: boolean) => {
    // The worker's copies first, then the page's: a copy is written after its page's, so one seen here whose
    // enquiry is not in storage has been sent or dropped by a page (or replaced by a newer one), and is deleted.
    const copies = background ? await readCopies(background.caches) : [];
    const kept = readKept(storage);
    if (background) {
      for (const copy of copies) {
        if (!kept.some((entry) => entry.key === copy.entry.key)) await deleteCopy(background.caches, copy.entry.key);
      }
    }
    for (const entry of kept) {
      // The worker sent it while no page was open: nothing to send again.
      if (copies.some((copy) => copy.entry.key === entry.key && copy.sentAt !== undefined)) {
        await finish(entry, "sent");
        continue;
      }
      const time = now();
      if (time - entry.keptAt > keptMaxAgeMs) {
        await finish(entry, "notSent");
        continue;
      }
      if ((due && entry.nextAt > time) || !claim(storage, entry, time)) continue;
      const proof = options.proof ?? solvedProof;
      const outcome = await sendKeptEnquiry(entry, { endpoint, accessKey, proof, fetch: options.fetch });
      if (outcome === "retry") {
        updateKept(storage, entry, (current) => {
          const tries = current.tries + 1;
          const next = { ...current, tries, nextAt: now() + keptRetryMs(tries) };
          delete next.claim;
          return next;
        });
        continue;
      }
      await finish(entry, outcome);
    }
    // What is still kept goes to the worker too, to be sent when the connection is back, this page closed or not.
    if (background) await handOver(storage, background, endpoint, accessKey);
  };

  const due = options.due ?? false;
  if (!locks) return run(due);
  const ran = await locks.request(
    keptLockName,
    { ifAvailable: true },
    async (lock) => lock !== null && (await run(due), true),
  );
  // Another tab, or the service worker (it takes the same lock), is sending: once it is done, this tab tells the
  // visitor what the worker sent, and sends only what is due (not what the other has just tried in vain).
  if (!ran) await locks.request(keptLockName, () => run(true));
}

/** Claims a kept enquiry for this tab, as it is in storage now: false when another tab holds it, or it is gone. */
function claim(storage: Storage | null, entry: KeptEnquiry, time: number): boolean {
  let mine = false;
  updateKept(storage, entry, (current) => {
    if ((current.claim ?? 0) > time) return current;
    mine = true;
    return { ...current, claim: time + claimMs };
  });
  return mine;
}

/** The forms' spam guard in a worker (proof-worker.ts): its proof, or null (the inbox then holds the enquiry). */
async function solvedProof(endpoint: string): Promise<string | null> {
  const fields = await inWorker(endpoint).fields(null);
  return fields.altcha ?? null;
}

/* Reading them back --------------------------------------------------------------------------------------------- */

/** The kept enquiries, one per form. An item under their name that is not one is removed. */
export function readKept(storage: Storage | null): KeptEnquiry[] {
  const kept: KeptEnquiry[] = [];
  try {
    if (!storage) return kept;
    const names = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? "");
    for (const name of names.filter((found) => found.startsWith(keptKeyPrefix))) {
      const entry = parse(storage.getItem(name));
      if (isKept(entry, name.slice(keptKeyPrefix.length))) kept.push(entry);
      else storage.removeItem(name);
    }
  } catch {
    // Blocked storage: nothing was kept.
  }
  return kept;
}

/**
 * Changes a kept enquiry as it is in storage now (another tab may have claimed it), if it is still there: its form
 * may have kept a newer one in its place meanwhile, which is left alone. `change` answers null to delete it.
 */
function updateKept(
  storage: Storage | null,
  entry: KeptEnquiry,
  change: (current: KeptEnquiry) => KeptEnquiry | null,
): void {
  try {
    const name = keptKeyPrefix + entry.slot;
    const current = parse(storage?.getItem(name));
    if (!storage || !isKept(current, entry.slot) || current.key !== entry.key) return;
    const changed = change(current);
    if (changed) storage.setItem(name, JSON.stringify(changed));
    else storage.removeItem(name);
  } catch {
    // Blocked or full storage: the enquiry stays as it was, and is tried again.
  }
}

/* The service worker's copies ------------------------------------------------------------------------------- */

/** Background Sync's part of a service worker's registration (Chromium); TypeScript's DOM library has none of it. */
interface WithSync {
  sync?: { register(tag: string): Promise<void>; getTags(): Promise<string[]> };
}

/**
 * The site's service worker, where it is active and the browser has Background Sync; null elsewhere (Firefox,
 * Safari, no worker, or the API there but switched off, as in Chromium's headless shell): there the pages alone
 * send what is kept, as before.
 */
export async function browserBackground(): Promise<Background | null> {
  try {
    if (!site.serviceWorker || typeof caches === "undefined" || !("serviceWorker" in navigator)) return null;
    const registration: (ServiceWorkerRegistration & WithSync) | undefined =
      await navigator.serviceWorker.getRegistration();
    const sync = registration?.sync;
    if (!registration?.active || !sync) return null;
    // Rejects where Background Sync is switched off.
    await sync.getTags();
    return { caches, sync: () => sync.register(keptSyncTag) };
  } catch {
    return null;
  }
}

/**
 * Gives the worker a copy of each kept enquiry it has none of (it never overwrites one the worker marked sent),
 * and asks the browser for a sync. Never throws: without the worker, the pages still send what is kept.
 */
async function handOver(storage: Storage | null, background: Background, endpoint: string, accessKey: string) {
  try {
    const kept = readKept(storage);
    if (kept.length === 0 || !isOwnInbox(endpoint)) return;
    const copies = await readCopies(background.caches);
    for (const entry of kept) {
      if (copies.some((copy) => copy.entry.key === entry.key)) continue;
      await putCopy(background.caches, { entry, endpoint, accessKey });
      // Sent or dropped meanwhile by this page or another: its copy goes as well.
      if (!readKept(storage).some((found) => found.key === entry.key)) await deleteCopy(background.caches, entry.key);
    }
    await background.sync();
  } catch {
    // Storage full or blocked, the sync refused: the pages send it.
  }
}

/** Hands what is kept to the service worker, where the browser has Background Sync (an enquiry has just been kept). */
export async function handOverKept(options: SenderOptions = {}): Promise<void> {
  const background = options.background === undefined ? await browserBackground() : options.background;
  if (!background) return;
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  await handOver(storage, background, options.endpoint ?? site.formEndpoint, options.accessKey ?? site.formAccessKey);
}

/* Sending while a page is open ------------------------------------------------------------------------------- */

let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends the kept enquiries now (`now`: a page was opened) or when the timer says, then again when the connection
 * returns, and on the timer while the page is open (kept-enquiry.ts `keptRetryMs`: 30 s, doubling to 5 minutes).
 */
export function startSending(now: boolean): void {
  if (!started) {
    started = true;
    addEventListener("online", () => void round(false));
  }
  if (now) void round(false);
  else {
    // An enquiry has just been kept: the worker gets its copy now, should the visitor close the page.
    schedule();
    void handOverKept();
  }
}

async function round(due: boolean): Promise<void> {
  try {
    await sendKept({ due });
  } finally {
    schedule();
  }
}

function schedule(): void {
  clearTimeout(timer);
  const kept = readKept(browserStorage());
  if (kept.length === 0) return;
  const next = Math.min(...kept.map((entry) => Math.max(entry.nextAt, entry.claim ?? 0)));
  timer = setTimeout(
    () => {
      // Offline as far as the browser knows: the `online` event comes first.
      if (navigator.onLine !== false) void round(true);
    },
    Math.max(1_000, next - Date.now()),
  );
}

/* Telling the visitor ------------------------------------------------------------------------------------------ */

/**
 * A form still on the page that kept the enquiry shows the outcome itself (it listens for `keptSentEvent`); on any
 * other page a notice at the foot of the window says it, politely (role=status), until it is closed.
 */
function tellVisitor(outcome: KeptOutcome, entry: KeptEnquiry): void {
  const event = new CustomEvent(keptSentEvent, { detail: { outcome, slot: entry.slot }, cancelable: true });
  if (dispatchEvent(event)) showNotice(outcome);
}

const noticeId = "kept-enquiry-notice";
const noticeCss = `#${noticeId}{position:fixed;z-index:40;left:50%;bottom:calc(var(--action-bar-height) + env(safe-area-inset-bottom) + .75rem);transform:translateX(-50%);width:min(34rem,calc(100% - 1.5rem));box-sizing:border-box;padding:1rem 3.25rem 1rem 1.25rem;background:#fff;color:var(--ink);border:1px solid var(--line);border-left:4px solid #1a7f4b;border-radius:var(--radius-small);box-shadow:var(--shadow)}#${noticeId}:empty{display:none}#${noticeId}.not-sent{border-left-color:var(--error)}#${noticeId} p{margin:0;font-weight:600}#${noticeId} .links{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.75rem}#${noticeId} .links a{display:inline-flex;align-items:center;min-height:44px;padding:.5rem 1rem;border-radius:999px;font-weight:600;text-decoration:none;color:#fff;background:var(--navy)}#${noticeId} .links a.wa{background:var(--whatsapp)}#${noticeId} .close{position:absolute;top:.25rem;right:.25rem;width:44px;height:44px;border:0;background:none;font-size:1.5rem;line-height:1;color:var(--muted);cursor:pointer}#${noticeId} .close:focus-visible{outline:3px solid var(--focus)}@media (min-width:1025px){#${noticeId}{bottom:1.5rem}}`;

function showNotice(outcome: KeptOutcome): void {
  let box = document.getElementById(noticeId);
  if (!box) {
    const style = document.createElement("style");
    style.textContent = noticeCss;
    box = document.createElement("div");
    box.id = noticeId;
    box.setAttribute("role", "status");
    document.body.append(style, box);
  }
  const notice = box;
  const text = document.createElement("p");
  text.textContent = outcome === "sent" ? texts.sent : texts.notSent;
  const parts: Node[] = [text];
  if (outcome === "notSent") {
    const links = document.createElement("div");
    links.className = "links";
    links.append(
      link(whatsappHref(site.whatsappDigits, whatsappGreeting), "WhatsApp", "wa"),
      link(site.phone.href, texts.call.replace("{phone}", site.phone.display)),
    );
    parts.push(links);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "close";
  close.setAttribute("aria-label", "Close");
  close.textContent = "×";
  close.onclick = () => notice.replaceChildren();
  parts.push(close);
  notice.className = outcome === "sent" ? "" : "not-sent";
  // Filled a moment after the live region is in the page, so that screen readers announce it.
  setTimeout(() => notice.replaceChildren(...parts), 100);
}

function link(href: string, label: string, className = ""): HTMLAnchorElement {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.textContent = label;
  anchor.className = className;
  if (href.startsWith("https:")) {
    anchor.target = "_blank";
    anchor.rel = "noopener noreferrer";
  }
  return anchor;
}
