import { priceFormat } from "../../app/content/price";

/*
 * Money on invoices (issue 58), in fils: whole numbers of the dirham's hundredth, never floats. A price is read from
 * the site's text ("AED 1,490.00") digit by digit, and every sum is a sum of integers.
 *
 * Prices include VAT. In the UAE a price shown to a consumer includes VAT, and the site's prices are what the
 * customer pays: a line's amount is what the customer pays for it, VAT included where the line carries VAT (the
 * agency's own fee); government fees are disbursements, paid on the customer's behalf at cost, outside VAT. An
 * invoice's total is the sum of its lines, the price the site shows; nothing is added on top.
 *
 * The rounding rule: an invoice's (or credit note's) VAT is the tax fraction 5/105 (= 1/21) of the sum of its VAT
 * lines, rounded half-up to the fils once per document: VAT = floor((2 × sum + 21) / 42) fils (an exact half
 * cannot occur, as 21 is odd). It is never rounded line by line. The amount excluding VAT is that sum minus the VAT.
 * AED 190.00 holds AED 9.05 of VAT (904.76 fils) and AED 180.95 without. Where a document shows each line's VAT,
 * the document's VAT is shared among its VAT lines by the largest remainder (vatByLine): each line gets its exact
 * 1/21 rounded down, and the fils left go one each to the lines with the largest remainders, so that the shares
 * add up to the document's VAT exactly.
 */

/** VAT in the UAE: 5 %. */
export const vatPercent = 5;

/** One line of an invoice: what it is, what the customer pays for it in fils, and whether it carries VAT. */
export interface ChargeLine {
  label: string;
  /** What the customer pays for the line, in fils: VAT included for a VAT line; a disbursement has none. */
  amountFils: number;
  /** true: the agency's own fee, its amount including VAT at 5 %; false: a government fee at cost, outside VAT. */
  vat: boolean;
}

/** What an invoice (or credit note) adds up to, in fils: excludingVatFils + vatFils + disbursementsFils = totalFils. */
export interface Totals {
  /** The lines that carry VAT, without their VAT: their sum minus vatFils. */
  excludingVatFils: number;
  /** The VAT included in the lines that carry it: 5/105 of their sum, rounded half-up once. */
  vatFils: number;
  /** Government fees, outside VAT. */
  disbursementsFils: number;
  /** The sum of all the lines: what the customer pays, the price the site shows. */
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

/**
 * The VAT included in `amount` fils that include VAT at 5 %: 5/105 of it, rounded half-up to the fils.
 * `vatIncludedIn(19000)` is 905 (AED 190.00 holds AED 9.05 of VAT).
 */
export function vatIncludedIn(amount: number): number {
  // amount × 5 / 105 = amount / 21; half-up: floor(amount / 21 + 1/2) = floor((2 × amount + 21) / 42).
  return Math.floor((2 * checkFils(amount) + 21) / 42);
}

const vatLinesSum = (lines: readonly ChargeLine[]) =>
  sum(lines.filter((line) => line.vat).map((line) => checkFils(line.amountFils)));

/** The VAT of an invoice: the VAT included in the sum of its VAT lines, rounded half-up once (the rule above). */
export function vatOf(lines: readonly ChargeLine[]): number {
  return vatIncludedIn(vatLinesSum(lines));
}

/**
 * Each line's share of the invoice's VAT (0 for a line without VAT), adding up to vatOf(lines) exactly: each VAT
 * line gets its exact 1/21 rounded down, and the fils left go one each to the lines with the largest remainders
 * (the first of equal ones first). A line's amount excluding VAT is its amount minus its share.
 */
export function vatByLine(lines: readonly ChargeLine[]): number[] {
  const amounts = lines.map((line) => (line.vat ? checkFils(line.amountFils) : 0));
  const shares = amounts.map((amount) => Math.floor(amount / 21));
  let left = vatOf(lines) - sum(shares);
  const order = amounts
    .map((amount, index) => ({ index, remainder: amount % 21, vat: lines[index]?.vat === true }))
    .filter((each) => each.vat)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** The totals an invoice shows: the VAT lines excluding VAT, the VAT, the disbursements outside VAT, the total. */
export function totalsOf(lines: readonly ChargeLine[]): Totals {
  const withVat = vatLinesSum(lines);
  const disbursementsFils = sum(lines.filter((line) => !line.vat).map((line) => checkFils(line.amountFils)));
  const vatFils = vatIncludedIn(withVat);
  return { excludingVatFils: withVat - vatFils, vatFils, disbursementsFils, totalFils: withVat + disbursementsFils };
}
