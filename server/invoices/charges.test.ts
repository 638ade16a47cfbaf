import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContentModules } from "../../app/content/load";
import { chargesFor, loadCharges } from "./charges";
import { filsOf, totalsOf } from "./money";

/** Every price on a service page (a price table's row), named as the content files name one. */
function servicePrices(): { service: string; price: string }[] {
  const { detailRecords } = loadContentModules().details;
  return Object.entries(detailRecords).flatMap(([group, records]) =>
    records.flatMap((record) =>
      record.kind === "grid"
        ? record.visaTypes
            .filter((row) => row.price !== "")
            .map((row) => ({ service: `/${group}/${record.id}, ${row.title}`, price: row.price }))
        : [],
    ),
  );
}

function fileOf(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "karama-charges-")), "charges.yaml");
  writeFileSync(file, text);
  return file;
}

describe("the charges of each service (content/office/charges.yaml)", () => {
  const charges = loadCharges();

  it("has an entry for every price on a service page, its lines adding up to that price, and so its invoice", () => {
    const prices = servicePrices();
    expect(prices.length).toBeGreaterThan(40);
    for (const { service, price } of prices) {
      const lines = chargesFor(service, charges) ?? [];
      expect(lines.length, service).toBeGreaterThan(0);
      expect(
        lines.reduce((sum, line) => sum + line.amountFils, 0),
        service,
      ).toBe(filsOf(price));
      // Prices include VAT: the invoice of a service asks for the price on its page, not a fils more.
      const totals = totalsOf(lines);
      expect(totals.totalFils, service).toBe(filsOf(price));
      expect(totals.excludingVatFils + totals.vatFils + totals.disbursementsFils, service).toBe(filsOf(price));
    }
  });

  it("names no price the service pages do not have", () => {
    const known = new Set(servicePrices().map((each) => each.service));
    expect(charges.services.map((each) => each.service).filter((service) => !known.has(service))).toEqual([]);
  });

  it("gives a service's lines in fils with their VAT flags, and null for a service it does not know", () => {
    const file = fileOf(
      [
        "services:",
        "  - service: /dubai-visa/1, Entry",
        "    lines:",
        "      - label: Agency service fee",
        "        amount: AED 90.00",
        "        vat: true",
        "      - label: Government visa fee",
        "        amount: AED 1,100.29",
        "        vat: false",
      ].join("\n"),
    );
    const own = loadCharges(file);
    expect(chargesFor("/dubai-visa/1, Entry", own)).toEqual([
      { label: "Agency service fee", amountFils: 9000, vat: true },
      { label: "Government visa fee", amountFils: 110029, vat: false },
    ]);
    expect(chargesFor("/dubai-visa/9, Entry", own)).toBeNull();
  });

  it("stops with the file, the line and the field on a mistake", () => {
    const file = fileOf(
      [
        "services:",
        "  - service: /dubai-visa/1, Entry",
        "    lines:",
        "      - label: Agency service fee",
        "        amount: AED 90",
        "        vat: yes please",
      ].join("\n"),
    );
    expect(() => loadCharges(file)).toThrow(
      /line 5, services\[1\] \(\/dubai-visa\/1, Entry\), lines\[1\]\.amount: expected an amount such as AED 190\.00/,
    );
    expect(() => loadCharges(file)).toThrow(/line 6, .*lines\[1\]\.vat: expected true/);
    const twice = fileOf(
      "services:\n" +
        "  - service: /dubai-visa/1, Entry\n    lines: [{ label: Fee, amount: AED 1.00, vat: true }]\n".repeat(2),
    );
    expect(() => loadCharges(twice)).toThrow(/services\[2\] .*: "\/dubai-visa\/1, Entry" has two entries/);
  });
});
