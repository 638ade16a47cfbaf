/**
 * What a pre-rendered page tells the browser about itself, in two data blocks (`<script type="application/json">`,
 * which never run and need no hash in the Content-Security-Policy), read by app/lib/page-router:
 * - `page-state`, written when the page is rendered (root.tsx): the path it was rendered at and the routes it
 *   matched, each with its params and its loader's answer (a detail page's record);
 * - `page-scripts`, written after the build (scripts/defer-hydration.ts): the route modules' files, the entry's
 *   and every file they import, for the boot script and for moving to the page from another.
 * Lowest floor: imports nothing.
 */

export const pageStateId = "page-state";
export const pageScriptsId = "page-scripts";

export interface PageMatch {
  /** The route's id (app/routes.ts): "root", "routes/about", "detail/dubai-visa". */
  id: string;
  pathname: string;
  params: Record<string, string | undefined>;
  /** The route's loader's answer; absent for a route without a loader. */
  data?: unknown;
}

export interface PageState {
  /** The path the page was rendered at (lower case, no trailing slash), whatever address it is served at. */
  pathname: string;
  /** Root first, the page's own route last. */
  matches: PageMatch[];
}

export interface PageScripts {
  /** The browser entry (app/entry.client.tsx), imported once the route modules are in. */
  entry: string;
  /** Each matched route's module file, by route id. */
  modules: Record<string, string>;
  /** Every file those import, fetched in parallel rather than as each import is found. */
  preloads: string[];
}

/** A data block's text: JSON in which no `<` can end the script early. */
export function dataBlockText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

function readBlock(document: Document, id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isPageMatch(value: unknown): value is PageMatch {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    typeof value.pathname === "string" &&
    isRecord(value.params) &&
    Object.values(value.params).every((param) => typeof param === "string")
  );
}

/** The page's state, or null when the document has none that can be read. */
export function readPageState(document: Document): PageState | null {
  const value = readBlock(document, pageStateId);
  if (!isRecord(value) || typeof value.pathname !== "string" || !Array.isArray(value.matches)) return null;
  if (value.matches.length === 0 || !value.matches.every(isPageMatch)) return null;
  return { pathname: value.pathname, matches: value.matches };
}

/** The page's scripts, or null when the document has none that can be read. */
export function readPageScripts(document: Document): PageScripts | null {
  const value = readBlock(document, pageScriptsId);
  if (!isRecord(value) || typeof value.entry !== "string" || !isRecord(value.modules)) return null;
  if (!Array.isArray(value.preloads) || !value.preloads.every((url) => typeof url === "string")) return null;
  if (!Object.values(value.modules).every((url) => typeof url === "string")) return null;
  return { entry: value.entry, modules: value.modules as Record<string, string>, preloads: value.preloads };
}
