import { whatsappGreeting } from "../../content/agency";
import { offline as texts } from "../../content/data/offline-messages";
import { whatsappHref } from "../links";
import { site } from "../site-config";
import { isOwnInbox } from "./form-post";
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
 * browser's lock where it has one, and a claim in storage that another tab respects).
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
  const accessKey = options.accessKey ?? site.formAccessKey;
  const proof = options.proof ?? solvedProof;
  const locks =
    options.locks === undefined ? ((typeof navigator === "undefined" ? null : navigator.locks) ?? null) : options.locks;

  const run = async () => {
    for (const entry of readKept(storage)) {
      const time = now();
      if (time - entry.keptAt > keptMaxAgeMs) {
        updateKept(storage, entry, () => null);
        announce("notSent", entry);
        continue;
      }
      if ((options.due && entry.nextAt > time) || !claim(storage, entry, time)) continue;
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
      updateKept(storage, entry, () => null);
      if (outcome === "sent" && entry.draft) {
        try {
          storage?.removeItem(entry.draft);
        } catch {
          // Blocked storage: the draft was never kept either.
        }
      }
      announce(outcome, entry);
    }
  };

  if (locks) await locks.request(keptLockName, { ifAvailable: true }, (lock) => (lock ? run() : undefined));
  else await run();
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
  else schedule();
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
