/**
 * Stripe Checkout (issue 58), through the official library: a Checkout Session in AED on Stripe's hosted page, our
 * payment's public id in its metadata, read back from the API before anything is marked paid; the notifications'
 * signatures checked with `stripe.webhooks.constructEvent`. The API's address is a setting (STRIPE_API_URL) so
 * that the tests reach their stand-in (server/testing/stripe-standin.ts) instead.
 */
import { createRequire } from "node:module";
import type Stripe from "stripe";
import {
  BadSignatureError,
  type Checkout,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentProvider,
  type ProviderEvent,
} from "./provider";

export interface StripeSetting {
  secretKey: string;
  webhookSecret: string;
  /** The API's address; unset: Stripe's own. */
  apiUrl?: string;
}

/** Stripe's hosted checkout pages. */
const stripeCheckout = "https://checkout.stripe.com";

/** A notification older than this (by its signed time) is refused: a captured one cannot be replayed later. */
const toleranceSeconds = 300;

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly checkoutOrigins: string[];
  private readonly stripe: Stripe;

  constructor(private readonly setting: StripeSetting) {
    const api = setting.apiUrl ? new URL(setting.apiUrl) : null;
    // Required here, when payments are on, not at every server's start: the library takes about 20 MiB.
    const StripeLibrary = createRequire(import.meta.url)("stripe") as typeof Stripe;
    this.stripe = new StripeLibrary(setting.secretKey, {
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === "https:" ? 443 : 80),
            protocol: api.protocol === "http:" ? "http" : "https",
          }
        : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    this.checkoutOrigins = api ? [api.origin] : [stripeCheckout];
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    // A retry after a lost answer is made idempotent by the library itself (maxNetworkRetries); a second tap
    // reuses the open session (server/pay/plugin.ts).
    const session = await this.stripe.checkout.sessions.create({
      mode: "payment",
      currency: request.currency,
      line_items: request.lines.map((line) => ({
        quantity: 1,
        price_data: { currency: request.currency, unit_amount: line.amountFils, product_data: { name: line.label } },
      })),
      ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
      client_reference_id: request.paymentId,
      metadata: { payment_id: request.paymentId, case_id: String(request.caseId) },
      payment_intent_data: { metadata: { payment_id: request.paymentId, case_id: String(request.caseId) } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error(`Stripe made checkout session ${session.id} without a page to pay on`);
    return { sessionId: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    const intent = session.payment_intent;
    const status = session.status as string | null;
    const paid = session.payment_status as string;
    return {
      sessionId: session.id,
      status: status === "complete" ? "complete" : status === "expired" ? "expired" : "open",
      // Only "paid" is paid; any other word (a newer API's) is taken as not paid.
      paymentStatus: paid === "paid" ? "paid" : paid === "no_payment_required" ? "no_payment_required" : "unpaid",
      amountTotal: session.amount_total,
      currency: session.currency,
      paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
      metadata: { ...(session.metadata ?? {}) },
      url: session.url,
    };
  }

  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent {
    const signature = headers["stripe-signature"];
    if (typeof signature !== "string" || signature === "") throw new BadSignatureError("No Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.setting.webhookSecret, toleranceSeconds);
    } catch (error) {
      throw new BadSignatureError(error instanceof Error ? error.message : String(error));
    }
    const object = event.data.object as { object?: string; id?: string; metadata?: Record<string, string> | null };
    const isSession = object.object === "checkout.session";
    return {
      id: event.id,
      type: event.type,
      sessionId: isSession && typeof object.id === "string" ? object.id : null,
      paymentId: object.metadata?.payment_id ?? null,
    };
  }

  async refund(paymentIntentId: string, amountFils: number): Promise<{ refundId: string; status: string }> {
    const refund = await this.stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountFils });
    return { refundId: refund.id, status: refund.status ?? "pending" };
  }
}
