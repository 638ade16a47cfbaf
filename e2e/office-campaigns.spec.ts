import jsQR from "jsqr";
import { PNG } from "pngjs";
import { readFileSync } from "node:fs";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";

/*
 * Issue 55, part 2: the owner makes a campaign link in the office, copies it, and downloads its QR code as PNG and
 * as SVG; the PNG's code is read back by a decoder and gives the link. The page at 360 and 390 px (phone) and
 * 1280 px (desktop), screenshots kept with the test's output. The worker's office (e2e/office-fixtures.ts), as
 * its owner; each project's campaign has a name of its own.
 */

test.describe("the owner's campaign links", () => {
  test("makes a link, copies it, downloads its QR code as PNG and SVG; the page fits at each width", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(90_000);
    const phone = isPhone(page);
    const name = phone ? "Eid flyer phone" : "Eid flyer desk";
    const tag = phone ? "eid-flyer-phone" : "eid-flyer-desk";
    const link = `${office.origin}/services?utm_source=${tag}`;
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: office.origin });

    await office.session(page, "owner");
    await page.goto(`${office.origin}/office/owner`);
    await page.getByRole("link", { name: /Campaign links/ }).click();
    await expect(page.getByRole("heading", { name: "Campaign links", level: 1 })).toBeVisible();
    await page.getByLabel(/Campaign name/).fill(name);
    await page.getByLabel("The page it opens").selectOption({ label: "Our Services" });
    await page.getByRole("button", { name: "Make the link" }).click();

    const card = page.getByRole("region", { name });
    await expect(card).toContainText("Just made.");
    await expect(card.getByRole("link", { name: link })).toHaveAttribute("href", link);
    await expectNoViolations(page);

    // Copy.
    await card.getByRole("button", { name: "Copy link" }).click();
    await expect(card.getByRole("status")).toHaveText("Copied. Paste it where you share the campaign.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The QR code as PNG, read back.
    const pngDownload = page.waitForEvent("download");
    await card.getByRole("link", { name: "QR code, PNG" }).click();
    const png = await pngDownload;
    expect(png.suggestedFilename()).toBe(`qr-${tag}.png`);
    const image = PNG.sync.read(readFileSync(await png.path()));
    expect(image.width).toBeGreaterThanOrEqual(512);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(link);

    // And as SVG: the page shows the same drawing, read back from its screenshot.
    const svgDownload = page.waitForEvent("download");
    await card.getByRole("link", { name: "QR code, SVG" }).click();
    const svg = await svgDownload;
    expect(svg.suggestedFilename()).toBe(`qr-${tag}.svg`);
    expect(readFileSync(await svg.path(), "utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const shown = PNG.sync.read(await card.getByRole("img", { name: `QR code of the link for ${name}` }).screenshot());
    expect(jsQR(new Uint8ClampedArray(shown.data), shown.width, shown.height)?.data).toBe(link);

    for (const width of phone ? [360, 390] : [1280]) {
      await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
      await page.goto(`${office.origin}/office/campaigns`);
      await expect(page.getByRole("region", { name })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`campaigns-${width}.png`), fullPage: true });
    }
  });
});
