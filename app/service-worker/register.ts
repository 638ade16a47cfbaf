import { serviceWorkerPath } from "../lib/paths";

/**
 * Registers the site's service worker (worker.ts) once the page has loaded and the browser is idle: it never
 * holds the first paint, nor competes with the page's own scripts and pictures. Where the browser has no
 * service workers (or not here: plain http off localhost), nothing happens. A failure only means no worker.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!("serviceWorker" in win.navigator)) return;
  const register = () => void win.navigator.serviceWorker.register(serviceWorkerPath).catch(() => undefined);
  const whenIdle = () =>
    win.requestIdleCallback ? win.requestIdleCallback(register, { timeout: 5_000 }) : win.setTimeout(register, 1);
  // Called once the page has hydrated (root.tsx), after the first paint: the page may have loaded already.
  if (win.document.readyState === "complete") whenIdle();
  else win.addEventListener("load", whenIdle, { once: true });
}

/**
 * Tells the worker that a page is shown: the site moves between its pages in the browser, without the navigation
 * the worker would see, so it keeps the page on this word (once per build).
 */
export function keepPageOffline(pathname: string, win: Window = window): void {
  win.navigator.serviceWorker?.controller?.postMessage(pathname);
}
