import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { CaseStore } from "../server/data/cases/store";
import { openDatabase } from "../server/data/open";
import { PaymentStore } from "../server/data/payments/store";
import { startStripeStandin, type StripeStandin } from "../server/testing/stripe-standin";
import { e2eDocumentsKey } from "./documents-key";
import { type OwnOffice, startOwnOffice } from "./own-server";

/*
 * Issue 58, the office's side in a browser, on a phone and on a computer: the office asks for a payment on a case
 * (its line from the service's charges), the traveller pays on their page through the tests' stand-in of Stripe, the
 * office sees it paid and downloads the tax invoice (its text read back: the TRN, the line, the total equal to the
 * price), then an owner, their passkey check fresh, records a partial refund and downloads the credit note. The
 * payments section at 360, 390 and 1280 px, its rows of line inputs inside a 360 px phone.
 */

const trn = "100123456700003";
let standin: StripeStandin;
let office: OwnOffice;

test.beforeAll(async () => {
  standin = await startStripeStandin();
  office = await startOwnOffice({
    prefix: "karama-e2e-office-payments-",
    env: {
      DOCUMENTS_KEY: e2eDocumentsKey,
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: standin.secretKey,
      STRIPE_WEBHOOK_SECRET: standin.webhookSecret,
      STRIPE_API_URL: standin.origin,
      AGENCY_TRN: trn,
      AGENCY_ADDRESS: "Shop 5, Al Karama, Dubai",
    },
  });
  standin.notifyUrl = `${office.origin}/payments/notify/stripe`;
});

test.afterAll(async () => {
  await office?.stop();
  await standin?.close();
});

/**
 * A traveller's case for the Dubai Tourist Visa (AED 390.00 on /tourist-visa/2), as the office's code starts one;
 * with `paid`, a payment of two lines paid (the provider's notification as the store takes it) and partly refunded.
 */
async function newCase(name: string, paid = false): Promise<number> {
  const database = await openDatabase({ engine: "sqlite", path: office.database }, { migrate: false });
  try {
    const id = await new CaseStore(database, null).start(
      {
        enquiryId: null,
        name,
        phone: "+971 50 123 4567",
        email: null,
        service: "Dubai Tourist Visa",
        kind: "visit-visa",
        travelDate: "2026-12-20",
      },
      null,
      new Date(),
    );
    if (paid) {
      const payments = new PaymentStore(database);
      const payment = await payments.requestPayment(
        id,
        [
          { label: "Agency service fee", amountFils: 9_000, vat: true },
          { label: "Government visa fee (entry permit and insurance)", amountFils: 30_000, vat: false },
        ],
        null,
      );
      await payments.markPaid(payment.id, { session: `cs_seed_${id}`, payment: null, event: `evt_seed_${id}` });
      await payments.refund(payment.id, {
        amountFils: 5_000,
        providerRefund: null,
        by: null,
        reason: "One night less",
      });
    }
    return id;
  } finally {
    await database.close();
  }
}

/** A PDF the page downloads by the link named `name`, as text (poppler's pdftotext, its layout kept). */
async function downloadedText(page: Page, name: RegExp): Promise<{ file: string; text: string }> {
  const waiting = page.waitForEvent("download");
  await page.getByRole("link", { name }).click();
  const download = await waiting;
  const text = execFileSync("pdftotext", ["-layout", await download.path(), "-"], { encoding: "utf8" });
  return { file: download.suggestedFilename(), text };
}

test("asked for, paid by the traveller, the invoice downloaded and read, a partial refund with its credit note", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = `Owner Olu ${testInfo.project.name}`;
  const caseId = await newCase(`Maria ${testInfo.project.name}`);
  await office.signIn(page, owner, "owner");
  await page.goto(`${office.origin}/office/cases/${caseId}`);

  // The form starts from the service's charges: one line, the agency's fee with VAT, the price on the site.
  const section = page.getByRole("region", { name: "Payments" });
  await expect(section.getByText("No payment asked for yet.")).toBeVisible();
  await expect(section.getByLabel("What for")).toHaveValue("Agency service fee");
  await expect(section.getByLabel("Amount", { exact: true })).toHaveValue("AED 390.00");
  await expect(section.getByLabel("VAT")).toHaveValue("yes");
  await section.getByRole("button", { name: "Ask for the payment" }).click();
  await expect(section).toContainText("Asked for AED 390.00 (Agency service fee).");
  const message = (await section.locator(".ready-preview").first().textContent()) ?? "";
  const link = /http:\/\/localhost:\d+\/case\/[A-Za-z0-9_-]+/.exec(message)?.[0] ?? "";
  expect(link).not.toBe("");
  await expect(section.locator('[data-pay-status="requested"]')).toContainText("Asked, not paid yet");

  // The traveller, on a device of their own, pays through the provider's page.
  const traveller = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const theirs = await traveller.newPage();
    await theirs.goto(link);
    await theirs.getByRole("button", { name: "Pay now AED 390.00" }).click();
    await expect(theirs).toHaveURL(new RegExp(`^${standin.origin}/pay/cs_test_`));
    await theirs.getByRole("button", { name: "Pay AED 390.00" }).click();
    await expect(theirs.getByText("Paid", { exact: true })).toBeVisible({ timeout: 15_000 });
  } finally {
    await traveller.close();
  }

  // The office sees it paid, with its tax invoice.
  await page.goto(`${office.origin}/office/cases/${caseId}`);
  await expect(section.locator('[data-pay-status="paid"]')).toContainText("Paid");
  const invoice = await downloadedText(page, /^Invoice INV-\d{6} \(PDF\)$/);
  expect(invoice.file).toMatch(/^INV-\d{6}\.pdf$/);
  expect(invoice.text).toContain("Tax Invoice");
  expect(invoice.text).toContain(trn);
  expect(invoice.text).toMatch(/Agency service fee.*390\.00/);
  expect(invoice.text).toMatch(/Total \(AED\) +390\.00\n/);

  // A partial refund, by the owner, their passkey check fresh: through the provider, with a credit note.
  office.freshSessions(owner);
  await section.getByText("Record a refund").click();
  await section.getByLabel(/^Amount \(at most AED 390\.00\)$/).fill("AED 100.00");
  await section.getByLabel(/^Why/).fill("One night less");
  await section.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(section.getByRole("status")).toContainText(/Refunded AED 100\.00; credit note CN-\d{6} is issued\./);
  await expect(section.locator('[data-pay-status="partly-refunded"]')).toContainText("AED 100.00 refunded");
  expect(standin.refunds.at(-1)).toMatchObject({ amount: 10_000 });
  const credit = await downloadedText(page, /^Credit note CN-\d{6} \(PDF\)$/);
  expect(credit.text).toContain(trn);
  expect(credit.text).toMatch(/100\.00/);
  expect(credit.text).toContain(invoice.file.replace(/\.pdf$/, ""));
});

/** The payments section, a payment paid and one with two lines being asked for, for a person to look at. */
test("the office's payments section at 360, 390 and 1280 px: the rows of line inputs fit (screenshots) @phone", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const shots = process.env.PAY_SHOTS ?? join(testInfo.outputDir, "shots");
  mkdirSync(shots, { recursive: true });
  const caseId = await newCase("Screenshot Sara", true);
  await office.signIn(page, "Shots Owner", "owner");
  await page.goto(`${office.origin}/office/cases/${caseId}`);
  const section = page.getByRole("region", { name: "Payments" });
  // The form is open already (it starts from the service's charges).
  await expect(section.locator("details.pay-ask")).toHaveAttribute("open", "");
  // Two lines being asked for: the agency's fee and a government fee, the second added with "Add a line".
  await section.getByLabel("Amount", { exact: true }).fill("AED 90.00");
  await section.getByRole("button", { name: "Add a line" }).click();
  await page.locator("#label2").fill("Government visa fee (entry permit and insurance)");
  await page.locator("#amount2").fill("AED 300.00");
  await page.locator("#vat2").selectOption("no");
  await section.getByText("Record a refund").click();
  for (const width of [360, 390, 1280]) {
    // Tall enough for the whole section: the office's bar, fixed at the bottom, stays off it.
    await page.setViewportSize({ width, height: 2000 });
    const payments = page.locator("#payments");
    // From the top of the page: the section below the office's bar, whole in the tall window.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Nothing wider than the screen, and every input of a line inside the card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const card = await payments.boundingBox();
    for (const control of await payments.locator(".pay-draft-line :is(input, select, button)").all()) {
      const box = await control.boundingBox();
      expect(box, `${await control.getAttribute("id")} at ${width} px`).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0) + 0.5);
      expect(box?.x ?? 0).toBeGreaterThanOrEqual(card?.x ?? 0);
    }
    await payments.screenshot({ path: join(shots, `office-payments-${width}.png`) });
  }
});
