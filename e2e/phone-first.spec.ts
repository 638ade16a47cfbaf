import type { Page } from "@playwright/test";
import { getDetailRecord } from "../app/content/details";
import { leadPrice } from "../app/content/details/helpers";
import { fontClass } from "../app/lib/font-loading";
import { readDetailRoute } from "../app/lib/detail-route";
import { pagePaths, paths } from "../app/lib/paths";
import { unbreakablePattern } from "../app/lib/unbreakable";
import { expect, test } from "./fixtures";

/**
 * Issue 13, "Phone first": what it costs and a person to ask, in the first screen of every page. Each route is
 * loaded once per check group, and the page is measured in one evaluate.
 */

const phones = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
] as const;
/**
 * Grids and phrases are also checked at these widths, from the 390 px page: no lone card on a row, and no price
 * or phrase broken across lines, at any of them (e2e/detail.spec.ts reads each record's page at the phone width).
 */
const wideWidths = [768, 1024, 1280, 1440] as const;
const routes = [...pagePaths, "/no-such-page"];

// Scroll reveals stay put, so what is measured is where things rest.
test.use({ reducedMotion: "reduce" });

/** What the page's banner must show, from the content records. */
function expectedLead(path: string) {
  const route = readDetailRoute(path);
  return route.kind === "detail" ? leadPrice(getDetailRecord(route.group, route.id)) : null;
}

interface PhoneFacts {
  problems: string[];
  lead: { label: string; price: string } | null;
}

/**
 * Runs in the page (self-contained, as Playwright sends it). At every width: no phrase broken across lines, and
 * unless `phone`, no lone card on a grid row. With `phone`, scrolled to the top: the lead price wholly in the
 * first screen and not covered; the action bar's WhatsApp, Call and Enquire at least 44 x 44 px and not covered,
 * at the top, halfway down and at the end; the end of the page above the bar; the logo on one line.
 */
function pageChecks({ pattern, phone }: { pattern: string; phone: boolean }): PhoneFacts {
  /** Runs in the page: every price, duration or phrase that must stay on one line and does not. */
  function brokenPhrases(): string[] {
    const problems: string[] = [];
    const regex = new RegExp(pattern, "gi");
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, .visually-hidden, [hidden]") || !parent.checkVisibility()) continue;
      const text = node.textContent ?? "";
      for (const match of text.matchAll(regex)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        if (lines.size > 1) problems.push(`"${match[0]}" breaks across ${lines.size} lines in <${parent.tagName}>`);
      }
    }
    return problems;
  }

  /** Rows of a card grid (a list laid out as a grid) with one card beside empty room. */
  function loneCards(): string[] {
    const problems: string[] = [];
    for (const grid of document.querySelectorAll("ul, ol, dl")) {
      const style = getComputedStyle(grid);
      if (!style.display.endsWith("grid") || grid.closest("form") || !grid.checkVisibility()) continue;
      const columns = style.gridTemplateColumns.split(" ").filter((track) => track.endsWith("px")).length;
      if (columns < 2) continue;
      const cards = [...grid.children].filter(
        (child) => child.checkVisibility() && !["absolute", "fixed"].includes(getComputedStyle(child).position),
      );
      if (cards.length < 2) continue;
      const rows = new Map<number, Element[]>();
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top);
        rows.set(top, [...(rows.get(top) ?? []), card]);
      }
      if (rows.size < 2) continue;
      const width = grid.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      for (const row of rows.values()) {
        const [only] = row;
        if (row.length === 1 && only && only.getBoundingClientRect().width < width * 0.75) {
          const name = `${grid.tagName.toLowerCase()}.${[...grid.classList].join(".")}`;
          problems.push(`${name}: a lone card on a row of ${columns} columns at ${innerWidth} px`);
        }
      }
    }
    return problems;
  }

  if (!phone) return { problems: [...loneCards(), ...brokenPhrases()], lead: null };
  const problems: string[] = [];
  const describe = (element: Element) =>
    `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  const bar = document.querySelector("[data-action-bar]");
  if (!bar) return { problems: ["no action bar"], lead: null };
  const barTop = () => bar.getBoundingClientRect().top;
  const header = document.querySelector("header a[aria-label$=', home']")?.closest("div[class]")?.parentElement;
  const headerBottom = () => Math.max(0, header?.getBoundingClientRect().bottom ?? 0);
  /** In the window, clear of the sticky header and the bar (unless it is in the bar), and on top where it is. */
  const inSight = (element: Element, what: string) => {
    const rect = element.getBoundingClientRect();
    const inBar = bar.contains(element);
    const top = inBar ? 0 : headerBottom();
    const bottom = inBar ? innerHeight : barTop();
    if (rect.top < top - 0.5 || rect.bottom > bottom + 0.5 || rect.left < 0 || rect.right > innerWidth + 0.5) {
      problems.push(`${what} ${describe(element)} not in sight at scroll ${scrollY}: ${JSON.stringify(rect)}`);
      return;
    }
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.2, 0.3],
      [0.8, 0.7],
    ] as const) {
      const hit = document.elementFromPoint(rect.left + rect.width * fx, rect.top + rect.height * fy);
      if (!hit || !(hit === element || element.contains(hit) || hit.contains(element))) {
        problems.push(`${what} ${describe(element)} covered by ${hit ? describe(hit) : "nothing"}`);
        return;
      }
    }
  };
  const targets = {
    WhatsApp: bar.querySelector("[data-whatsapp]"),
    Call: bar.querySelector('a[href^="tel:"]'),
    Enquire: [...bar.querySelectorAll("a")].find((link) => link.textContent?.trim() === "Enquire") ?? null,
  };
  const checkTargets = (when: string) => {
    for (const [name, element] of Object.entries(targets)) {
      if (!element) {
        problems.push(`no ${name} in the bar`);
        continue;
      }
      const { width, height } = element.getBoundingClientRect();
      if (width < 44 || height < 44) problems.push(`${name} is ${width} x ${height} px, under 44 x 44`);
      if (element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${name}'s label overflows its button: ${element.scrollWidth} > ${element.clientWidth} px`);
      }
      inSight(element, `${name} (${when})`);
    }
  };

  window.scrollTo(0, 0);
  let lead: PhoneFacts["lead"] = null;
  const leadElement = document.querySelector("[data-lead-price]");
  if (leadElement) {
    const amount = leadElement.querySelector(".price");
    lead = {
      label: (leadElement.firstElementChild?.textContent ?? "").trim(),
      price: (amount?.textContent ?? "").trim(),
    };
    if (amount) inSight(amount, "lead price");
  }
  checkTargets("first screen");

  window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2);
  checkTargets("halfway");

  window.scrollTo(0, document.documentElement.scrollHeight);
  const footer = document.querySelector("footer");
  const end = footer?.lastElementChild ?? footer;
  if (end && end.getBoundingClientRect().bottom > barTop() + 0.5) {
    problems.push(`the end of the page lies under the bar: ${end.getBoundingClientRect().bottom} > ${barTop()}`);
  }
  checkTargets("at the end");
  window.scrollTo(0, 0);

  // The agency's name beside the mark.
  const logo = document.querySelector("header a[aria-label$=', home'] svg + span");
  if (logo) {
    const range = document.createRange();
    range.selectNodeContents(logo);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
    if (lines.size !== 1) problems.push(`the logo takes ${lines.size} lines`);
  } else {
    problems.push("no logo");
  }
  problems.push(...brokenPhrases());
  return { problems, lead };
}

/** The phone checks at one width, on the page as it is: problems first, then the lead price against the records. */
async function expectPhoneFirst(page: Page, path: string) {
  const facts = await page.evaluate(pageChecks, { pattern: unbreakablePattern.source, phone: true });
  expect(facts.problems, facts.problems.join("\n")).toEqual([]);
  const lead = expectedLead(path);
  if (lead) {
    expect(facts.lead).toEqual({ label: lead.from ? "From" : "Price", price: lead.price });
  } else {
    expect(facts.lead).toBeNull();
  }
}

/**
 * Resizes the window and waits until the page has followed: the header and menu switch between their phone and
 * desktop forms on a media query's change event, which arrives with the next frame, and React renders the switch
 * then. A tap before that would land on a page still laid out for the previous width.
 */
async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The card grids and unbreakable phrases at the page's current width. */
async function expectGrids(page: Page, width: number) {
  const { problems } = await page.evaluate(pageChecks, { pattern: unbreakablePattern.source, phone: false });
  expect(problems, `at ${width} px:\n${problems.join("\n")}`).toEqual([]);
}

// The phone widths, in the phone project (the desktop project has its own checks below). Each route is loaded
// once, at 360 px, and then resized: the layout follows the width through CSS alone, so a resized page is the
// page a phone of that width loads (the menu, the bar and the grids are media queries; no script reads the width
// at load).
test.describe("at 360 and 390 px", { tag: "@phone" }, () => {
  const [narrow, wide] = phones;
  for (const path of routes) {
    test(`${path}: price and a person in the first screen, end clear of the bar, no lone card, no broken phrase`, async ({
      tab: page,
    }) => {
      const form = readDetailRoute(path).kind === "detail" || path === paths.services;
      await page.setViewportSize(narrow);
      await page.goto(path);
      await test.step(`${narrow.width} px`, async () => {
        await expectPhoneFirst(page, path);
        await expectGrids(page, narrow.width);
        if (form) await enquireAndFail(page, "name");
      });
      await test.step(`${wide.width} px, and the grids at ${wideWidths.join(", ")} px`, async () => {
        await resize(page, wide);
        await expectPhoneFirst(page, path);
        for (const width of [wide.width, ...wideWidths]) {
          if (width !== wide.width) await resize(page, { width, height: 900 });
          await expectGrids(page, width);
        }
        await resize(page, wide);
        // The second failed submit faults on another field, so that focus moves from one field to another.
        if (form) await enquireAndFail(page, "email");
      });
    });
  }
});

/**
 * On a page with an enquiry form: Enquire brings it into view with the first field focused; a failed check then
 * shows its message in sight below the sticky header, in the alert region, with focus on the field at fault:
 * Full Name (a name of spaces only), or Email (a name given, the e-mail address spaces only).
 */
async function enquireAndFail(page: Page, fault: "name" | "email") {
  const bar = page.getByRole("complementary", { name: "Contact us" });
  // Focus left where an earlier failure put it would let the check below pass without Enquire's help.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await bar.getByRole("link", { name: "Enquire" }).click();
  const form = page.locator("#enquiry form");
  const name = form.getByLabel("Full Name");
  await expect(name).toBeFocused();
  await expect(form.getByRole("heading").or(page.locator("#enquiry h2"))).toBeInViewport();
  await expect(name).toBeInViewport({ ratio: 1 });

  // Past the browser's own required checks, to the form's.
  await form.evaluate((element) => ((element as HTMLFormElement).noValidate = true));
  const email = form.getByLabel("Email");
  await name.fill(fault === "name" ? "   " : "Amina Khan");
  await email.fill("   ");
  await form.getByRole("button", { name: "Make Enquiry" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toHaveText(fault === "name" ? "Full Name is required" : "Email is required");
  await expect(fault === "name" ? name : email).toBeFocused();
  const seen = await alert.evaluate((element) => {
    const message = element.getBoundingClientRect();
    const field = document.activeElement?.getBoundingClientRect();
    const masthead = document.querySelector("header a[aria-label$=', home']")?.closest("div[class]")?.parentElement;
    const bar = document.querySelector("[data-action-bar]")?.getBoundingClientRect();
    return {
      messageTop: message.top,
      headerBottom: masthead?.getBoundingClientRect().bottom ?? 0,
      fieldBottom: field?.bottom ?? Infinity,
      barTop: bar?.top ?? innerHeight,
    };
  });
  expect(seen.messageTop, "the message is below the sticky header").toBeGreaterThanOrEqual(seen.headerBottom);
  expect(seen.fieldBottom, "the field at fault is above the bar").toBeLessThanOrEqual(seen.barTop);
}

test.describe("the agency's name in the phone header", { tag: "@phone" }, () => {
  /** The name beside the logo's mark. */
  const agencyName = "header a[aria-label$=', home'] svg + span";

  for (const viewport of phones) {
    test(`is whole at ${viewport.width} px in the site's font, beside the Menu button`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(paths.home);
      const fit = await page.locator(agencyName).evaluate(async (element, fontClass) => {
        // A first visit is painted in the fallback (app/lib/font-loading.ts), and fallbacks differ by machine: the
        // page's own switch to Inter, with the font loaded, measures the name in the site's own font.
        await document.fonts.load('800 1em "Inter Variable"', element.textContent ?? "");
        document.documentElement.classList.add(fontClass);
        if (!getComputedStyle(element).fontFamily.startsWith('"Inter Variable"')) throw new Error("not in Inter");
        return { needed: element.scrollWidth, given: element.clientWidth };
      }, fontClass);
      expect(fit.needed, "the name is not cut short").toBeLessThanOrEqual(fit.given);
    });

    test(`is whole at ${viewport.width} px in the fallback, before Inter has arrived`, async ({ page }) => {
      // A first visit is shown, and stays, in the metric-matched fallback (app/lib/font-loading.ts); so is any page
      // whose font has not come in time. Its font requests are held here, so the page can only have the fallback.
      await page.route("**/*.woff2", () => {});
      await page.setViewportSize(viewport);
      // Not "load": that waits for the held font.
      await page.goto(paths.home, { waitUntil: "domcontentloaded" });
      const name = page.locator(agencyName);
      const fit = await name.evaluate(async (element) => {
        const fallback = [...document.fonts].find((face) => face.family.replace(/"/g, "") === "Inter Fallback");
        await fallback?.load().catch(() => undefined);
        // Its bold is a real bold face (wider than the regular), not the regular made thicker by the browser.
        const widthAt = (weight: number) => {
          const probe = document.createElement("span");
          probe.textContent = element.textContent;
          probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font-weight:${weight}`;
          document.body.append(probe);
          const width = probe.getBoundingClientRect().width;
          probe.remove();
          return width;
        };
        return {
          boldWidening: widthAt(800) / widthAt(400),
          fallback: fallback?.status ?? "missing",
          inter: [...document.fonts].some((face) => face.family.includes("Inter Variable") && face.status === "loaded"),
          needed: element.scrollWidth,
          given: element.clientWidth,
        };
      });
      expect(fit.inter, "Inter was held back").toBe(false);
      expect(fit.fallback, "the fallback face found a local Arial or Liberation Sans").toBe("loaded");
      expect(fit.needed, "the name is not cut short").toBeLessThanOrEqual(fit.given);
      expect(fit.boldWidening, "bold text in the fallback's own bold face").toBeGreaterThan(1.03);
    });
  }
});

test.describe("/services shows what each service costs", () => {
  test("each section with a page of prices shows its 'from' price, linking to that page, which lists it", async ({
    page,
  }) => {
    await page.goto(paths.services);
    const links = await page
      .getByRole("main")
      .locator("section a:has(.price)")
      .evaluateAll((list) =>
        list.map((link) => ({ href: link.getAttribute("href") ?? "", text: (link.textContent ?? "").trim() })),
      );
    const expected = [
      paths.detail("dubai-visa", 1),
      paths.detail("visa-changes", 1),
      paths.detail("visa-packages", 4),
      paths.detail("visa-documents", 1),
    ].map((href) => ({ href, text: `From ${expectedLead(href)?.price}` }));
    expect(links).toEqual(expected);
    await page.getByRole("link", { name: expected[2]!.text }).click();
    await expect(page).toHaveURL(/\/visa-packages\/4$/);
    await expect(page.getByRole("main").locator("#prices")).toContainText(expectedLead(expected[2]!.href)!.price);
  });
});

test.describe("desktop at 1280 px", { tag: "@desktop" }, () => {
  for (const path of [paths.home, paths.detail("visa-packages", 1), paths.services, paths.contact]) {
    test(`${path}: the floating WhatsApp button only, no bar, no room kept for one; the header's phone and e-mail`, async ({
      page,
    }) => {
      await page.goto(path);
      const facts = await page.evaluate(() => {
        const bar = document.querySelector("[data-action-bar]");
        const shown = [...(bar?.querySelectorAll("a") ?? [])].filter((link) => link.checkVisibility());
        const button = shown[0]?.getBoundingClientRect();
        return {
          shown: shown.map((link) => link.hasAttribute("data-whatsapp")),
          button: button && {
            width: button.width,
            height: button.height,
            left: button.left,
            fromBottom: innerHeight - button.bottom,
          },
          bodyPadding: getComputedStyle(document.body).paddingBottom,
          headerContacts: [...document.querySelectorAll("header a[href^='tel:'], header a[href^='mailto:']")].filter(
            (link) => link.checkVisibility(),
          ).length,
        };
      });
      expect(facts).toEqual({
        shown: [true],
        button: { width: 56, height: 56, left: 16, fromBottom: 16 },
        bodyPadding: "0px",
        headerContacts: 2,
      });
    });
  }
});
