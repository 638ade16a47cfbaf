import { defineConfig } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { e2eDocumentsKey } from "./e2e/documents-key";
import { chromiumArgs, testBrowserPath } from "./scripts/browser";
import { testBuildProblem } from "./server/env-file";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
// One throwaway inbox for the run; set here, in the main process, so test workers read the same path.
process.env.E2E_INBOX_DB ??= join(tmpdir(), `karama-e2e-${process.pid}.sqlite`);
// A developer's settings file (.env) never reaches the tests: not the test server, not the servers, builds and
// commands the specs start (they inherit this). The pages under test must not have been built from it either.
process.env.ENV_FILE = "off";
const buildProblem = testBuildProblem(process.env.BUILD_DIR ?? join(import.meta.dirname, "build"));
if (buildProblem !== null) throw new Error(buildProblem);

/** End-to-end tests drive the built site, served by the production server, in Debian's Chromium. */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // The machine has two cores: one browser each.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: { executablePath: testBrowserPath, args: chromiumArgs },
    // A trace only when a failed test is tried again (CI retries once): recording one for every test and throwing
    // it away on a pass cost a fifth of the suite's time. Locally, `npm run test:e2e -- --trace on` records them.
    trace: "on-first-retry",
    // The site's service worker is blocked, except in the specs about it and the ones where it takes part in
    // what is checked (offline pages and enquiries, Background Sync, the CSP, the office's alerts), which say
    // `serviceWorkers: "allow"`. Every test's page is a first visit with its storage cleared, so the worker was
    // installed again for each, caching the offline page and the assets: a sixth of the suite's CPU time, for
    // pages it does not change (it answers from the network first, and only when that fails does it differ).
    serviceWorkers: "block",
  },
  // A test tagged @phone runs in the phone project only, one tagged @desktop in the desktop project only: what
  // depends on the width (the slide-in menu, the menu bar) or does not at all (served HTML, headers, the CSP) is
  // checked once. Filtered here, such tests are never set up in the other project: skipped in it, each still cost
  // a browser page (130 of them, about 20 s of the suite).
  projects: [
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
      grepInvert: /@desktop\b/,
    },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@phone\b/ },
  ],
  webServer: {
    // Node itself with tsx as its loader: no npx in between (its start-up, its warnings).
    command: `"${process.execPath}" --import tsx server/index.ts`,
    url: `${baseURL}/`,
    // A throwaway inbox, and no rate limit: the tests send many enquiries from one address. No minimum fill time,
    // so the forms send at once: e2e/spam-guard.spec.ts starts a server of its own with the real one.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG: "off",
      ENV_FILE: "off",
      // The throwaway SQLite inbox, whatever DATABASE_URL the developer's shell may hold.
      DATABASE_URL: "",
      INBOX_DB: process.env.E2E_INBOX_DB,
      DOCUMENTS_KEY: e2eDocumentsKey,
      INBOX_RATE_LIMIT: "0",
      INBOX_MIN_FILL_SECONDS: "0",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
