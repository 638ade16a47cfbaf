/**
 * The office's side of payments (issue 58): the lines a payment request starts from (the case's service's charges,
 * content/office/charges.yaml), the request's form read back line by line with a clear message for each mistake
 * (what was typed is kept), and an amount as the office types it ("AED 1,490.00", "1490.5", "190").
 */
import { z } from "zod";
import { chargesFor, loadCharges, type ChargesFile } from "../invoices/charges";
import type { ChargeLine } from "../invoices/money";
import { formatAed } from "../data/payments/money";
import { maxLineFils, type LineAsked } from "../data/payments/store";
import { optionPages, pickedLabel } from "./reply-facts";

/** The most lines a request's form holds, and a label's length (the invoice prints it on one line). */
export const formLines = 20;
export const longestLabel = 80;
/** A refund's reason: the credit note prints it. */
export const longestReason = 200;

/** A line as the form shows it: what was typed, kept as typed. */
export interface DraftLine {
  label: string;
  amount: string;
  vat: boolean;
}

/** The form's fields: label1…label20, amount1…, vat1… ("yes" or "no"), and the button pressed. */
export const paymentFormShape = {
  do: z
    .string()
    .regex(/^(send|add|remove-[0-9]{1,2})$/)
    .default("send"),
  link: z.literal("yes").optional(),
  ...Object.fromEntries(
    Array.from({ length: formLines }, (_, index) => [
      [`label${index + 1}`, z.string().max(1000).default("")],
      [`amount${index + 1}`, z.string().max(100).default("")],
      [`vat${index + 1}`, z.enum(["yes", "no"]).default("yes")],
    ]).flat(),
  ),
} as Record<string, z.ZodType>;

/** The rows the form sent, in order (rows left entirely blank are kept, to show them again). */
export function draftOf(body: Record<string, unknown>): DraftLine[] {
  const rows: DraftLine[] = [];
  for (let index = 1; index <= formLines; index += 1) {
    const label = String(body[`label${index}`] ?? "");
    const amount = String(body[`amount${index}`] ?? "");
    rows.push({ label, amount, vat: body[`vat${index}`] !== "no" });
  }
  while (rows.length > 1 && rows.at(-1)?.label.trim() === "" && rows.at(-1)?.amount.trim() === "") rows.pop();
  return rows;
}

/** An amount as the office types it, in fils; null when it is not one. */
export function filsTyped(text: string): number | null {
  const typed = text.trim().replace(/^aed\s*/i, "");
  if (!/^(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]{1,2})?$/.test(typed)) return null;
  const [whole = "0", fraction = ""] = typed.replaceAll(",", "").split(".");
  if (whole.length > 12) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The lines to ask for, or the first mistake in the office's words. Blank rows are left out. */
export function linesOfDraft(draft: readonly DraftLine[]): { lines: LineAsked[] } | { problem: string } {
  const lines: LineAsked[] = [];
  for (const [index, row] of draft.entries()) {
    const label = row.label.replace(/\s+/g, " ").trim();
    const amount = row.amount.trim();
    if (label === "" && amount === "") continue;
    const which = `Line ${index + 1}`;
    if (label === "") return { problem: `${which}: say what it is for (such as Agency service fee).` };
    if (label.length > longestLabel) {
      return {
        problem: `${which}: a label is at most ${longestLabel} characters, as the invoice prints it; this one has ${label.length}.`,
      };
    }
    const named = `${which} (${label})`;
    if (amount === "") return { problem: `${named}: give its amount, such as AED 190.00.` };
    const fils = filsTyped(amount);
    if (fils === null) return { problem: `${named}: "${amount}" is not an amount: write it as AED 190.00, or 190.` };
    if (fils <= 0) return { problem: `${named}: the amount must be more than AED 0.00.` };
    if (fils > maxLineFils) return { problem: `${named}: a line is at most ${formatAed(maxLineFils)}.` };
    lines.push({ label, amountFils: fils, vat: row.vat });
  }
  if (lines.length === 0) return { problem: "Add at least one line: what it is for, and its amount." };
  return { lines };
}

/** A charge line as the form shows it. */
export const draftOfCharge = (line: ChargeLine): DraftLine => ({
  label: line.label,
  amount: formatAed(line.amountFils),
  vat: line.vat,
});

/** One price of the case's service, with its lines (charges.yaml's entry). */
export interface ServiceCharge {
  /** As charges.yaml names it: "/tourist-visa/2, Entry". */
  service: string;
  lines: ChargeLine[];
}

let shipped: ChargesFile | null = null;

/**
 * The prices of the service a case is about, from charges.yaml: those of the service pages its option stands for
 * (reply-facts.ts, optionPages). None when the service is not one of the site's: the office writes the lines.
 */
export function chargesOfService(
  enquiry: { page: string | null; visaType: string; visaLabel?: string | null },
  charges: ChargesFile = (shipped ??= loadCharges()),
): ServiceCharge[] {
  const label = pickedLabel(enquiry.visaType, enquiry.visaLabel);
  const pages = optionPages(label, enquiry.page).map((page) => `/${page.group}/${page.id}, `);
  return charges.services
    .filter((entry) => pages.some((prefix) => entry.service.startsWith(prefix)))
    .map((entry) => ({ service: entry.service, lines: chargesFor(entry.service, charges) ?? [] }));
}
