import { test as base, expect, type Page } from "@playwright/test";

interface Fixtures {
  /** Console errors and uncaught exceptions fail the test unless it opts out with allowConsoleErrors(). */
  consoleGuard: { allow: () => void };
}

export const test = base.extend<Fixtures>({
  // page.goto waits until React has hydrated the page (root.tsx sets html[data-hydrated]), so that
  // tests act on a live page as a visitor would a moment after it appears.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
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
