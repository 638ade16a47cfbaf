import { z } from "zod";
import { priceFormat } from "../../app/content/price";

/*
 * The schema of content/office/charges.yaml (issue 58): the lines each service's price is made of on a tax invoice,
 * the agency's fee (its amount including VAT at 5 %) and the government's fees (disbursements, outside VAT). Read by ./charges.ts (the
 * loader) and by the editor's configuration (scripts/cms-charges.ts, scripts/cms-config.ts). Zod only.
 */

/** A price on a service page, named as the content files name one: "/visa-changes/2, Airport to Airport". */
export const serviceReference = /^\/[a-z]+(?:-[a-z]+)*\/[0-9]+, \S.*$/;

const priceExpected = "expected an amount such as AED 190.00";

export const chargeLineSchema = z.object({
  label: z
    .string({ error: "expected what the line is, such as: Agency service fee" })
    .trim()
    .min(1, { error: "expected what the line is, such as: Agency service fee" })
    .max(60),
  amount: z.string({ error: priceExpected }).regex(priceFormat, { error: priceExpected }),
  vat: z.boolean({
    error: "expected true (the agency's fee, VAT at 5 % included) or false (a government fee, outside VAT)",
  }),
});
export type ChargeLineEntry = z.infer<typeof chargeLineSchema>;

export const serviceChargesSchema = z.object({
  service: z
    .string({ error: "expected the price's page and row, such as: /visa-changes/2, Airport to Airport" })
    .regex(serviceReference, {
      error: "expected the price's page and row, such as: /visa-changes/2, Airport to Airport",
    }),
  lines: z.array(chargeLineSchema).min(1, { error: "expected at least one line" }).max(10),
});

export const chargesFileSchema = z
  .object({ services: z.array(serviceChargesSchema).min(1, { error: "expected at least one service" }) })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.services.forEach((entry, index) => {
      if (seen.has(entry.service)) {
        ctx.addIssue({
          code: "custom",
          path: ["services", index, "service"],
          message: `"${entry.service}" has two entries`,
        });
      }
      seen.add(entry.service);
    });
  });
export type ChargesFile = z.infer<typeof chargesFileSchema>;
