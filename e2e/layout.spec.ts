import { detailPageTitles } from "../app/content/menu";
import { expect, isPhone, test } from "./fixtures";

test.describe("header", () => {
  test("shows the opening hours, social links, logo, and phone and e-mail above 600 px", async ({ tab: page }) => {
    await page.goto("/about");
    await expect(page.getByText("Mon - Sat, 10.00 am to 10.00 pm")).toBeVisible();
    await expect(page.getByRole("link", { name: /Facebook/ }).first()).toBeVisible();
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
    const phone = banner.locator('a[href^="tel:"]');
    const email = banner.locator('a[href^="mailto:"]');
    if ((page.viewportSize()?.width ?? 0) <= 600) {
      await expect(phone).toBeHidden();
      await expect(email).toBeHidden();
    } else {
      await expect(phone).toBeVisible();
      await expect(email).toBeVisible();
    }
  });
});

// The bar menu is for wide screens.
test.describe("desktop menu", { tag: "@desktop" }, () => {
  test("has Home, the five service groups and Contact; sub-menus open on hover and on focus", async ({ tab: page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    const groups = ["Dubai Visa", "Tourist Visa", "Visa Change", "Visa Documents", "Visa Packages"];
    for (const group of groups) await expect(nav.getByRole("button", { name: group })).toBeVisible();

    await nav.getByRole("button", { name: "Tourist Visa" }).hover();
    for (const [index, title] of detailPageTitles["tourist-visa"].entries()) {
      await expect(nav.getByRole("link", { name: title, exact: true })).toHaveAttribute(
        "href",
        `/tourist-visa/${index + 1}`,
      );
      await expect(nav.getByRole("link", { name: title, exact: true })).toBeVisible();
    }
    await page.mouse.move(5, 700);
    await expect(nav.getByRole("link", { name: "30 Days", exact: true })).toBeHidden();

    await nav.getByRole("link", { name: "Home" }).focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("button", { name: "Dubai Visa" })).toBeFocused();
    await expect(nav.getByRole("link", { name: "48 Hours Transit" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "48 Hours Transit" })).toBeHidden();
    await expect(nav.getByRole("button", { name: "Dubai Visa" })).toBeFocused();
  });

  test("highlights the current page and its group", async ({ tab: page }) => {
    await page.goto("/visa-documents/3");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Travel Insurance Dubai", includeHidden: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("button", { name: "Visa Documents" })).toHaveAttribute("data-active", "true");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    await nav.getByRole("button", { name: "Visa Packages" }).hover();
    await nav.getByRole("link", { name: "Cross Country Packages" }).click();
    await expect(page).toHaveURL(/\/visa-packages\/2$/);
    await expect(nav.getByRole("link", { name: "Cross Country Packages", includeHidden: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

// The slide-in menu is for phones and tablets.
test.describe("mobile menu", { tag: "@phone" }, () => {
  test("opens, toggles one sub-menu at a time and closes on a link", async ({ tab: page }) => {
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();

    const dubai = nav.getByRole("button", { name: "Dubai Visa" });
    const tourist = nav.getByRole("button", { name: "Tourist Visa" });
    await dubai.click();
    await expect(dubai).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "96 Hours Transit" })).toBeVisible();
    await tourist.click();
    await expect(tourist).toHaveAttribute("aria-expanded", "true");
    await expect(dubai).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "96 Hours Transit" })).toBeHidden();
    await tourist.click();
    await expect(tourist).toHaveAttribute("aria-expanded", "false");

    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("a sub-menu link navigates and closes the menu", async ({ tab: page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Visa Change" }).click();
    await nav.getByRole("link", { name: "Visa Change By Road" }).click();
    await expect(page).toHaveURL(/\/visa-changes\/3$/);
    await expect(nav).toBeHidden();
  });

  test("Escape closes it and returns focus to the menu button; focus stays inside while open", async ({
    tab: page,
  }) => {
    await page.goto("/services");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    await toggle.click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("button", { name: "Close menu" })).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await nav.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("footer", () => {
  test("has the office, contact links, quick links, visa guide, copyright and social links", async ({ tab: page }) => {
    await page.goto("/contact");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Al Karama, Dubai");
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="tel:+"]')).toHaveCount(1);
    const quick = footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link");
    await expect(quick).toHaveCount(4);
    expect(await quick.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/",
      "/about",
      "/contact",
      "/services",
    ]);
    const guide = footer.getByRole("navigation", { name: "Visa Guide" }).getByRole("link");
    expect(await guide.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/dubai-visa/1",
      "/tourist-visa/1",
      "/visa-changes/1",
      "/visa-documents/1",
    ]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
  });

  test("its copyright line links to the privacy page, which says what the site keeps", async ({ tab: page }) => {
    await page.goto("/dubai-visa/1");
    const line = page.getByRole("contentinfo").getByText(/All rights reserved\./);
    await expect(line).toHaveText(new RegExp(`^© ${new Date().getFullYear()} .+\\. All rights reserved\\. Privacy$`));
    await line.getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
    for (const heading of [
      "When you send an enquiry",
      "Visit counts and page speed",
      "Other websites",
      "Your questions",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    const main = page.getByRole("main");
    await expect(main).toContainText("No cookies");
    await expect(main).toContainText("up to 24 months");
    await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(main.locator('a[href^="tel:+"]')).toHaveCount(1);
  });

  test("navigating scrolls the window back to the top", async ({ tab: page }) => {
    await page.goto("/");
    // However short the page, make it long enough to scroll.
    await page.evaluate(() => document.getElementById("main")!.style.setProperty("min-height", "3000px"));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("contentinfo").getByRole("link", { name: "Our Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("floating WhatsApp button", () => {
  test("opens a chat with a greeting in a new tab, fixed at the bottom left", async ({ tab: page }) => {
    await page.goto("/visa-changes/2");
    const button = page.getByRole("link", { name: "Chat with us on WhatsApp (opens in a new tab)" });
    await expect(button).toHaveAttribute("href", /^https:\/\/wa\.me\/\d{8,15}\?text=.+/);
    await expect(button).toHaveAttribute("target", "_blank");
    await expect(button).toHaveAttribute("rel", /noopener/);
    const viewport = page.viewportSize()!;
    const box = (await button.boundingBox())!;
    expect(box.x).toBeLessThan(40);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
    await page.evaluate(() => window.scrollTo(0, 600));
    const after = (await button.boundingBox())!;
    expect(after.y).toBeCloseTo(box.y, 0);
  });

  test("never covers the focused element while tabbing through a page", async ({ tab: page }) => {
    await page.goto("/about");
    const button = page.getByRole("link", { name: "Chat with us on WhatsApp (opens in a new tab)" });
    const box = (await button.boundingBox())!;
    for (let i = 0; i < (isPhone(page) ? 40 : 30); i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body || element.closest("[data-whatsapp]")) return null;
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      });
      if (!focused) continue;
      const overlaps =
        focused.x < box.x + box.width &&
        focused.x + focused.width > box.x &&
        focused.y < box.y + box.height &&
        focused.y + focused.height > box.y;
      expect(overlaps, `focused element ${JSON.stringify(focused)} under the button`).toBe(false);
    }
  });
});
