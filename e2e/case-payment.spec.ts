import { expect, test } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { CaseStore } from "../server/data/cases/store";
import { openDatabase } from "../server/data/open";
import { PaymentStore } from "../server/data/payments/store";
import { startStripeStandin, type StripeStandin } from "../server/testing/stripe-standin";
import { e2eDocumentsKey } from "./documents-key";
import { type OwnServer, startOwnServer } from "./own-server";

/*
 * Issue 58, on a phone (390 px): the office asked for a payment on a traveller's case; on their page the traveller
 * taps "Pay now", pays on the provider's page (the tests' stand-in of Stripe, which signs its notification as
 * Stripe does), comes back, reads "We are checking your payment" while the notification is on its way, then
 * "Paid" once it is in, without touching anything.
 */

let standin: StripeStandin;
let own: OwnServer;

test.beforeAll(async () => {
  standin = await startStripeStandin();
  own = await startOwnServer({
    prefix: "karama-e2e-payment-",
    host: "127.0.0.1",
    env: {
      DOCUMENTS_KEY: e2eDocumentsKey,
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: standin.secretKey,
      STRIPE_WEBHOOK_SECRET: standin.webhookSecret,
      STRIPE_API_URL: standin.origin,
    },
  });
  standin.notifyUrl = `${own.origin}/payments/notify/stripe`;
});

test.afterAll(async () => {
  await own?.stop();
  await standin?.close();
});

/** A case with its link and a payment asked for, written as the office's code writes them. */
async function caseWithPayment() {
  const database = await openDatabase({ engine: "sqlite", path: own.database }, { migrate: false });
  try {
    const cases = new CaseStore(database, null);
    const id = await cases.start(
      {
        enquiryId: null,
        name: "Maria Santos",
        phone: "+971 50 123 4567",
        email: "maria@example.com",
        service: "Dubai Tourist Visa",
        kind: "visit-visa",
        travelDate: "2026-12-20",
      },
      null,
      new Date(),
    );
    const link = await cases.issueLink(id, null, new Date());
    const payment = await new PaymentStore(database).requestPayment(
      id,
      [
        { label: "Service fee", amountFils: 15_000 },
        { label: "Government fees (visa and insurance)", amountFils: 35_050 },
      ],
      null,
    );
    return { link, payment };
  } finally {
    await database.close();
  }
}

test("a requested payment: Pay now, the provider's page, pay, back: checking, then Paid @phone", async ({ page }) => {
  const { link, payment } = await caseWithPayment();
  // The notification arrives a few seconds after the traveller is back: the page says so, then shows it paid.
  standin.switches.notify = "after-redirect";
  standin.switches.delayMs = 3_000;
  await page.goto(`${own.origin}/case/${link}`);
  const card = page.locator(`[data-payment="${payment.publicId}"]`);
  await expect(card.getByRole("heading", { name: "Your payment" })).toBeVisible();
  await expect(card).toContainText("Service fee");
  await expect(card).toContainText("AED 500.50");
  await card.getByRole("button", { name: "Pay now AED 500.50" }).click();

  await expect(page).toHaveURL(new RegExp(`^${standin.origin}/pay/cs_test_`));
  await expect(page.getByText("Total: AED 500.50")).toBeVisible();
  await page.getByRole("button", { name: "Pay AED 500.50" }).click();

  await expect(page).toHaveURL(`${own.origin}/case/${link}?payment=${payment.publicId}`);
  const back = page.locator(`[data-payment="${payment.publicId}"]`);
  await expect(back).toContainText("We are checking your payment");
  await expect(back.getByText("Paid", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(back).not.toContainText("checking");
  await expect(page.getByRole("button", { name: /Pay now/ })).toHaveCount(0);
});

/** The payment's card at the widths the site is checked at, in each state, for a person to look at. */
test("the payment card at 360, 390 and 1280 px (screenshots) @phone", async ({ page }) => {
  const shots = process.env.PAY_SHOTS ?? join(test.info().outputDir, "shots");
  mkdirSync(shots, { recursive: true });
  const asked = await caseWithPayment();
  const checking = await caseWithPayment();
  standin.switches.notify = "held";
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${own.origin}/case/${asked.link}`);
    await page.locator(".payment").screenshot({ path: join(shots, `pay-asked-${width}.png`) });
    await page.goto(`${own.origin}/case/${checking.link}?payment=${checking.payment.publicId}`);
    await page.locator(".payment").screenshot({ path: join(shots, `pay-checking-${width}.png`) });
    await page.goto(`${own.origin}/case/${asked.link}?payment=${asked.payment.publicId}&back=cancelled`);
    await page.locator(".payment").screenshot({ path: join(shots, `pay-cancelled-${width}.png`) });
  }
  // Paid: through the stand-in, the notification let go.
  await page.goto(`${own.origin}/case/${asked.link}`);
  await page.getByRole("button", { name: /Pay now/ }).click();
  await page.getByRole("button", { name: /Pay AED/ }).click();
  await standin.release();
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${own.origin}/case/${asked.link}?payment=${asked.payment.publicId}`);
    await expect(page.locator(".payment").getByText("Paid", { exact: true })).toBeVisible();
    await page.locator(".payment").screenshot({ path: join(shots, `pay-paid-${width}.png`) });
    await page.screenshot({ path: join(shots, `pay-page-paid-${width}.png`) });
  }
});
