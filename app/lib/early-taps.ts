/**
 * Taps that land before the page has hydrated. The pre-rendered page is painted before its JavaScript has run,
 * so a visitor can tap the carousel's arrows, the menu or a form's button while nothing listens yet. The inline
 * script below (in every page's head) holds such taps: a click on a button, or a form's submit, before the
 * page has hydrated is stopped (a form would otherwise submit itself natively, to the page's own
 * URL) and remembered; once the page has hydrated, replayEarlyTaps() carries each out and ends the holding
 * for good. (A flag on window, not `html[data-hydrated]`: React clears the html element's attributes when an
 * error boundary replaces the root layout, and the page must stay clickable then.) Links, fields and
 * `<details>` need no help: the browser handles them natively.
 */

declare global {
  interface Window {
    /** The taps held so far; null once the page has hydrated (and for good). */
    __earlyTaps?: Element[] | null;
  }
}

/**
 * Kept short and dependency-free: it runs inline, before anything else, and its hash is in the CSP. It runs once
 * per page: a <head> re-created in the browser (Preact runs the scripts it creates, as a browser does) finds
 * `__earlyTaps` already set, an array or null, and holds nothing new.
 */
// On the document, capturing: before the page's own listeners, which are added later and so run after it.
export const earlyTapScript =
  "if(window.__earlyTaps===undefined){window.__earlyTaps=[];" +
  'document.addEventListener("click",function(e){var b=e.target instanceof Element&&e.target.closest("button");b&&h(e,b)},true);' +
  'document.addEventListener("submit",function(e){h(e,e.target)},true)}' +
  "function h(e,t){var q=window.__earlyTaps;if(!q)return;" +
  "e.preventDefault();e.stopImmediatePropagation();q.indexOf(t)<0&&q.push(t)}";

/** True while the pre-rendered page is hydrating (the taps are still being held), in the browser only. */
export function isHydrating(): boolean {
  return typeof window !== "undefined" && Array.isArray(window.__earlyTaps);
}

/** Carries out the taps held before hydration, in order (a button is clicked, a form submitted); holds no more. */
export function replayEarlyTaps(target: Pick<Window, "__earlyTaps"> = window): void {
  const taps = target.__earlyTaps ?? [];
  target.__earlyTaps = null;
  for (const element of taps) {
    if (!element.isConnected) continue;
    // By tag rather than instanceof: the elements may come from another window (tests, frames).
    if (element.tagName === "FORM") (element as HTMLFormElement).requestSubmit();
    else (element as HTMLElement).click();
  }
}
