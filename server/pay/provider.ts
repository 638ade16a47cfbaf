/**
 * The card payment provider, behind a small interface (issue 58): a hosted checkout page (no card number ever
 * touches this server or the traveller's page), the checkout read back from the provider's API, its signed
 * notifications verified, and refunds. Stripe Checkout first (stripe.ts); Network International's N-Genius or
 * another UAE provider would be another implementation of the same, the rest unchanged.
 */

export interface CheckoutRequest {
  /** Our payment's public id: carried in the checkout's metadata, and it names the payment in the notification. */
  paymentId: string;
  caseId: number;
  amountFils: number;
  currency: "aed";
  lines: { label: string; amountFils: number }[];
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  sessionId: string;
  /** The provider's hosted payment page. */
  url: string;
}

export interface CheckoutState {
  sessionId: string;
  status: "open" | "complete" | "expired";
  /** The provider's word for the money: only "paid" is paid. */
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  /** In the currency's smallest unit (fils). */
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  metadata: Record<string, string>;
  /** The hosted page, while the checkout is open. */
  url: string | null;
}

/** A notification, verified: the provider's event id (each is taken in once), its type, and the checkout it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The checkout session the event is about, where it is about one. */
  sessionId: string | null;
  /** Our payment's public id, from the checkout's metadata, where the event carries it. */
  paymentId: string | null;
}

/** A notification whose signature does not check out (forged, altered, or too old): refused, nothing changes. */
export class BadSignatureError extends Error {
  override name = "BadSignatureError";
}

export interface PaymentProvider {
  /** Its name in the notification's address (/payments/notify/<name>) and in the payments table. */
  name: string;
  /** Origins the traveller's page may send its "Pay now" form on to (the page's form-action). */
  checkoutOrigins: string[];
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  retrieveCheckout(sessionId: string): Promise<CheckoutState>;
  /** Verifies a notification's signature over its raw bytes; throws BadSignatureError when it does not hold. */
  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
  refund(paymentIntentId: string, amountFils: number): Promise<{ refundId: string; status: string }>;
}
