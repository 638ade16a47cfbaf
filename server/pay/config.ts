import { readServerSettings } from "../settings";
import type { PaymentProvider } from "./provider";
import { StripeProvider } from "./stripe";

/** Payments as the server uses them (issue 58): off, with the reason said plainly, or on through a provider. */
export type PaymentsSetting = { on: false; reason: string } | { on: true; provider: PaymentProvider };

export const paymentsOff: PaymentsSetting = {
  on: false,
  reason: "Online payments are off (PAYMENTS_PROVIDER=off): travellers pay at the office or by bank transfer.",
};

/** PAYMENTS_PROVIDER with its keys; `stripe` without both keys stops the start, naming what is missing. */
export function readPaymentsSetting(env: Record<string, string | undefined>): PaymentsSetting {
  const settings = readServerSettings(env, [
    "PAYMENTS_PROVIDER",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_API_URL",
  ]);
  if (settings.PAYMENTS_PROVIDER === "off") return paymentsOff;
  const missing = (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const).filter((name) => !settings[name]);
  if (missing.length > 0) {
    throw new Error(
      `PAYMENTS_PROVIDER=stripe needs ${missing.join(" and ")} (from Stripe's dashboard: docs/deploy.md, "Payments")`,
    );
  }
  return {
    on: true,
    provider: new StripeProvider({
      secretKey: settings.STRIPE_SECRET_KEY ?? "",
      webhookSecret: settings.STRIPE_WEBHOOK_SECRET ?? "",
      apiUrl: settings.STRIPE_API_URL,
    }),
  };
}
