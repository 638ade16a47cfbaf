import { formatAed } from "../data/payments/money";
import { PaymentError, type PaymentRecord, type PaymentStore } from "../data/payments/store";
import type { PaymentProvider } from "./provider";

/**
 * A refund the office makes (issue 58; its page comes later): checked against what is left to refund first, then
 * made with the provider when the payment went through one (its payment intent), then recorded. A payment taken
 * another way, or with payments off, is recorded only (the money goes back by hand).
 */
export async function refundPayment(
  provider: PaymentProvider | null,
  store: PaymentStore,
  paymentId: number,
  refund: { amountFils: number; by: number | null; reason: string },
  now = new Date(),
): Promise<PaymentRecord> {
  const payment = await store.get(paymentId);
  if (!payment) throw new PaymentError("There is no such payment.");
  if (payment.status !== "paid" && payment.status !== "partly-refunded") {
    throw new PaymentError("Only a paid payment can be refunded.");
  }
  const left = payment.amountFils - payment.refundedFils;
  if (!Number.isSafeInteger(refund.amountFils) || refund.amountFils <= 0 || refund.amountFils > left) {
    throw new PaymentError(`A refund is above AED 0.00 and at most ${formatAed(left)} here.`);
  }
  const through = provider && payment.provider === provider.name && payment.providerPayment ? provider : null;
  const made = through ? await through.refund(payment.providerPayment ?? "", refund.amountFils) : null;
  return store.refund(paymentId, { ...refund, providerRefund: made?.refundId ?? null }, now);
}
