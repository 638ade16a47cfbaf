import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandin, stripeSignature, type StripeStandin } from "../testing/stripe-standin";
import { readPaymentsSetting } from "./config";
import { BadSignatureError } from "./provider";
import { StripeProvider } from "./stripe";

/* The Stripe provider through the official library, against the tests' stand-in of Stripe's API. */

let standin: StripeStandin;
let stripe: StripeProvider;

beforeAll(async () => {
  standin = await startStripeStandin({ notifyUrl: "http://127.0.0.1:9/none" });
  standin.switches.notify = "held";
  stripe = new StripeProvider({
    secretKey: standin.secretKey,
    webhookSecret: standin.webhookSecret,
    apiUrl: standin.origin,
  });
});
afterAll(() => standin.close());

const request = {
  paymentId: "a".repeat(32),
  caseId: 7,
  amountFils: 50_050,
  currency: "aed" as const,
  lines: [
    { label: "Service fee", amountFils: 15_000 },
    { label: "Government fees", amountFils: 35_050 },
  ],
  customerEmail: "maria@example.com",
  successUrl: "https://www.example.ae/case/x?payment=a",
  cancelUrl: "https://www.example.ae/case/x?payment=a&back=cancelled",
};

describe("Stripe Checkout through the library", () => {
  it("makes a checkout in AED, reads it back open, then paid, and refunds through its payment", async () => {
    const checkout = await stripe.createCheckout(request);
    expect(checkout.url).toBe(`${standin.origin}/pay/${checkout.sessionId}`);
    expect(await stripe.retrieveCheckout(checkout.sessionId)).toMatchObject({
      status: "open",
      paymentStatus: "unpaid",
      amountTotal: 50_050,
      currency: "aed",
      paymentIntentId: null,
      metadata: { payment_id: request.paymentId, case_id: "7" },
      url: checkout.url,
    });
    await standin.pay(checkout.sessionId);
    const paid = await stripe.retrieveCheckout(checkout.sessionId);
    expect(paid).toMatchObject({ status: "complete", paymentStatus: "paid", amountTotal: 50_050 });
    expect(paid.paymentIntentId).toMatch(/^pi_test_/);
    const refund = await stripe.refund(paid.paymentIntentId ?? "", 15_000);
    expect(refund).toMatchObject({ status: "succeeded" });
    expect(standin.refunds).toContainEqual({
      id: refund.refundId,
      payment_intent: paid.paymentIntentId,
      amount: 15_000,
    });
  });

  it("a wrong key is Stripe's authentication error; an unknown session its missing-resource error", async () => {
    const wrong = new StripeProvider({ secretKey: "sk_test_wrong", webhookSecret: "whsec_x", apiUrl: standin.origin });
    await expect(wrong.createCheckout(request)).rejects.toMatchObject({ type: "StripeAuthenticationError" });
    await expect(stripe.retrieveCheckout("cs_test_none")).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("verifies a notification signed with the webhook secret; refuses another secret, an altered body, an old one", async () => {
    const { sessionId } = await stripe.createCheckout(request);
    const event = standin.signed("checkout.session.completed", sessionId);
    const headers = event.headers;
    expect(stripe.verifyNotification(Buffer.from(event.payload), headers)).toEqual({
      id: event.id,
      type: "checkout.session.completed",
      sessionId,
      paymentId: request.paymentId,
    });
    const forged = standin.signed("checkout.session.completed", sessionId, "whsec_other");
    expect(() => stripe.verifyNotification(Buffer.from(forged.payload), forged.headers)).toThrow(BadSignatureError);
    expect(() => stripe.verifyNotification(Buffer.from(`${event.payload} `), headers)).toThrow(BadSignatureError);
    const old = stripeSignature(event.payload, standin.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect(() => stripe.verifyNotification(Buffer.from(event.payload), { "stripe-signature": old })).toThrow(
      BadSignatureError,
    );
    expect(() => stripe.verifyNotification(Buffer.from(event.payload), {})).toThrow(BadSignatureError);
  });
});

describe("the payments settings", () => {
  it("are off by default, and say so", () => {
    expect(readPaymentsSetting({})).toMatchObject({ on: false, reason: expect.stringContaining("off") as string });
  });

  it("stripe without its keys stops the start, naming them; a key in the wrong place is said, never echoed", () => {
    expect(() => readPaymentsSetting({ PAYMENTS_PROVIDER: "stripe" })).toThrow(
      "PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
    expect(() =>
      readPaymentsSetting({
        PAYMENTS_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "whsec_secret123",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
      }),
    ).toThrow(/STRIPE_SECRET_KEY must be the key as the provider's dashboard gives it, starting sk_ or rk_$/);
    expect(() => readPaymentsSetting({ PAYMENTS_PROVIDER: "paypal" })).toThrow(
      'PAYMENTS_PROVIDER must be off or stripe, not "paypal"',
    );
    expect(() =>
      readPaymentsSetting({ PAYMENTS_PROVIDER: "off", STRIPE_API_URL: "https://api.stripe.com/v1" }),
    ).toThrow("STRIPE_API_URL must be an address such as https://api.stripe.com, with no path");
  });

  it("stripe with its keys is on, through Stripe's own checkout page unless another API is named", () => {
    const on = readPaymentsSetting({
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    });
    expect(on.on && on.provider.checkoutOrigins).toEqual(["https://checkout.stripe.com"]);
    const standinOn = readPaymentsSetting({
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_API_URL: "http://127.0.0.1:4999",
    });
    expect(standinOn.on && standinOn.provider.checkoutOrigins).toEqual(["http://127.0.0.1:4999"]);
  });
});
