import type { Locator, Page } from "@playwright/test";
import { emptyRecordId, pagePaths, paths } from "../app/lib/paths";
import { expect, fetchHtml, test } from "./fixtures";

/** What one Tab stop looks like once focused (measured in the page by `probeFocus`). */
interface Stop {
  key: number;
  desc: string;
  atBody: boolean;
  focusStyle: string;
  /** An outline or box shadow is drawn. */
  drawn: boolean;
  /** The style of the previous Tab stop, now that focus has left it. */
  previous: { key: number; style: string } | null;
  width: number;
  height: number;
  /** An inline link inside a sentence: exempt from the target size (WCAG 2.5.8, "Inline"). */
  inlineInText: boolean;
  /** What covers the focused element, if anything. */
  covered: string | null;
}

/** What the probe keeps in the page between calls. */
interface ProbeState {
  ids: WeakMap<Element, number>;
  /** Every element measured so far, in the order first met. */
  visited: Element[];
  prev: Element | null;
  coverage: (element: Element, overlays: boolean) => string | null;
  describe: (element: Element) => string;
}

/**
 * Measures the focused element. Points inside it must hit it, not something painted on top; with `overlays`,
 * no fixed or sticky part of the page chrome (the sticky header or menu bar, the floating WhatsApp button) may
 * lie over any part of it either.
 */
function probeFocus(overlays: boolean): Stop {
  const holder = window as unknown as { __keyboardProbe?: ProbeState };
  const describe = (element: Element) => {
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null;
    const name =
      element.getAttribute("aria-label") ??
      label ??
      (element instanceof HTMLElement ? element.innerText : (element.textContent ?? ""));
    return `<${element.tagName.toLowerCase()}> "${name.trim().replace(/\s+/g, " ").slice(0, 50)}"`;
  };
  const intersects = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const coverage = (element: Element, withOverlays: boolean): string | null => {
    const rect = element.getBoundingClientRect();
    // Points well inside the element (round buttons included); for an inline link, the middle of each line of it.
    const points =
      getComputedStyle(element).display === "inline"
        ? [...element.getClientRects()].map((r) => [r.left + r.width / 2, r.top + r.height / 2] as const)
        : [0.5, 0.25, 0.75].flatMap((fx) =>
            [0.5, 0.25, 0.75].map((fy) => [rect.left + rect.width * fx, rect.top + rect.height * fy] as const),
          );
    const inView = points.filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
    if (inView.length === 0) return "outside the viewport";
    for (const [x, y] of inView) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== element && !element.contains(hit)) return `under ${describe(hit)} at ${x},${y}`;
    }
    if (!withOverlays) return null;
    for (const overlay of document.querySelectorAll("body > *, body > * > *")) {
      if (overlay.contains(element) || element.contains(overlay)) continue;
      const position = getComputedStyle(overlay).position;
      if (position !== "fixed" && position !== "sticky") continue;
      if (!overlay.checkVisibility({ visibilityProperty: true })) continue;
      const box = overlay.getBoundingClientRect();
      if (!intersects(box, rect)) continue;
      // Overlapping boxes are fine when the focused element is painted on top (the skip link over the header).
      const x = (Math.max(box.left, rect.left) + Math.min(box.right, rect.right)) / 2;
      const y = (Math.max(box.top, rect.top) + Math.min(box.bottom, rect.bottom)) / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || overlay.contains(hit)) return `under the ${position} ${describe(overlay)}`;
    }
    return null;
  };
  const state = (holder.__keyboardProbe ??= { ids: new WeakMap(), visited: [], prev: null, coverage, describe });
  const keyOf = (element: Element) => {
    let key = state.ids.get(element);
    if (key === undefined) {
      key = state.visited.push(element) - 1;
      state.ids.set(element, key);
    }
    return key;
  };
  // A stretched link draws its ring on a pseudo-element that covers its card, so those count too.
  const parts = [null, "::before", "::after"] as const;
  const styleOf = (element: Element) =>
    parts
      .map((part) => {
        const style = getComputedStyle(element, part);
        return `${part ?? ""} outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}, box-shadow ${style.boxShadow}`;
      })
      .join("; ");
  const drawnOn = (element: Element) =>
    parts.some((part) => {
      const style = getComputedStyle(element, part);
      const outline =
        style.outlineStyle !== "none" &&
        parseFloat(style.outlineWidth) > 0 &&
        style.outlineColor !== "rgba(0, 0, 0, 0)";
      return outline || style.boxShadow !== "none";
    });

  const previous = state.prev ? { key: keyOf(state.prev), style: styleOf(state.prev) } : null;
  const element = document.activeElement;
  if (!element || element === document.body) {
    state.prev = null;
    return {
      key: -1,
      desc: "body",
      atBody: true,
      focusStyle: "",
      drawn: false,
      previous,
      width: 0,
      height: 0,
      inlineInText: false,
      covered: null,
    };
  }
  state.prev = element;
  const rect = element.getBoundingClientRect();

  let inlineInText = false;
  if (getComputedStyle(element).display === "inline") {
    let block = element.parentElement;
    while (block && ["inline", "contents"].includes(getComputedStyle(block).display)) block = block.parentElement;
    const around = (block?.textContent ?? "").replace(element.textContent ?? "", "");
    inlineInText = /\p{L}/u.test(around);
  }

  return {
    key: keyOf(element),
    desc: describe(element),
    atBody: false,
    focusStyle: styleOf(element),
    // Focus inside a native control's own parts (the date field's calendar button) leaves the field itself
    // unmatched by :focus; the browser draws that ring and authors cannot style it, so it is not measured.
    drawn: element.matches(":focus") ? drawnOn(element) : true,
    previous,
    width: rect.width,
    height: rect.height,
    inlineInText,
    covered: coverage(element, overlays),
  };
}

/**
 * Focus moving up the page (Shift+Tab, or a form focusing the field that failed) brings elements in from the top,
 * where the sticky header is. For each element measured so far that is still shown, this scrolls the page until
 * the element sits just above the viewport, focuses it (the browser scrolls it back in, honouring scroll-padding)
 * and checks that nothing covers it. One call instead of a second trip round the page.
 */
function coveredComingFromAbove(): string[] {
  const state = (window as unknown as { __keyboardProbe: ProbeState }).__keyboardProbe;
  const problems: string[] = [];
  for (const element of state.visited) {
    if (!element.isConnected || !element.checkVisibility({ visibilityProperty: true })) continue;
    const bottom = element.getBoundingClientRect().bottom + window.scrollY;
    // Parked above the page while unfocused (the skip link): shown only when focused, measured then.
    if (bottom <= 0) continue;
    window.scrollTo(0, bottom + 1);
    // focus() rather than scrollIntoView(): only the focus path brings content of a sticky box (the detail
    // sidebar) into view, and focus() is what the forms use to point at a field.
    (element as HTMLElement).focus();
    const covered = state.coverage(element, true);
    if (covered) problems.push(`${state.describe(element)} reached from below: hidden, ${covered}`);
  }
  return problems;
}

/** Every element a keyboard user should be able to reach right now: visible, enabled, not inert, in the tab order. */
function reachableNow(): { key: number; desc: string }[] {
  const state = (window as unknown as { __keyboardProbe: ProbeState }).__keyboardProbe;
  // Not iframes: what is focusable inside the map embed is the map's own business (and stubbed here).
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  return [...document.querySelectorAll<HTMLElement>(selector)]
    .filter(
      (element) =>
        element.tabIndex >= 0 &&
        !element.matches(":disabled") &&
        !element.closest("[inert]") &&
        element.checkVisibility({ visibilityProperty: true }),
    )
    .map((element) => ({ key: state.ids.get(element) ?? -1, desc: state.describe(element) }));
}

/**
 * Presses Tab (or Shift+Tab) from wherever focus is until focus comes back round to the first stop, and returns
 * what each stop looked like.
 */
async function tabThrough(
  page: Page,
  { overlays, key = "Tab", limit = 250 }: { overlays: boolean; key?: "Tab" | "Shift+Tab"; limit?: number },
) {
  const stops: Stop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const stop = await page.evaluate(probeFocus, overlays);
    const last = stops.at(-1);
    // The last measurement of the previous element wins: it is the one taken after focus left it.
    if (last && stop.previous?.key === last.key) last.previous = stop.previous;
    // Tab also moves between the parts of one native control (a date's month, day and year): one stop.
    if (last && stop.key === last.key) continue;
    // The body is no stop. Focus is there once it has passed the last element, and, on a busy machine, for a
    // moment while Tab passes through the map's frame (a page of its own, in another process): ending the walk
    // there left the rest of /contact unvisited. The next Tab goes on from where focus was, so the walk ends only
    // when focus comes back round to the first stop.
    if (stop.atBody) continue;
    if (stop.key === stops[0]?.key) return stops;
    stops.push(stop);
  }
  throw new Error(`no end to the tab order after ${limit} stops`);
}

/** The checks on a list of Tab stops, as readable lines; empty when all hold. */
function problemsOf(stops: Stop[]): string[] {
  const problems: string[] = [];
  for (const [index, stop] of stops.entries()) {
    const at = `stop ${index + 1} ${stop.desc}`;
    if (!stop.drawn) problems.push(`${at}: no focus indicator (${stop.focusStyle})`);
    // The indicator has to be a change of look, not a style the element wears all the time.
    else if (stop.previous && stop.previous.style === stop.focusStyle) {
      problems.push(`${at}: looks the same focused and unfocused (${stop.focusStyle})`);
    }
    if (stop.covered) problems.push(`${at}: hidden, ${stop.covered}`);
    if (!stop.inlineInText && (stop.width < 24 || stop.height < 24)) {
      problems.push(`${at}: target ${stop.width.toFixed(1)} x ${stop.height.toFixed(1)} px, under 24 x 24`);
    }
  }
  return problems;
}

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
    test(path, async ({ page }) => {
      await page.goto(path);
      if (path === paths.contact) await loadMapFrame(page);
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

test("the skip link is the first Tab stop, shows when focused and moves focus to the main content", async ({
  page,
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
    page,
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
    page,
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

test("the carousel's pause, previous, slide and next buttons work with Enter and Space", async ({ page }) => {
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

test("the enquiry form can be filled in and sent with the keyboard alone", async ({ page }) => {
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
test("the contact options come in the same order on every page", { tag: "@desktop" }, async ({ page }) => {
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
