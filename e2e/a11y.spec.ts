import type { Page } from "@playwright/test";
import { detailRecords, getDetailRecord, showsChecklist } from "../app/content/details";
import type { DetailRecord } from "../app/content/schema";
import { readDetailRoute } from "../app/lib/detail-route";
import { emptyRecordId, pagePaths, paths } from "../app/lib/paths";
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";

/** Every page a visitor can reach: the 24 indexable pages, an unknown URL (the 404 page) and an empty record. */
const routes = [...pagePaths, "/no-such-page", paths.detail("dubai-visa", emptyRecordId)];

/**
 * One page of each layout, in both projects: every page that is not a detail page, and of the 20 detail pages
 * the first of each group, kind of record and with or without the documents checklist (the one section a record
 * can leave out). The detail pages are one template: another record of the same layout puts other text and a
 * picture into the same components, which axe would check again to the same end. What differs from record to
 * record is checked elsewhere, on every one: its texts, headings and picture names (e2e/detail.spec.ts), its
 * served HTML (e2e/html-validity.spec.ts) and its first screen at phone widths (e2e/phone-first.spec.ts). A
 * page's texts and colours do not depend on the width; its layout does (menu bar or panel, columns or stack).
 */
const layoutRoutes: readonly string[] = routes.filter((path) => {
  const route = readDetailRoute(path);
  if (route.kind !== "detail" || route.id === emptyRecordId) return true;
  const layout = (record: DetailRecord) => `${record.kind} ${showsChecklist(route.group, record)}`;
  const own = layout(getDetailRecord(route.group, route.id));
  return detailRecords[route.group].find((record) => layout(record) === own)?.id === route.id;
});

/** Waits until no transition or animation runs (a slide-in panel, a cross-fade), so colours are the final ones. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

// Reveal fades sections in as they scroll into view, so a contrast check on a long page would see text at part
// opacity. The site honours prefers-reduced-motion (Reveal shows everything at once, transitions end at once),
// which lets each test check the whole page in its final look with one load and no scrolling.
test.use({ reducedMotion: "reduce" });

test.describe("axe on every layout", () => {
  for (const path of layoutRoutes) {
    // One browser page per worker, navigated from layout to layout (the `tab` fixture).
    test(`${path}`, async ({ tab }) => {
      await tab.goto(path);
      await expectNoViolations(tab);
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
    // The spec gives this form no validation; since issue 35 it shows how the sending went (here, the success).
    await page.goto(paths.contact);
    await page.route("**/api/submit", (route) => route.fulfill({ json: { success: true } }));
    const form = page.getByRole("form", { name: "Send us Message" });
    const sent = page.waitForRequest("**/api/submit");
    await form.getByRole("button", { name: "Send Message" }).click();
    await sent;
    await expect(form.getByRole("status")).toHaveText("Your enquiry has been submitted successfully!");
    await expectNoViolations(page);
  });
});
