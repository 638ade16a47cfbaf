import { priceFormat } from "../../app/content/price";

/*
 * Money on invoices (issue 58), in fils: whole numbers of the dirham's hundredth, never floats. A price is read from
 * the site's text ("AED 1,490.00") digit by digit, and every sum is a sum of integers.
 *
 * VAT: 5 % of the lines that carry it (the agency's service fee); government fees are disbursements, outside VAT.
 * The rounding rule: VAT is worked out once per invoice (or credit note), on the sum of its VAT lines, and rounded
 * half-up to the fils (0.5 fils and more up, less down): VAT = floor((taxable + 10) / 20) fils. It is never rounded
 * line by line, so two lines of 0.10 carry 0.01 of VAT between them, not 0.02. Where a document shows each line's
 * VAT, the invoice's VAT is shared among its VAT lines by the largest remainder (vatByLine), so the lines add up to
 * the total exactly.
 */

/** VAT in the UAE: 5 %. */
export const vatPercent = 5;

/** One line of an invoice: what it is, its amount before VAT in fils, and whether it carries VAT. */
export interface ChargeLine {
  label: string;
  amountFils: number;
  /** true: the agency's own fee, VAT at 5 %; false: a government fee passed on at cost (a disbursement). */
  vat: boolean;
}

export interface Totals {
  /** The lines that carry VAT, before it. */
  subtotalFils: number;
  vatFils: number;
  /** Government fees, outside VAT. */
  disbursementsFils: number;
  totalFils: number;
}

function checkFils(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`Not an amount in fils (a whole number, 0 or more): ${amount}`);
  }
  return amount;
}

/** A price as the site writes it, in fils: `filsOf("AED 1,490.00")` is 149000. */
export function filsOf(price: string): number {
  if (!priceFormat.test(price)) throw new RangeError(`Not a price such as AED 190.00: "${price}"`);
  const [whole = "0", fraction = "00"] = price.slice(4).replaceAll(",", "").split(".");
  return checkFils(Number(whole) * 100 + Number(fraction));
}

/** Fils written the site's way: `aedOf(149000)` is "AED 1,490.00". */
export function aedOf(fils: number): string {
  checkFils(fils);
  const whole = String(Math.floor(fils / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `AED ${whole}.${String(fils % 100).padStart(2, "0")}`;
}

const sum = (amounts: readonly number[]) => amounts.reduce((total, each) => total + each, 0);

/** 5 % of `taxable` fils, rounded half-up to the fils. */
function vatOn(taxable: number): number {
  return Math.floor((checkFils(taxable) * vatPercent + 50) / 100);
}

/** The VAT of an invoice: 5 % of the sum of its VAT lines, rounded half-up once (see the rule above). */
export function vatOf(lines: readonly ChargeLine[]): number {
  return vatOn(sum(lines.filter((line) => line.vat).map((line) => checkFils(line.amountFils))));
}

/**
 * Each line's share of the invoice's VAT (0 for a line without VAT), adding up to vatOf(lines) exactly: each VAT
 * line gets its exact 5 % rounded down, and the fils left go one each to the lines with the largest remainders
 * (the first of equal ones first).
 */
export function vatByLine(lines: readonly ChargeLine[]): number[] {
  const exact = lines.map((line) => (line.vat ? checkFils(line.amountFils) * vatPercent : 0)); // hundredths of a fils
  const shares = exact.map((each) => Math.floor(each / 100));
  let left = vatOf(lines) - sum(shares);
  const order = exact
    .map((each, index) => ({ index, remainder: each % 100, vat: lines[index]?.vat === true }))
    .filter((each) => each.vat)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** The totals an invoice shows: before VAT, the VAT, the disbursements outside VAT, and the whole. */
export function totalsOf(lines: readonly ChargeLine[]): Totals {
  const subtotalFils = sum(lines.filter((line) => line.vat).map((line) => checkFils(line.amountFils)));
  const disbursementsFils = sum(lines.filter((line) => !line.vat).map((line) => checkFils(line.amountFils)));
  const vatFils = vatOn(subtotalFils);
  return { subtotalFils, vatFils, disbursementsFils, totalFils: subtotalFils + vatFils + disbursementsFils };
}
