/**
 * Prices. One display style everywhere: "AED 190.00", "AED 1,490.00" (thousands separator, two decimals).
 * Records write prices with `aed(amount)` so the style cannot drift. Kept apart from schema.ts so that the
 * pages do not ship the schema library to the browser.
 */
export const priceFormat = /^AED (?:[1-9][0-9]{0,2}(?:,[0-9]{3})*|0)\.[0-9]{2}$/;

/** Formats an amount in AED the one way the site shows prices: `aed(1490)` is "AED 1,490.00". */
export function aed(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Not a price: ${amount}`);
  const [whole = "0", fraction = "00"] = amount.toFixed(2).split(".");
  return `AED ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** Reads a price string back into its amount: `priceAmount("AED 1,490.00")` is 1490. */
export function priceAmount(price: string): number {
  if (!priceFormat.test(price)) throw new RangeError(`Not a price string: "${price}"`);
  return Number(price.slice(4).replaceAll(",", ""));
}
