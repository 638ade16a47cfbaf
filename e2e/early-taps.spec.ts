import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { paths } from "../app/lib/paths";

/**
 * Hydration starts after the first paint, so a visitor can tap before the page is interactive. No tap may be
 * lost: a tap on a control is carried out once the page hydrates, and what is typed into a field stays. The
 * CPU is slowed 4x (as Lighthouse does on mobile) and the page's scripts are held until the taps are made, so
 * that each tap surely lands before hydration.
 */

interface HeldPage {
  page: Page;
  /** Lets the held scripts through. */
  release: () => void;
}

async function openBeforeHydration(context: BrowserContext, path: string): Promise<HeldPage> {
  // A page of its own: the fixture's page.goto waits for hydration, which is what this test must not do.
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  return { page, release };
}

async function expectHydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

// The mobile menu is the phone's; one project is enough for the rest.
test.describe("taps before hydration (4x CPU slowdown)", { tag: "@phone" }, () => {
  test("the carousel's next control, tapped before hydration, shows the next slide", async ({ context }) => {
    const { page, release } = await openBeforeHydration(context, paths.home);
    // Time stands still, so only the tap can change the slide.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const region = page.getByRole("region", { name: "Featured services" });
    await region.getByRole("button", { name: "Next slide" }).tap();
    release();
    await expectHydrated(page);
    await expect(region.getByRole("button", { name: "Slide 2", exact: true })).toHaveAttribute("aria-disabled", "true");
    await expect(region.locator('[aria-disabled="true"]')).toHaveCount(1);
  });

  test("the mobile menu, tapped before hydration, opens", async ({ context }) => {
    const { page, release } = await openBeforeHydration(context, paths.about);
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    await toggle.tap();
    release();
    await expectHydrated(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#main-menu")).toBeVisible();
  });

  test("an enquiry field typed into before hydration keeps its text, and the form has it", async ({ context }) => {
    const { page, release } = await openBeforeHydration(context, paths.detail("dubai-visa", 1));
    const name = page.getByRole("form", { name: "Enquiry Now" }).getByLabel("Full Name");
    await name.tap();
    await page.keyboard.type("Amina Rahman");
    release();
    await expectHydrated(page);
    await expect(name).toHaveValue("Amina Rahman");
    await expect(name).toBeFocused();
    // The form's own state has it: a change to another field re-renders the form and the name stays.
    await page.getByRole("form", { name: "Enquiry Now" }).getByLabel("Email").fill("amina@example.com");
    await expect(name).toHaveValue("Amina Rahman");
  });
});
