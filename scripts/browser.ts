import { existsSync } from "node:fs";

/** Debian's Chromium, or the browser named by CHROME_PATH. No test tool downloads a browser of its own. */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The browser that drives the end-to-end tests: CHROME_PATH, else Debian's Chromium headless shell (package
 * chromium-headless-shell, the same engine without the browser's UI layer, which Playwright itself uses for
 * headless runs: half the CPU time per test here), else Chromium. Lighthouse keeps the full browser.
 */
export const testBrowserPath =
  process.env.CHROME_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : chromiumPath);

if (!existsSync(chromiumPath) && !existsSync(testBrowserPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. Install it (Debian: apt-get install chromium chromium-headless-shell) or set CHROME_PATH to a Chrome or Chromium binary.`,
  );
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Each site in its own process, as desktop Chrome does (the headless shell does not by default): a frame from
  // another site, such as the map, is then no Tab stop of its own.
  "--site-per-process",
];
