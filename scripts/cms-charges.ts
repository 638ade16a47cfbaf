/**
 * The charges on the invoices, in the editor (/admin; issue 58): content/office/charges.yaml, its form made from its
 * schema (server/invoices/charges-schema.ts) by scripts/cms-config.ts like the papers (./cms-papers.ts), with the
 * words here: labels the owner understands, the VAT flag as a switch, and a price's and an amount's spelling checked
 * in the form (the server's own check, loadCharges, and `npm test` also check that each price's lines add up to it).
 */
import { priceFormat } from "../app/content/price.ts";
import { serviceReference } from "../server/invoices/charges-schema.ts";
import type { FieldWords } from "./cms-papers.ts";

export const chargesFile = "content/office/charges.yaml";
export const chargesCollectionLabel = "Office: charges on the invoices";
export const chargesFileLabel = "What each price is made of";

/** The fields of the file by name. */
export const chargesFieldWords: Record<string, FieldWords> = {
  services: {
    label: "Prices on the service pages, each split into the lines of its invoice",
    hint: "One entry per price on a service page. Its lines add up to that price, which includes VAT",
    summary: "{{fields.service}}",
  },
  service: {
    label: "Price (its page, a comma, and the row's name as the page writes it)",
    hint: "Such as /visa-changes/2, Airport to Airport",
    pattern: [
      serviceReference.source,
      "the page's address, a comma and the row's name, such as /visa-changes/2, Airport to Airport",
    ],
  },
  lines: {
    label: "Lines of the invoice, in the order it shows them",
    hint: "The agency's fee first, then the government fees. Together they make the price on the page",
    summary: "{{fields.label}}: {{fields.amount}}",
    open: true,
  },
  label: {
    label: "What the line is, as the customer reads it",
    hint: "Such as Agency service fee, Government visa fee",
  },
  amount: {
    label: "Amount the customer pays for it",
    hint: "As the site writes prices: AED 190.00, AED 1,490.00. The agency's fee with its VAT included",
    pattern: [priceFormat.source, "an amount such as AED 190.00 or AED 1,490.00"],
  },
  vat: {
    label: "The agency's own fee, with VAT at 5 %",
    hint:
      "On: the agency's fee; its amount includes VAT at 5 %, which the invoice shows (AED 190.00 holds AED 9.05). " +
      "Off: a government fee paid on the customer's behalf at cost, shown as a disbursement outside VAT",
  },
};
