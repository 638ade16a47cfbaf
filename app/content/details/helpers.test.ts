import { describe, expect, it } from "vitest";
import { detailGroups, paths } from "../../lib/paths";
import { aed, priceAmount } from "../price";
import type { DetailRecord } from "../schema";
import { emptyDetailRecord, leadPrice, listedPrices } from "./helpers";
import { detailRecords } from "./index";

function grid(prices: string[]): DetailRecord {
  return {
    ...emptyDetailRecord,
    visaTypes: prices.map((price, index) => ({ id: index + 1, title: `Row ${index + 1}`, content: "text", price })),
  };
}

describe("leadPrice: the price a page leads with", () => {
  it("is the page's one price when it lists one", () => {
    expect(leadPrice(grid([aed(190), "", "", ""]))).toEqual({ price: "AED 190.00", from: false });
  });

  it('is "from" the lowest price when a page lists several, whatever their order', () => {
    expect(leadPrice(grid([aed(1490), aed(950), aed(1790)]))).toEqual({ price: "AED 950.00", from: true });
    // Thousands compare as amounts, not as text ("AED 1,100.00" < "AED 950.00" as strings).
    expect(leadPrice(grid([aed(1100), aed(950)]))).toEqual({ price: "AED 950.00", from: true });
  });

  it('is "from" when several rows share the lowest price', () => {
    expect(leadPrice(grid([aed(1100), aed(1100)]))).toEqual({ price: "AED 1,100.00", from: true });
  });

  it("reads the price rows of an overview page", () => {
    const overview: DetailRecord = {
      ...emptyDetailRecord,
      kind: "overview",
      priceRows: [
        { type: "A", price: aed(950), link: paths.home },
        { type: "B", price: aed(550), link: paths.home },
      ],
    };
    expect(leadPrice(overview)).toEqual({ price: "AED 550.00", from: true });
  });

  it("is null when the page lists no price (the empty record, a grid of text only)", () => {
    expect(leadPrice(emptyDetailRecord)).toBeNull();
    expect(leadPrice(grid(["", ""]))).toBeNull();
  });

  it('holds for every record the content files now hold: one price, or "from" the lowest of several', () => {
    // Read from the files, not typed here: the agency changes prices (see spec-contract.test.ts for the delivered ones).
    for (const group of detailGroups) {
      for (const record of detailRecords[group]) {
        const listed = listedPrices(record);
        const amounts = listed.map(priceAmount);
        const expected =
          listed.length === 0
            ? null
            : { price: listed[amounts.indexOf(Math.min(...amounts))], from: listed.length > 1 };
        expect(leadPrice(record), `${group}/${record.id}`).toEqual(expected);
      }
    }
  });
});
