import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { Result } from "axe-core";
import { detailRecords, getDetailRecord } from "../app/content/details";
import { readDetailRoute } from "../app/lib/detail-route";
import { emptyRecordId, pagePaths, paths } from "../app/lib/paths";
import { expect, test } from "./fixtures";

/** WCAG 2.2 AA as axe-core tags it, plus its best-practice rules (issue 6). */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** Every page a visitor can reach: the 24 indexable pages, an unknown URL (the 404 page) and an empty record. */
const routes = [...pagePaths, "/no-such-page", paths.detail("dubai-visa", emptyRecordId)];

/**
 * On the desktop, one page of each layout. A page's texts and colours do not depend on the width; what does is the
 * layout (menu bar or panel, columns or stack). The phone project checks every route; the desktop project every
 * page that is not a detail page, and of the detail pages the first of each group and kind of record.
 */
const desktopRoutes: readonly string[] = routes.filter((path) => {
  const route = readDetailRoute(path);
  if (route.kind !== "detail" || route.id === emptyRecordId) return true;
  const { kind } = getDetailRecord(route.group, route.id);
  return detailRecords[route.group].find((record) => record.kind === kind)?.id === route.id;
});

/** One line per failing element, so that a failure names the rule, the element and what to fix. */
function describe(violations: Result[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? "?"}): ${violation.help}`,
        ...violation.nodes.map((node) => `  ${node.target.join(" ")}\n    ${node.failureSummary ?? ""}`),
      ].join("\n"),
    )
    .join("\n");
}

async function expectNoViolations(page: Page, scope?: string) {
  // Only violations are needed in full; axe then skips serialising every passing node, a third of its time.
  // Legacy mode runs axe inside the page rather than finishing in a second blank page: half the time again. It
  // does not look inside cross-origin frames, and the only one is the map embed (Google's content, stubbed
  // here); the iframe element itself is still checked.
  const builder = new AxeBuilder({ page })
    .withTags(tags)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true);
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  const where = `${page.url()}${scope ? ` in ${scope}` : ""}`;
  expect(violations.length, `axe violations on ${where}:\n${describe(violations)}`).toBe(0);
}

/** Waits until no transition or animation runs (a slide-in panel, a cross-fade), so colours are the final ones. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

test.beforeEach(async ({ page }) => {
  // Reveal fades sections in as they scroll into view, so a contrast check on a long page would see text at
  // part opacity. The site honours prefers-reduced-motion (Reveal shows everything at once, transitions end
  // at once), which lets each test check the whole page in its final look with one load and no scrolling.
  await page.emulateMedia({ reducedMotion: "reduce" });
});

test.describe("axe on every route", () => {
  for (const path of routes) {
    // A detail page with the same layout as its group's first: the phone project only.
    test(`${path}`, desktopRoutes.includes(path) ? {} : { tag: "@phone" }, async ({ page }) => {
      await page.goto(path);
      await expectNoViolations(page);
    });
  }
});

test.describe("axe in interactive states", () => {
  // The slide-in menu is for phones and tablets.
  test("the mobile menu open, and a sub-menu expanded in it", { tag: "@phone" }, async ({ page }) => {
    await page.goto(paths.about);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await settle(page);
    await expectNoViolations(page);

    await nav.getByRole("button", { name: "Tourist Visa" }).click();
    await expect(nav.getByRole("link", { name: "30 Days", exact: true })).toBeVisible();
    await settle(page);
    // Only the panel changed.
    await expectNoViolations(page, "#main-menu");
  });

  // The drop-down menu bar is for wide screens.
  test("a desktop sub-menu open, by pointer and by keyboard", { tag: "@desktop" }, async ({ page }) => {
    await page.goto(paths.home);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Visa Packages" }).hover();
    await expect(nav.getByRole("link", { name: "Cross Country Packages" })).toBeVisible();
    await expectNoViolations(page);

    await page.mouse.move(5, 700);
    await nav.getByRole("link", { name: "Home" }).focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "48 Hours Transit" })).toBeVisible();
    await expectNoViolations(page, "#main-menu");
  });

  test("the home carousel paused, on each slide", async ({ page }) => {
    // Under reduced motion the carousel starts stopped; start it, so that pausing is the visitor's own act.
    await page.goto(paths.home);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await carousel.getByRole("button", { name: "Start automatic slide show" }).click();
    await carousel.getByRole("button", { name: "Stop automatic slide show" }).click();
    await expect(carousel.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    // Pausing changes only the carousel; the route test has checked the rest of the page.
    await expectNoViolations(page, '[aria-roledescription="carousel"]');
    const pickers = carousel.getByRole("group", { name: "Choose slide to display" }).getByRole("button");
    for (let index = 1; index < (await pickers.count()); index++) {
      await pickers.nth(index).click();
      await expect(pickers.nth(index)).toHaveAttribute("aria-disabled", "true");
      await settle(page);
      await expectNoViolations(page, '[aria-roledescription="carousel"]');
    }
  });

  test("the enquiry form on a detail page showing its error", async ({ page }) => {
    await page.goto(paths.detail("tourist-visa", 2));
    const form = page.getByRole("form", { name: "Enquiry Now" });
    // The browser's own required checks would stop the submit before the form's message appears.
    await form.evaluate((element) => ((element as HTMLFormElement).noValidate = true));
    await form.getByRole("button", { name: "Make Enquiry" }).click();
    await expect(form.getByRole("alert")).toHaveText("Full Name is required");
    await expectNoViolations(page);
  });

  test("the Contact form after an empty submit", async ({ page }) => {
    // Spec §4: this form has no validation and shows no feedback; the check is that submitting changes nothing
    // axe would object to.
    await page.goto(paths.contact);
    await page.route("**/api/submit", (route) => route.fulfill({ json: { success: true } }));
    const form = page.getByRole("form", { name: "Send us Message" });
    const sent = page.waitForRequest("**/api/submit");
    await form.getByRole("button", { name: "Send Message" }).click();
    await sent;
    await expectNoViolations(page);
  });
});
