import { test as base, expect, type Page, type Route } from "@playwright/test";
import { paths } from "../app/lib/paths";
import { readSettings } from "../app/lib/settings";

/** The page that embeds the office map (a frame from Google, at the MAP_EMBED_URL setting). */
const mapPages: readonly string[] = [paths.contact];
const mapOrigin = new URL(readSettings(process.env).map.embedUrl).origin;

/** A stand-in for the map, so that no request leaves the machine. */
async function stubMap(page: Page): Promise<void> {
  await page.route(
    (url) => url.origin === mapOrigin,
    (route: Route) => route.fulfill({ contentType: "text/html", body: "<p>map</p>" }),
  );
}

interface Fixtures {
  /** Console errors and uncaught exceptions fail the test unless it opts out with allowConsoleErrors(). */
  consoleGuard: { allow: () => void };
}

export const test = base.extend<Fixtures>({
  // page.goto waits until React has hydrated the page (root.tsx sets html[data-hydrated]), so that
  // tests act on a live page as a visitor would a moment after it appears. Going to the page with the map stubs
  // the map first. Only then: with any route set, Playwright intercepts every request of the page (its scripts,
  // its font), which cost the tests a fifth of their time.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    let mapStubbed = false;
    page.goto = async (url, options) => {
      if (!mapStubbed && mapPages.includes(new URL(url, "http://localhost").pathname.toLowerCase())) {
        mapStubbed = true;
        await stubMap(page);
      }
      const response = await goto(url, options);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      return response;
    };
    await use(page);
  },
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      let allowed = false;
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A 404 page's own status is logged by Chromium; that is the page working as designed.
        const isOwnStatus = /status of 404/.test(message.text()) && message.location().url === page.url();
        if (!isOwnStatus) problems.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      await use({ allow: () => (allowed = true) });
      if (!allowed) expect(problems, "console errors or uncaught exceptions on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 1024;
}

/** Loads a page without JavaScript's help: what search engines and link previews see. */
export async function fetchHtml(page: Page, path: string): Promise<{ status: number; html: string }> {
  const response = await page.request.get(path, { maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}
