/*
 * What the case room's service worker (worker.ts, /case/sw.js, scope /case/) decides, as plain functions the worker
 * calls and the unit tests call too: which requests it answers from its cache, what a push shows, where a tap leads.
 * It keeps only the room's files with hashed names (its script, style sheet, font, and the passport reader's engine
 * once used): never a traveller's page, paper or visa, which are private and never stored.
 */

/** The cache of the room's files; a new name here drops the old cache at the next activation. */
export const assetsCache = "case-assets-1";
/** Where the page keeps the address it turned notifications on from, for a tap to open (the server never has it). */
export const linkCache = "case-link";
export const linkKey = "/case/__link";
/** Files kept at most: the oldest go first (hashed names pile up over releases). */
export const assetsKept = 40;

/** Whether the worker answers this request from its cache first: a GET of this origin's /case/assets/ files. */
export function isKeptAsset(method: string, url: string, origin: string): boolean {
  if (method !== "GET") return false;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin && parsed.pathname.startsWith("/case/assets/") && parsed.search === "";
  } catch {
    return false;
  }
}

export interface CaseAlert {
  title: string;
  body: string;
}

/** Shown when a push cannot be read: a worker always shows something (a browser ends a subscription that does not). */
export const genericCaseAlert: CaseAlert = { title: "News about your visa", body: "Open your page to see it." };

/** The notification for a push's payload (server/office/cases.ts, stageAlert: JSON title and body). */
export function caseAlertFrom(text: string | null | undefined): CaseAlert {
  let payload: unknown;
  try {
    payload = JSON.parse(text ?? "");
  } catch {
    return genericCaseAlert;
  }
  if (typeof payload !== "object" || payload === null) return genericCaseAlert;
  const { title, body } = payload as Record<string, unknown>;
  if (typeof title !== "string" || title.trim() === "") return genericCaseAlert;
  return { title: title.slice(0, 200), body: typeof body === "string" ? body.slice(0, 400) : "" };
}

/** A traveller's page address of this origin (/case/ and the link), else null: a tap never leads anywhere else. */
export function casePageUrl(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && /^\/case\/[A-Za-z0-9_-]{20,200}$/.test(parsed.pathname) ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * A tap on a notification: the traveller's page, open already, comes to the front; otherwise the page the
 * notifications were turned on from opens; failing that, the site.
 */
export function whereToOpen(
  windows: readonly { url: string }[],
  kept: string | null,
  origin: string,
): { focus: number } | { open: string } {
  const open = windows.findIndex((window) => casePageUrl(window.url, origin) !== null);
  if (open >= 0) return { focus: open };
  return { open: casePageUrl(kept, origin) ?? `${origin}/` };
}
