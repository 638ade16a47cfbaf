import {
  test as base,
  expect,
  type APIRequestContext,
  type ConsoleMessage,
  type Page,
  type Route,
} from "@playwright/test";
import { isOfficePath } from "../server/office/headers";
import type { SharedOffice } from "./office-fixtures";
import { paths } from "../app/lib/paths";
import { readSettings } from "../app/lib/settings";

/** The page that embeds the office map (a frame from Google, at the MAP_EMBED_URL setting). */
export const mapPages: readonly string[] = [paths.contact];
const mapOrigin = new URL(readSettings(process.env).map.embedUrl).origin;

/** A stand-in for the map, so that no request leaves the machine. */
export async function stubMap(page: Page): Promise<void> {
  await page.route(
    (url) => url.origin === mapOrigin,
    (route: Route) => route.fulfill({ contentType: "text/html", body: "<p>map</p>" }),
  );
}

interface Fixtures {
  /** Console errors and uncaught exceptions on the page fail the test unless it calls allow(). */
  consoleGuard: { allow: () => void };
  /** The page's console errors, and whether the test allows them; shared by `page` and `consoleGuard`. */
  consoleLog: { problems: string[]; allowed: boolean };
  /**
   * The worker's one browser page, for a test that only reads the pages it visits: as `page` (console guard,
   * goto waits for hydration, the map stubbed), but the same page as the worker's test before, navigated on.
   * Between tests its cookies and the site's storage are cleared, its routes removed, the pointer moved out of the
   * window, and its window size and reduced-motion setting put back to the test's own. A new browser page is a new renderer process, which cost
   * Chromium about 0.65 CPU-seconds more than a page load itself: a test that reads one page paid that twice over.
   * A test that adds init scripts, a clock, CDP sessions or other pages takes `page`.
   */
  tab: Page;
}

interface WorkerFixtures {
  /** The browser page behind `tab`, in a context of the project's own settings, for the worker's lifetime. */
  workerTab: Page;
  /** The worker's back office (e2e/office-fixtures.ts), started at its first use. */
  office: SharedOffice;
}

/**
 * What every test page gets (`page` and `tab`): console errors and uncaught exceptions recorded, and a goto that
 * stubs the map on the page with the map and waits until React has hydrated the page. Returns what undoes it.
 */
function guardPage(page: Page, consoleLog: Fixtures["consoleLog"]): () => void {
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    // A 404 page's own status is logged by Chromium; that is the page working as designed. So is an office
    // form sent back with its problem shown (400).
    const ownStatus = isOfficePath(new URL(page.url()).pathname) ? /status of 40[04]/ : /status of 404/;
    const isOwnStatus = ownStatus.test(message.text()) && message.location().url === page.url();
    if (!isOwnStatus) consoleLog.problems.push(`console.error: ${message.text()}`);
  };
  const onPageError = (error: Error) => consoleLog.problems.push(`uncaught: ${error.message}`);
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  const goto = page.goto;
  let mapStubbed = false;
  page.goto = async (url, options) => {
    if (!mapStubbed && mapPages.includes(new URL(url, "http://localhost").pathname.toLowerCase())) {
      mapStubbed = true;
      await stubMap(page);
    }
    const response = await goto.call(page, url, options);
    // The back office's pages are the server's own, rendered per request: nothing hydrates there.
    if (!isOfficePath(new URL(url, "http://localhost").pathname)) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    }
    return response;
  };
  return () => {
    page.off("console", onConsole);
    page.off("pageerror", onPageError);
    page.goto = goto;
  };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixtures take the others first; none is needed here.
  consoleLog: async ({}, use) => {
    await use({ problems: [], allowed: false });
  },
  // page.goto waits until React has hydrated the page (root.tsx sets html[data-hydrated]), so that
  // tests act on a live page as a visitor would a moment after it appears. Going to the page with the map stubs
  // the map first. Only then: with any route set, Playwright intercepts every request of the page (its scripts,
  // its font), which cost the tests a fifth of their time.
  // Console errors and uncaught exceptions are checked here, for every test that opens a page; a test that reads
  // only served files uses `request` and opens no browser page at all.
  page: async ({ page, consoleLog }, use) => {
    guardPage(page, consoleLog);
    await use(page);
    if (!consoleLog.allowed) {
      expect(consoleLog.problems, "console errors or uncaught exceptions on the page").toEqual([]);
    }
  },
  workerTab: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, isMobile, hasTouch, baseURL, serviceWorkers } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, isMobile, hasTouch, baseURL, serviceWorkers });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  tab: async ({ workerTab: tab, consoleLog, viewport, reducedMotion, baseURL }, use) => {
    if (viewport) await tab.setViewportSize(viewport);
    // The pointer leaves the window: where the last test clicked or tapped would be hovered on the next page.
    await tab.mouse.move(-1, -1);
    await tab.emulateMedia({ reducedMotion: reducedMotion ?? null });
    const unguard = guardPage(tab, consoleLog);
    await use(tab);
    unguard();
    // A page the test opened (a link to a new tab) goes with it.
    for (const other of tab.context().pages()) if (other !== tab) await other.close();
    await tab.unrouteAll({ behavior: "ignoreErrors" });
    // Off the site's pages to a plain file of the same site (a page of another site, even about:blank, would
    // cost a new renderer process): nothing of the last page can write to the storage cleared next.
    await tab.goto("/robots.txt");
    await tab.context().clearCookies();
    // The site's storage (the enquiry drafts, the statistics' visit) goes with the test that made it.
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(baseURL!).origin, storageTypes: "all" });
    await cdp.detach();
    if (!consoleLog.allowed) {
      expect(consoleLog.problems, "console errors or uncaught exceptions on the page").toEqual([]);
    }
  },
  office: [
    async ({ browser }, use, workerInfo) => {
      const { runSharedOffice } = await import("./office-fixtures");
      await runSharedOffice(browser, workerInfo, use);
    },
    // The start (up to 90 s beside other suites, see startOwnServer) and the stop.
    { scope: "worker", timeout: 150_000 },
  ],
  consoleGuard: async ({ consoleLog }, use) => {
    await use({ allow: () => (consoleLog.allowed = true) });
  },
});

export { expect };

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 1024;
}

/** Loads a page without JavaScript's help: what search engines and link previews see. */
export async function fetchHtml(request: APIRequestContext, path: string): Promise<{ status: number; html: string }> {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}
