import type { Locator, Page } from "@playwright/test";
import { emptyRecordId, pagePaths, paths } from "../app/lib/paths";
import { expect, fetchHtml, test } from "./fixtures";
import { coveredComingFromAbove, problemsOf, reachableNow, tabThrough } from "./keyboard-walk";

/**
 * The office map's frame loads lazily, when it comes near the window. Tabbing quickly down the page can reach it
 * just as it starts to load, and a frame that navigates while it has focus drops the focus to the body, which
 * ends the walk early (seen once on a loaded machine). A visitor tabs slower than the frame loads; the walk
 * measures the stops, so the frame is brought into view and loaded first, and the page scrolled back.
 */
async function loadMapFrame(page: Page) {
  // With scripts on, the <noscript> frame is only text: this is the one frame.
  await page.locator("iframe").scrollIntoViewIfNeeded();
  await expect(page.frameLocator("iframe").locator("p")).toHaveText("map");
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * For the walk over the page's own stops only: the map's frame taken out of the Tab order. Tab passes through a
 * frame of another process in steps the walk cannot always follow on a busy machine (focus on the body for a
 * moment; twice in full suites, the next Tab went on from the top and the walk never met the link after the
 * frame). What is inside the frame is the map's own business and never measured; that Tab gets from the frame to
 * the link after it is the browser's, and "the map's frame is passed by Tab" below checks it on a quiet page.
 */
async function leaveMapFrameOutOfTheWalk(page: Page) {
  await page.locator("iframe").evaluate((frame) => frame.setAttribute("tabindex", "-1"));
}

/** Presses Tab (or Shift+Tab) until `target` has focus, failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 120, key: "Tab" | "Shift+Tab" = "Tab") {
  const element = await target.elementHandle();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    if (await element?.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

test.describe("every Tab stop: reachable, with a visible focus indicator, not hidden, at least 24 x 24 px", () => {
  for (const path of [paths.home, paths.detail("dubai-visa", 2), paths.contact]) {
    test(path, async ({ tab: page }) => {
      await page.goto(path);
      if (path === paths.contact) {
        await loadMapFrame(page);
        await leaveMapFrameOutOfTheWalk(page);
      }
      const stops = await tabThrough(page, { overlays: true });
      expect(problemsOf(stops), problemsOf(stops).join("\n")).toEqual([]);
      // The walk ends back on the first stop (the skip link, shown only while focused): off it, the page is back as
      // it first showed, and everything shown now should have been a stop.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const missed = (await page.evaluate(reachableNow)).filter((element) => element.key < 0).map((e) => e.desc);
      expect(missed, `not reachable with Tab:\n${missed.join("\n")}`).toEqual([]);
      const fromAbove = await page.evaluate(coveredComingFromAbove);
      expect(fromAbove, fromAbove.join("\n")).toEqual([]);
    });
  }
});

test("the map's frame is passed by Tab: the link after it comes next", async ({ tab: page }) => {
  await page.goto(paths.contact);
  await loadMapFrame(page);
  await page.locator("iframe").focus();
  const link = page.getByRole("link", { name: "Open the map in a new tab" });
  // Into the frame's own page (another process), then out of it: the link after the frame. Each Tab is given time
  // to settle (focus passes the body for a moment between the two processes) before the next.
  for (let press = 0; press < 5; press++) {
    await page.keyboard.press("Tab");
    await page.waitForFunction(() => document.activeElement !== document.body, null, { timeout: 2_000 });
    if (await link.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error("Tab never got from the map's frame to the link after it");
});

test("the skip link is the first Tab stop, shows when focused and moves focus to the main content", async ({
  tab: page,
}) => {
  await page.goto(paths.about);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await page.getByRole("main").evaluate((main) => main.contains(document.activeElement))).toBe(true);
});

// The menu bar is for wide screens.
test.describe("desktop menu by keyboard", { tag: "@desktop" }, () => {
  test("a sub-menu opens on focus, closes with Escape, reopens with Enter or Space; its links work", async ({
    tab: page,
  }) => {
    await page.goto(paths.about);
    const nav = page.getByRole("navigation", { name: "Main" });
    const group = nav.getByRole("button", { name: "Visa Change" });
    const firstLink = nav.getByRole("link", { name: "Visa Change In Dubai" });
    await tabTo(page, group);
    await expect(firstLink).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(firstLink).toBeHidden();
    await expect(group).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(group).toHaveAttribute("aria-expanded", "true");
    await expect(firstLink).toBeVisible();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Space");
    await expect(firstLink).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(firstLink).toBeFocused();
    await page.keyboard.press("Tab");
    const second = nav.getByRole("link", { name: "Visa Change By Flight" });
    await expect(second).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/visa-changes\/2$/);
    await expect(page.getByRole("main")).toBeFocused();

    // Focus is on the new page's main content, just after the menu.
    await tabTo(page, nav.getByRole("link", { name: "Contact" }), 3, "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
  });
});

// The slide-in menu is for phones and tablets.
test.describe("mobile menu by keyboard", { tag: "@phone" }, () => {
  test("Menu opens the panel; its sub-menu toggles and every control in it passes the focus checks", async ({
    tab: page,
  }) => {
    await page.goto(paths.about);
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    const close = nav.getByRole("button", { name: "Close menu" });
    await expect(close).toBeFocused();
    // The panel slides in; measure it where it comes to rest.
    await expect.poll(() => nav.evaluate((element) => element.getBoundingClientRect().right)).toBe(390);

    const group = nav.getByRole("button", { name: "Tourist Visa" });
    await tabTo(page, group, 10);
    await page.keyboard.press("Space");
    await expect(group).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Enter");
    await expect(group).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(group).toHaveAttribute("aria-expanded", "true");

    // Round the focus trap once, from the Close button back to it.
    await tabTo(page, close, 20);
    const stops = await tabThrough(page, { overlays: false, limit: 60 });
    expect(problemsOf(stops), problemsOf(stops).join("\n")).toEqual([]);
    const inPanel = await nav.evaluate((element) =>
      [...element.querySelectorAll<HTMLElement>("a[href], button")].filter((control) => control.checkVisibility()),
    );
    expect(stops.length, "every control in the panel is a Tab stop").toBe(inPanel.length);

    const link = nav.getByRole("link", { name: "60 Days", exact: true });
    await tabTo(page, link, 20);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tourist-visa\/3$/);
    await expect(nav).toBeHidden();

    // Focus is on the new page's main content, just after the header.
    await tabTo(page, toggle, 3, "Shift+Tab");
    await page.keyboard.press("Space");
    await expect(close).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test("the carousel's pause, previous, slide and next buttons work with Enter and Space", async ({ tab: page }) => {
  await page.goto(paths.home);
  const carousel = page.locator('[aria-roledescription="carousel"]');
  const pickers = carousel.getByRole("group", { name: "Choose slide to display" }).getByRole("button");
  const current = () => pickers.evaluateAll((buttons) => buttons.findIndex((b) => b.ariaDisabled === "true"));
  const stop = carousel.getByRole("button", { name: "Stop automatic slide show" });
  const start = carousel.getByRole("button", { name: "Start automatic slide show" });

  await tabTo(page, stop);
  await page.keyboard.press("Enter");
  await expect(start).toBeFocused();
  await page.keyboard.press("Space");
  await expect(stop).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(start).toBeFocused();
  // The slides may have turned while Tab made its way here.
  const shown = await current();
  const count = await pickers.count();
  expect(count).toBe(3);

  await page.keyboard.press("Tab");
  await expect(carousel.getByRole("button", { name: "Previous slide" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(current).toBe((shown + count - 1) % count);
  await page.keyboard.press("Tab");
  await expect(pickers.nth(0)).toBeFocused();
  await page.keyboard.press("Space");
  await expect.poll(current).toBe(0);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect.poll(current).toBe(1);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect.poll(current).toBe(2);
  // Still paused: the visitor's choice holds while focus is elsewhere.
  await expect(start).toBeVisible();

  await tabTo(page, carousel.getByRole("link", { name: "View our services" }), 5);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/services$/);
});

test("the enquiry form can be filled in and sent with the keyboard alone", async ({ tab: page }) => {
  await page.goto(paths.detail("visa-packages", 3));
  await page.route("**/api/submit", (route) => route.fulfill({ json: { success: true } }));
  const form = page.getByRole("form", { name: "Enquiry Now" });
  await tabTo(page, form.getByLabel("Full Name"), 150);
  await page.keyboard.type("Ana Cruz");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Email")).toBeFocused();
  await page.keyboard.type("ana@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("+971 50 000 0000");
  await page.keyboard.press("Tab");
  const visa = form.getByLabel("Visa Type");
  await expect(visa).toBeFocused();
  const before = await visa.inputValue();
  const atTop = await visa.evaluate((select: HTMLSelectElement) => select.selectedIndex === 0);
  await page.keyboard.press(atTop ? "ArrowDown" : "ArrowUp");
  await expect(visa).not.toHaveValue(before);
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Travel Date")).toBeFocused();
  await page.keyboard.type("09012026");
  await expect(form.getByLabel("Travel Date")).toHaveValue("2026-09-01");
  // Past the year, Tab visits the field's calendar button on its way to the message.
  await tabTo(page, form.getByLabel("Message"), 2);
  await page.keyboard.type("Two adults, one week.");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Make Enquiry" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status")).toHaveText("Your enquiry has been submitted successfully!");
});

// Reads the served HTML, which is the same at every width.
test("the contact options come in the same order on every page", { tag: "@desktop" }, async ({ tab: page }) => {
  const routes = [...pagePaths, "/no-such-page", paths.detail("dubai-visa", emptyRecordId)];
  const orders = new Map<string, { chrome: string[]; main: string[] }>();
  for (const path of routes) {
    const { html } = await fetchHtml(page.request, path);
    const order = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "text/html");
      const chrome: string[] = [];
      const main: string[] = [];
      for (const link of doc.querySelectorAll("a[href]")) {
        const href = link.getAttribute("href") ?? "";
        const kind = href.startsWith("tel:")
          ? "phone"
          : href.startsWith("mailto:")
            ? "e-mail"
            : /^https:\/\/(wa\.me|api\.whatsapp\.com)\//.test(href)
              ? "WhatsApp"
              : link.getAttribute("target") === "_blank" && !link.closest("main")
                ? new URL(href).hostname
                : null;
        if (!kind) continue;
        const place = link.closest("header, footer, nav, aside, main")?.tagName.toLowerCase() ?? "body";
        (link.closest("main") ? main : chrome).push(`${kind} in ${place}`);
      }
      return { chrome, main };
    }, html);
    orders.set(path, order);
  }
  const home = orders.get(paths.home)!;
  for (const kind of ["phone", "e-mail", "WhatsApp"]) {
    expect(
      home.chrome.some((entry) => entry.startsWith(`${kind} in`)),
      `${kind} on every page`,
    ).toBe(true);
  }
  for (const [path, order] of orders) expect(order.chrome, `site-wide contact options on ${path}`).toEqual(home.chrome);
  // The detail pages' contact card: the same ways to reach the team, in the same order, on each of them.
  const detailOrders = [...orders].filter(([path]) => path.split("/").length === 3);
  const first = detailOrders[0]![1].main;
  expect(first).toEqual(expect.arrayContaining(["phone in aside", "WhatsApp in aside", "e-mail in aside"]));
  for (const [path, order] of detailOrders) expect(order.main, `contact card on ${path}`).toEqual(first);
});
