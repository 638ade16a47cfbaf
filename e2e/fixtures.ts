import { test as base, expect, type APIRequestContext, type Page, type Route } from "@playwright/test";
import { isOfficePath } from "../server/office/headers";
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
}

export const test = base.extend<Fixtures>({
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
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // A 404 page's own status is logged by Chromium; that is the page working as designed. So is an office
      // form sent back with its problem shown (400).
      const ownStatus = isOfficePath(new URL(page.url()).pathname) ? /status of 40[04]/ : /status of 404/;
      const isOwnStatus = ownStatus.test(message.text()) && message.location().url === page.url();
      if (!isOwnStatus) consoleLog.problems.push(`console.error: ${message.text()}`);
    });
    page.on("pageerror", (error) => consoleLog.problems.push(`uncaught: ${error.message}`));
    const goto = page.goto.bind(page);
    let mapStubbed = false;
    page.goto = async (url, options) => {
      if (!mapStubbed && mapPages.includes(new URL(url, "http://localhost").pathname.toLowerCase())) {
        mapStubbed = true;
        await stubMap(page);
      }
      const response = await goto(url, options);
      // The back office's pages are the server's own, rendered per request: nothing hydrates there.
      if (!isOfficePath(new URL(url, "http://localhost").pathname)) {
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      }
      return response;
    };
    await use(page);
    if (!consoleLog.allowed) {
      expect(consoleLog.problems, "console errors or uncaught exceptions on the page").toEqual([]);
    }
  },
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
