import { describe, expect, it } from "vitest";
import { aedOf, filsOf, totalsOf, vatByLine, vatOf, type ChargeLine } from "./money";

const fee = (amountFils: number): ChargeLine => ({ label: "Service fee", amountFils, vat: true });
const government = (amountFils: number): ChargeLine => ({ label: "Government fees", amountFils, vat: false });

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

describe("VAT at 5 %, rounded half-up once per invoice, to the fils", () => {
  it("is 5 % of the lines that carry VAT, none on government fees", () => {
    expect(vatOf([fee(19000)])).toBe(950);
    expect(vatOf([fee(19000), government(30000)])).toBe(950);
    expect(vatOf([government(30000)])).toBe(0);
    expect(vatOf([])).toBe(0);
  });

  it("rounds half a fils up, less than half down", () => {
    // 5 % of 10 fils is 0.5 fils: up to 1. Of 9 fils, 0.45: down to 0. Of 29 fils, 1.45: 1. Of 30 fils, 1.5: 2.
    expect(vatOf([fee(10)])).toBe(1);
    expect(vatOf([fee(9)])).toBe(0);
    expect(vatOf([fee(29)])).toBe(1);
    expect(vatOf([fee(30)])).toBe(2);
    expect(vatOf([fee(11629)])).toBe(581); // 581.45
    expect(vatOf([fee(11630)])).toBe(582); // 581.5
    expect(vatOf([fee(999999999)])).toBe(50000000); // 49,999,999.95
  });

  it("rounds once on the invoice's sum, not line by line", () => {
    // Two lines of 10 fils: 0.5 + 0.5 = 1 fils on the sum; rounded per line it would be 2.
    expect(vatOf([fee(10), fee(10)])).toBe(1);
    expect(vatOf([fee(30), fee(30), fee(30)])).toBe(5); // 4.5
  });

  it("shares the invoice's VAT among its VAT lines so that they add up to it exactly", () => {
    const lines = [fee(10), government(500), fee(10), fee(10)];
    const shares = vatByLine(lines);
    expect(shares[1]).toBe(0);
    expect(shares.reduce((sum, each) => sum + each, 0)).toBe(vatOf(lines));
    expect(shares).toEqual([1, 0, 1, 0]); // 1.5 half-up to 2: the first two by their remainders, in order
    expect(vatByLine([fee(19000), fee(33333)])).toEqual([950, 1667]);
  });

  it("totals: the subtotal before VAT, the VAT, the disbursements outside it, and the total", () => {
    expect(totalsOf([fee(19000), government(30000)])).toEqual({
      subtotalFils: 19000,
      vatFils: 950,
      disbursementsFils: 30000,
      totalFils: 49950,
    });
  });

  it("refuses an amount that is not a whole number of fils", () => {
    expect(() => vatOf([fee(10.5)])).toThrow(/fils/);
    expect(() => totalsOf([government(-1)])).toThrow(/fils/);
  });
});
