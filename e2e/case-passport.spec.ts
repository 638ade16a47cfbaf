import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { drawDataPage, photograph } from "../scripts/passport-set/draw";
import { travellerExpiringIn, travellers } from "../scripts/passport-set/travellers";
import { expectNoViolations } from "./axe";
import { caseWithLink, withCases } from "./cases";
import { expect, test } from "./fixtures";

/*
 * Issue 57, as the traveller sees it at 390 px: "Read my passport" beside the passport's upload; a photo of a
 * generated passport (scripts/passport-set: OCR-B, the test set's recipe) is read on the phone and fills the fields;
 * the traveller confirms and the case keeps them (the office sees them); a passport with 5 months left is warned
 * about before anything is sent; a blurred photo asks for another and fills nothing.
 */

const santos = travellers.find((traveller) => traveller.id === "santos");
if (!santos) throw new Error("the test set has no santos");

const savedPassport = (office: { database: string }, id: number) => withCases(office, (cases) => cases.passport(id));

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

/** Picks `photo` in the passport reader's file picker, as a tap on "Read my passport" opens it. */
async function readPhoto(page: Page, photo: Buffer) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: /Read my passport/ }).click();
  await (await chooser).setFiles({ name: "passport.jpg", mimeType: "image/jpeg", buffer: photo });
}

test("a passport read on the phone fills the fields; confirmed, the case keeps it @phone", async ({
  browser,
  office,
}) => {
  test.setTimeout(180_000);
  const { id, link } = await caseWithLink(office, "Maria Clara Santos");
  const page = await phone(browser);
  await page.goto(`${office.origin}/case/${link}`);
  await expect(page.locator("html[data-ready]")).toBeAttached();
  await readPhoto(page, await photograph(await drawDataPage(santos), "clean", 1));

  const form = page.locator("[data-passport-form]");
  await expect(form.getByLabel("Surname")).toHaveValue("SANTOS", { timeout: 90_000 });
  await expect(form.getByLabel("Given names")).toHaveValue("MARIA CLARA");
  await expect(form.getByLabel("Passport number")).toHaveValue("P1234567A");
  await expect(form.getByLabel("Nationality")).toHaveValue("PHL");
  await expect(form.getByLabel("Date of birth")).toHaveValue("1990-03-14");
  await expect(form.getByLabel("Expiry date")).toHaveValue("2031-03-13");
  await expect(form.getByLabel("Sex")).toHaveValue("F");
  // Nothing in the way; at most the hint to check a number holding a 6 (no check digit tells a 6 from a G).
  await expect(page.locator(".passport-problems li.warn")).toHaveCount(0);
  await expectNoViolations(page);
  for (const width of [390, 360, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.locator('[data-paper="passport-first"]').screenshot({ path: `/tmp/case-passport-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });

  await form.getByRole("button", { name: "Confirm and send" }).click();
  await expect(page.locator(".passport-status")).toContainText("your passport details are saved");
  // Read on the phone, every check digit checked again by the server: "read", not merely typed.
  await expect.poll(async () => (await savedPassport(office, id))?.how).toBe("read");
  expect((await savedPassport(office, id))?.fields).toMatchObject({ surname: "SANTOS", documentNumber: "P1234567A" });
  // And the photo goes as the passport's paper.
  await expect(page.locator('[data-paper="passport-first"] .upload-progress')).toContainText("sent", {
    timeout: 60_000,
  });
  await page.context().close();
});

test("a passport with 5 months left is warned about before anything is sent @phone", async ({ browser, office }) => {
  test.setTimeout(180_000);
  const rosa = travellerExpiringIn(5, new Date());
  const { id, link } = await caseWithLink(office, "Rosa Marie Villanueva");
  const page = await phone(browser);
  await page.goto(`${office.origin}/case/${link}`);
  await expect(page.locator("html[data-ready]")).toBeAttached();
  await readPhoto(page, await photograph(await drawDataPage(rosa), "clean", 2));
  const warning = page.locator(".passport-problems li.warn");
  await expect(warning).toContainText(/Your passport expires on .*in less than 6 months/, { timeout: 90_000 });
  expect(await savedPassport(office, id)).toBeUndefined();
  await page.locator('[data-paper="passport-first"]').screenshot({ path: "/tmp/case-passport-warned-390.png" });
  await page.context().close();
});

test("a blurred photo asks for another and fills nothing; the details can be typed @phone", async ({
  browser,
  office,
}) => {
  test.setTimeout(180_000);
  const { link } = await caseWithLink(office, "Maria Clara Santos");
  const page = await phone(browser);
  await page.goto(`${office.origin}/case/${link}`);
  await expect(page.locator("html[data-ready]")).toBeAttached();
  const blurred = await sharp(await drawDataPage(santos))
    .blur(9)
    .jpeg({ quality: 70 })
    .toBuffer();
  await readPhoto(page, blurred);
  await expect(page.locator(".passport-status")).toContainText(/take the photo again/i, { timeout: 90_000 });
  const form = page.locator("[data-passport-form]");
  await expect(form.getByLabel("Surname")).toHaveValue("");
  await expect(form.getByLabel("Passport number")).toHaveValue("");
  // Typed by hand, checked: a wrong number is said beside its field and nothing is kept.
  await form.getByLabel("Surname").fill("Santos");
  await form.getByLabel("Given names").fill("Maria Clara");
  await form.getByLabel("Passport number").fill("P-12");
  await form.getByLabel("Nationality").fill("PHL");
  await form.getByLabel("Date of birth").fill("1990-03-14");
  await form.getByLabel("Expiry date").fill("2031-03-13");
  await form.getByLabel("Sex").selectOption("F");
  await form.getByRole("button", { name: "Confirm and send" }).click();
  await expect(form.locator("#passport-documentNumber-error")).toContainText("1 to 9 letters and digits");
  await expect(form.getByLabel("Passport number")).toHaveAttribute("aria-invalid", "true");
  await page.locator('[data-paper="passport-first"]').screenshot({ path: "/tmp/case-passport-typed-390.png" });
  await form.getByLabel("Passport number").fill("P1234567A");
  await form.getByRole("button", { name: "Confirm and send" }).click();
  await expect(page.locator(".passport-status")).toContainText("your passport details are saved");
  await page.context().close();
});
