import { drawDataPage, photograph } from "../scripts/passport-set/draw";
import { travellers } from "../scripts/passport-set/travellers";
import { expectNoViolations } from "./axe";
import { caseWithLink } from "./cases";
import { expect, isPhone, test } from "./fixtures";

/*
 * Issue 57: the office reads a passport photo that came another way (WhatsApp, the counter) with the traveller's own
 * reader, in the office's page: the fields filled when every check digit passes, saved as "read in the office",
 * and the Passport details card shows them beside the enquiry's name.
 */

const santos = travellers.find((traveller) => traveller.id === "santos");
if (!santos) throw new Error("the test set has no santos");

test("the office reads a passport photo that came another way and keeps its details", async ({ page, office }) => {
  test.setTimeout(180_000);
  const photo = await photograph(await drawDataPage(santos), "clean", 1);
  const { id } = await caseWithLink(office, "Maria Clara Santos", [
    {
      paperKey: "passport-first",
      name: "whatsapp-passport.jpg",
      type: "image/jpeg",
      bytes: photo,
      width: 1250,
      height: 880,
    },
  ]);
  await office.session(page, "staff");
  await page.goto(`${office.origin}/office/cases/${id}`);
  const card = page.locator(".case-passport");
  await expect(card).toContainText("No passport details yet");
  await card.getByText("Read or type the passport's details from its photo").click();
  await card.getByRole("button", { name: "Read whatsapp-passport.jpg" }).click();
  await expect(card.getByRole("status")).toContainText("every check digit passed", { timeout: 90_000 });
  await expect(card.getByLabel("Passport number")).toHaveValue("P1234567A");
  await expect(card.getByLabel("Surname")).toHaveValue("SANTOS");
  await card.getByRole("button", { name: "Save the passport's details" }).click();
  await expect(card).toContainText("Read in the office from the passport's photo, every check digit passed");
  await expect(card).toContainText("MARIA CLARA SANTOS");
  await expectNoViolations(page);
  for (const width of isPhone(page) ? [360, 390] : [1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await card.screenshot({ path: `/tmp/office-passport-${width}.png` });
  }
});
