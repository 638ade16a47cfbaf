import sharp from "sharp";
import { loadKeyring } from "../server/data/cases/keys";
import { CaseStore } from "../server/data/cases/store";
import { openDatabase } from "../server/data/open";
import { pdf } from "../server/testing/papers";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";

/*
 * Issue 56, the office's side of a traveller's case: from an enquiry, Start a case; Send the link (shown once, with
 * the ready text); the traveller's papers (added here through the store, sealed with the server's own key file, as
 * the case room keeps them) with their thumbnails, one accepted and one sent back; the visa PDF uploaded by the
 * office's script from a file input; the stage moved. The Cases list and the case page at 360 and 390 px (phone)
 * and 1280 px (desktop), screenshots kept with the test's output. The worker's office (e2e/office-fixtures.ts).
 */

const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

test.describe("a traveller's case in the office", () => {
  test("starts a case, sends the link, reviews papers, uploads the visa; the pages fit at each width", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(120_000);
    const phone = isPhone(page);
    const name = phone ? "Fatima Casephone" : "Fatima Casedesk";
    await office.postEnquiry(page, { name, visa: "Dubai Tourist Visa", email: "fatima@example.com" });
    await office.session(page, "staff");
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByLabel("Papers to ask for")).toHaveValue("visit-visa");
    await page.locator(".enquiry-cases").screenshot({ path: testInfo.outputPath("enquiry-case-card.png") });
    await page.getByRole("button", { name: "Start a case" }).click();
    await expect(page).toHaveURL(/\/office\/cases\/\d+$/);
    const id = Number(/\/office\/cases\/(\d+)$/.exec(page.url())?.[1]);

    // The traveller's papers, as the case room keeps them: sealed under the server's own key.
    const database = await openDatabase({ engine: "sqlite", path: office.database }, { migrate: false });
    try {
      const cases = new CaseStore(database, loadKeyring({ inboxDb: office.database }).keyring);
      const add = async (paperKey: string, file: string, bytes: Buffer) =>
        cases.addPaper(
          id,
          { paperKey, name: file, type: "image/jpeg", bytes, width: 900, height: 600 },
          null,
          new Date(),
        );
      await add("passport-first", "passport-first-page.jpg", await photo(40, 80, 160));
      await add("photo", "IMG_20260301_101500.jpg", await photo(235, 235, 235));
      await add("hotel-booking", "hotel-booking.jpg", await photo(200, 160, 60));
    } finally {
      await database.close();
    }

    // The link, shown once, with the ready text carrying it.
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByText("it is shown only this once")).toBeVisible();
    const link = await page.getByRole("textbox", { name: "The link to send" }).inputValue();
    expect(link).toMatch(new RegExp(`^${office.origin}/case/[A-Za-z0-9_-]{43}$`));
    await expect(page.getByRole("link", { name: "WhatsApp" }).first()).toHaveAttribute(
      "href",
      new RegExp(encodeURIComponent(link).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath("case-link.png"), fullPage: true });

    // Review: accept the passport, send the photo back with a reason.
    await page.goto(`${office.origin}/office/cases/${id}`);
    const passport = page.locator('[data-paper-key="passport-first"]');
    await expect(passport.getByRole("img")).toBeVisible();
    await passport.getByRole("button", { name: "Accept" }).click();
    await expect(page.locator('[data-paper-key="passport-first"]')).toContainText("Accepted");
    const portrait = page.locator('[data-paper-key="photo"]');
    await portrait.getByText("Send back", { exact: true }).first().click();
    await portrait.getByLabel(/Why/).fill("The background is not white: please take it again against a white wall.");
    await portrait.getByRole("button", { name: "Send back" }).click();
    await expect(page.locator('[data-paper-key="photo"]')).toContainText("The background is not white");

    // The visa PDF, from a file input, sent by the office's script.
    await page
      .getByLabel("The visa (PDF)")
      .setInputFiles({ name: "visa.pdf", mimeType: "application/pdf", buffer: pdf() });
    await page.getByRole("button", { name: "Upload the visa" }).click();
    await expect(page.locator(".case-visa")).toContainText("visa.pdf");
    await page.getByRole("button", { name: "Applied", exact: true }).click();
    await expect(page.locator(".subtitle [data-case-stage]")).toHaveText("Applied");
    await expectNoViolations(page);

    for (const width of phone ? [360, 390] : [1280]) {
      await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
      await page.goto(`${office.origin}/office/cases?show=open`);
      await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`cases-${width}.png`), fullPage: true });
      await page.goto(`${office.origin}/office/cases/${id}`);
      await expect(page.locator('[data-paper-key="hotel-booking"] img')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`case-${width}.png`), fullPage: true });
    }
  });
});
