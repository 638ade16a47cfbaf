import { describe, expect, it } from "vitest";
import { aedOf, filsOf, totalsOf, vatByLine, vatIncludedIn, vatOf, type ChargeLine } from "./money";

const fee = (amountFils: number, label = "Service fee"): ChargeLine => ({ label, amountFils, vat: true });
const government = (amountFils: number): ChargeLine => ({ label: "Government fees", amountFils, vat: false });
const sum = (amounts: readonly number[]) => amounts.reduce((total, each) => total + each, 0);

describe("money in fils", () => {
  it("reads a price as the site writes it into whole fils, never through a float", () => {
    expect(filsOf("AED 190.00")).toBe(19000);
    expect(filsOf("AED 1,490.00")).toBe(149000);
    expect(filsOf("AED 0.07")).toBe(7);
    expect(filsOf("AED 1,234,567.89")).toBe(123456789);
    // 0.29 * 100 is 28.999999999999996 in floating point: a float parse would lose a fils.
    expect(filsOf("AED 0.29")).toBe(29);
    expect(filsOf("AED 1,160.29")).toBe(116029);
    for (const bad of ["190", "AED 190", "AED 1490.00", "AED -1.00", "AED 1.5"]) expect(() => filsOf(bad)).toThrow();
  });

  it("writes fils back the site's way", () => {
    expect(aedOf(19000)).toBe("AED 190.00");
    expect(aedOf(149000)).toBe("AED 1,490.00");
    expect(aedOf(7)).toBe("AED 0.07");
    expect(aedOf(0)).toBe("AED 0.00");
    expect(aedOf(123456789)).toBe("AED 1,234,567.89");
    expect(() => aedOf(1.5)).toThrow();
    expect(() => aedOf(-1)).toThrow();
  });
});

describe("VAT included in the price: 5/105 of the VAT lines, rounded half-up once per invoice", () => {
  it("finds the VAT inside a price that includes it: AED 190.00 holds 9.05 of VAT, 180.95 without", () => {
    expect(vatIncludedIn(19000)).toBe(905); // 904.76…
    expect(19000 - vatIncludedIn(19000)).toBe(18095);
    expect(vatIncludedIn(149000)).toBe(7095); // 7,095.238…
    expect(vatIncludedIn(21)).toBe(1); // exactly 1: 20 fils + 1 fils of VAT
    expect(vatIncludedIn(1)).toBe(0); // 0.047…
    expect(vatIncludedIn(10)).toBe(0); // 0.476…: down
    expect(vatIncludedIn(11)).toBe(1); // 0.523…: up
    expect(vatIncludedIn(31)).toBe(1); // 1.476…
    expect(vatIncludedIn(32)).toBe(2); // 1.523…
    expect(vatIncludedIn(0)).toBe(0);
    expect(vatIncludedIn(999999999)).toBe(47619048); // 47,619,047.57…
    // 105 % of a whole amount of fils, the VAT found back is the 5 % that was in it.
    for (const net of [1, 20, 17, 18095, 141905, 123456]) {
      expect(vatIncludedIn(net + Math.floor((net * 5 + 50) / 100)), String(net)).toBe(Math.floor((net * 5 + 50) / 100));
    }
  });

  it("is the VAT of the lines that carry it, none of the government fees", () => {
    expect(vatOf([fee(19000)])).toBe(905);
    expect(vatOf([fee(19000), government(30000)])).toBe(905);
    expect(vatOf([government(30000)])).toBe(0);
    expect(vatOf([])).toBe(0);
  });

  it("rounds once on the invoice's sum, not line by line", () => {
    // Two lines of 11 fils: 0.52 + 0.52 = 1.05, 1 fils on the sum; rounded per line it would be 2.
    expect(vatOf([fee(11), fee(11)])).toBe(1);
    // Three lines of 1 fils: 3/21 = 0.14, none.
    expect(vatOf([fee(1), fee(1), fee(1)])).toBe(0);
    // 11 lines of 1 fils: 11/21 = 0.52, 1.
    expect(vatOf(Array.from({ length: 11 }, () => fee(1)))).toBe(1);
  });

  it("shares the invoice's VAT among its VAT lines by the largest remainder, adding up to it exactly", () => {
    const lines = [fee(11), government(500), fee(11), fee(11)];
    // 33/21 = 1.57: 2 fils; each line's 0.52 rounds down to 0, the two first of the equal remainders get one each.
    expect(vatByLine(lines)).toEqual([1, 0, 1, 0]);
    expect(sum(vatByLine(lines))).toBe(vatOf(lines));
    // 190.00 and 333.33: 904.76 + 1,587.29 = 2,492.05: 2,492; shares 905 (0.76 up) and 1,587.
    expect(vatByLine([fee(19000), fee(33333)])).toEqual([905, 1587]);
    // Lines of awkward amounts: the shares always add up to the invoice's VAT, each at most its line.
    const awkward = [
      [1],
      [21],
      [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      [10, 10, 10],
      [19000, 149000, 1],
      [9999, 10001, 7, 13, 29],
      [100, 100, 100, 100, 100, 100, 100],
    ];
    for (const amounts of awkward) {
      const many = amounts.map((amount) => fee(amount));
      const shares = vatByLine(many);
      expect(sum(shares), amounts.join("+")).toBe(vatOf(many));
      shares.forEach((share, index) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(many[index]?.amountFils ?? 0);
        // Never more than a fils from its exact share.
        expect(Math.abs(share - (many[index]?.amountFils ?? 0) / 21)).toBeLessThan(1);
      });
    }
    // Seven lines of AED 1.00: 4.76 each, 33.33 in all: 33 fils, five lines 5 and two 4 (the first get them).
    expect(vatByLine(Array.from({ length: 7 }, () => fee(100)))).toEqual([5, 5, 5, 5, 5, 4, 4]);
  });

  it("totals: the VAT lines excluding VAT, the VAT, the disbursements, and the total the site shows", () => {
    expect(totalsOf([fee(19000)])).toEqual({
      excludingVatFils: 18095,
      vatFils: 905,
      disbursementsFils: 0,
      totalFils: 19000,
    });
    expect(totalsOf([fee(149000)])).toEqual({
      excludingVatFils: 141905,
      vatFils: 7095,
      disbursementsFils: 0,
      totalFils: 149000,
    });
    expect(totalsOf([fee(9000), government(100029)])).toEqual({
      excludingVatFils: 8571,
      vatFils: 429, // 428.57
      disbursementsFils: 100029,
      totalFils: 109029,
    });
    expect(totalsOf([fee(1)])).toEqual({ excludingVatFils: 1, vatFils: 0, disbursementsFils: 0, totalFils: 1 });
    expect(totalsOf([fee(21)])).toEqual({ excludingVatFils: 20, vatFils: 1, disbursementsFils: 0, totalFils: 21 });
    expect(totalsOf([government(30000)])).toEqual({
      excludingVatFils: 0,
      vatFils: 0,
      disbursementsFils: 30000,
      totalFils: 30000,
    });
  });

  it("refuses an amount that is not a whole number of fils", () => {
    expect(() => vatOf([fee(10.5)])).toThrow(/fils/);
    expect(() => totalsOf([government(-1)])).toThrow(/fils/);
    expect(() => vatIncludedIn(-1)).toThrow(/fils/);
    expect(() => vatByLine([fee(Number.NaN)])).toThrow(/fils/);
  });
});
