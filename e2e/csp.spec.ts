import type { Page } from "@playwright/test";
import { emptyDetailPaths, detailNotFoundPaths, pagePaths } from "../app/lib/paths";
import { expect, test } from "./fixtures";

/** Every page the server can answer with: the 25 pages, each group's empty and not-found pages, and the 404. */
const everyPage = [...pagePaths, ...emptyDetailPaths, ...detailNotFoundPaths, "/no-such-page"];

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Records every Content-Security-Policy violation the page reports, from its very first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  // The map is a frame from another origin (allowed by frame-src): page.goto stubs it (e2e/fixtures.ts).
}

// The policy is the same at every width: the desktop project checks it once per page.
test.describe("the Content-Security-Policy is enforced and nothing on the site breaks it", { tag: "@desktop" }, () => {
  // The service worker in play: its registration and its fetches are under the same policy.
  test.use({ serviceWorkers: "allow" });
  // Four groups of pages, each walked in one browser page: a fresh page per path would triple the run time.
  const groups = [0, 1, 2, 3].map((group) => everyPage.filter((_, index) => index % 4 === group));
  for (const [index, paths] of groups.entries()) {
    test(`pages hydrate with no violation (${index + 1} of ${groups.length}: ${paths.join(", ")})`, async ({
      page,
    }) => {
      // Nine pages in one test: three times the time of a one-page test.
      test.slow();
      await watchViolations(page);
      for (const path of paths) {
        const response = await page.goto(path);
        const csp = response?.headers()["content-security-policy"] ?? "";
        expect(csp, `${path}: the policy is sent as an enforced header`).toMatch(
          /script-src 'self'( 'sha256-[\w+/=]+')+;/,
        );
        expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        // Bring lazy parts (the map frame, scroll reveals) into play before reading the record.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
        expect(await page.evaluate(() => window.__cspViolations), path).toEqual([]);
      }
    });
  }

  test("an inline script that is not one of the site's own is blocked and reported", async ({ page, consoleGuard }) => {
    // The check above would be worthless if violations went unseen: inject a stranger and watch it fail.
    consoleGuard.allow();
    await watchViolations(page);
    await page.route("**/about", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</body>", "<script>window.injected = true;</script></body>");
      await route.fulfill({ response, body: html });
    });
    await page.goto("/about");
    await expect.poll(() => page.evaluate(() => window.__cspViolations)).toEqual(["script-src-elem blocked inline"]);
    expect(await page.evaluate(() => "injected" in window)).toBe(false);
  });
});
