import { existsSync } from "node:fs";

/** Debian's Chromium, or the browser named by CHROME_PATH. No test tool downloads a browser of its own. */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. Install it (Debian: apt-get install chromium) or set CHROME_PATH to a Chrome or Chromium binary.`,
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
];
