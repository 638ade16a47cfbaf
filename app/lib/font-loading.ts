/**
 * When the site's font is used: never in a way that holds the first paint (issue 38).
 *
 * Inter is `font-display: optional` (app/root.tsx). Used from the first layout, the browser fetched it as it laid
 * the page out and held the text for the face's block period, so the first paint always came after the font: on
 * a phone's first visit, a round trip and 15 KB more before anything could be read. Lighthouse's simulation of a
 * phone put FCP and LCP at 0.90-0.91 s on every route with it, 0.65-0.79 s without (docs/benchmarks.md).
 *
 * So the style sheet's font stack starts with the metric-matched fallback, and Inter comes first only under the
 * class below (app/styles/global.css):
 * - a page whose head script finds that this phone has loaded Inter before (its build's file, remembered in
 *   localStorage) has the class before its first paint: the font comes from the browser's cache or the service
 *   worker, as on any repeat visit;
 * - otherwise the page is painted, and stays, in the fallback; once it has hydrated, the font is fetched for the
 *   next page: a page moved to in this document gets the class before it is shown, a page loaded later finds it
 *   remembered.
 * Nothing ever swaps under the reader. A phone that no longer has the file in its cache gets today's optional
 * behaviour: the font if it comes within the block period, else the fallback for that page.
 */

/** The class on <html> that puts Inter first in the font stack. */
export const fontClass = "font-inter";

/** Where the phone remembers which font file it has loaded. Bump the version if the value's meaning changes. */
export const fontNoteKey = "karama:font:v1";

/** What the font's loading needs of the browser, given in tests. */
export interface FontLoading {
  document: Document;
  fonts: Pick<FontFaceSet, "load">;
  /** The browser's localStorage; reading it may throw where the browser blocks site data. */
  storage: () => Storage;
  /** The built URL of Inter's core face: a new font file is a new URL, so an old one is not taken for it. */
  url: string;
}

/**
 * The inline script of every page's head, before the body: the class when the phone has this build's font.
 * Its hash is in the CSP with the page's other inline scripts (server/script-hashes.ts).
 */
export function fontScript(url: string): string {
  const [key, value, name] = [fontNoteKey, url, fontClass].map((text) => JSON.stringify(text));
  return `try{if(window.localStorage.getItem(${key})===${value})document.documentElement.classList.add(${name})}catch(e){}`;
}

/** The documents in which the font has loaded: their next page may use it. */
const loadedIn = new WeakSet<Document>();

/** After hydration: a page in the fallback fetches the font for the next page, and remembers it has it. */
export async function loadFontForNextPage(loading: FontLoading): Promise<void> {
  if (loading.document.documentElement.classList.contains(fontClass)) return;
  // The core face: the text asked for is the default, a space. The rest of Latin comes only when a text needs it.
  const faces = await loading.fonts.load('1em "Inter Variable"').catch(() => []);
  if (faces.length === 0) return;
  loadedIn.add(loading.document);
  try {
    loading.storage().setItem(fontNoteKey, loading.url);
  } catch {
    // Site data blocked or full: each page load starts in the fallback; moves in the document still get the font.
  }
}

/** A new page is about to be shown in this document: in the font, if it has loaded by now. */
export function applyFontOnNewPage(loading: Pick<FontLoading, "document">): void {
  if (loadedIn.has(loading.document)) loading.document.documentElement.classList.add(fontClass);
}
