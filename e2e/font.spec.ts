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
