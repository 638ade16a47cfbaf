import type { Page } from "@playwright/test";
import { paths } from "../app/lib/paths";
import { expect, test } from "./fixtures";

/**
 * Inter comes in parts (app/lib/font.ts): a small core face for English text and prices, which every page needs,
 * and the rest of its Latin characters, which the browser downloads only for text that uses them, such as a name
 * with an accent. Asked in Chromium, of the page's own @font-face rules and built font files, in a document
 * without text of its own: the check does not depend on what the owner has written on a page.
 */
test.describe("the site's font", () => {
  test("English text and prices take only the core face; a name with an accent brings the rest", async ({ page }) => {
    await page.goto(paths.home);
    // A fresh document with the page's @font-face rules and no text of its own: only the text asked for below
    // can make the browser load a face.
    const faces = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSFontFaceRule && rule.cssText.includes("Inter Variable"))
        .map((rule) => rule.cssText)
        .join("\n"),
    );
    await page.setContent(`<!doctype html><html lang="en"><style>${faces}</style><body></body></html>`);
    const loaded = (text: string) =>
      page.evaluate(async (text) => {
        await document.fonts.load(`16px "Inter Variable"`, text);
        return [...document.fonts]
          .filter((face) => face.family.replace(/"/g, "") === "Inter Variable" && face.status === "loaded")
          .map((face) => face.unicodeRange);
      }, text);
    expect(await loaded(""), "nothing loaded before it is asked for").toEqual([]);

    const english = await loaded("Tourist visa: AED 1,490.00 – “2-3 working days” © Karama…");
    expect(english, "one face, the core (its range starts at U+0)").toHaveLength(1);
    expect(english[0]).toMatch(/^U\+0-7E,/i);

    const withAccent = await loaded("José Peñafrancia");
    expect(withAccent, "the core and the rest").toHaveLength(2);
    expect(withAccent).toContain(english[0]);
  });
});

/**
 * The first paint never waits for the font (app/lib/font-loading.ts): a first visit is painted in the
 * metric-matched fallback and asks for Inter only once it has hydrated; the next page, moved to in the document
 * or loaded, is in Inter from its first paint, and nothing swaps under the reader on the way.
 */
test.describe("when the site's font is used", () => {
  /** The font stack the body is drawn with, and whether Inter's core face has loaded in this document. */
  const fontState = (page: Page) =>
    page.evaluate(() => ({
      family: getComputedStyle(document.body).fontFamily,
      inter: [...document.fonts].some(
        (face) => face.family.replace(/"/g, "") === "Inter Variable" && face.status === "loaded",
      ),
    }));

  test("a first visit is painted before the font is asked for; the next pages are in Inter", async ({ page }) => {
    await page.goto(paths.home);
    expect((await fontState(page)).family, "the first page in the fallback").toMatch(/^"Inter Fallback"/);
    // Fetched once the page has hydrated: for the next page, not this one.
    await expect.poll(async () => (await fontState(page)).inter).toBe(true);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      fonts: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".woff2"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.fonts, "one font file: the core face").toHaveLength(1);
    expect(timing.fonts[0], "asked for after the first contentful paint").toBeGreaterThan(timing.paint);
    expect((await fontState(page)).family, "and this page stays as it is").toMatch(/^"Inter Fallback"/);

    // A move in the document: the new page is shown in Inter.
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect((await fontState(page)).family).toMatch(/^"Inter Variable"/);

    // A page loaded later: in Inter from the start, from the browser's cache, and nothing shifts.
    await page.goto(paths.about);
    expect(await fontState(page)).toEqual({ family: expect.stringMatching(/^"Inter Variable"/), inter: true });
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let count = 0;
          const observer = new PerformanceObserver((list) => (count += list.getEntries().length));
          observer.observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(count), 250);
        }),
    );
    expect(shifts, "layout shifts on the page loaded in Inter").toBe(0);
  });
});
