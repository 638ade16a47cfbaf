import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { InvoiceRecord } from "../data/invoices/store";
import { invoicePdf } from "./pdf";

const agency = {
  name: "Karama Visa & Travel",
  address: "Office 12, Al Karama, Dubai, United Arab Emirates",
  trn: "100123456700003",
};

const invoice: InvoiceRecord = {
  id: 1,
  kind: "invoice",
  number: "INV-000042",
  sequence: 42,
  caseId: 7,
  paymentRef: "pay_1",
  creditedInvoiceId: null,
  creditedNumber: null,
  reason: null,
  issuedAt: "2026-11-01T08:00:00.000Z",
  suppliedOn: "2026-11-01",
  customerName: "Maria Santos",
  lines: [
    { label: "Agency service fee", amountFils: 19000, vat: true },
    { label: "Government visa fee", amountFils: 30000, vat: false },
  ],
  totals: { excludingVatFils: 18095, vatFils: 905, disbursementsFils: 30000, totalFils: 49000 },
  agency,
};

const creditNote: InvoiceRecord = {
  ...invoice,
  id: 2,
  kind: "credit-note",
  number: "CN-000003",
  sequence: 3,
  paymentRef: null,
  creditedInvoiceId: 1,
  creditedNumber: "INV-000042",
  reason: "Visa refused: the agency's fee refunded",
  issuedAt: "2026-11-05T10:00:00.000Z",
  suppliedOn: "2026-11-05",
  lines: [{ label: "Agency service fee", amountFils: 10000, vat: true }],
  totals: { excludingVatFils: 9524, vatFils: 476, disbursementsFils: 0, totalFils: 10000 },
};

const folder = mkdtempSync(join(tmpdir(), "karama-invoice-"));

/** The number of pages of a PDF written by textOf. */
const pagesOf = (name: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [join(folder, `${name}.pdf`)], { encoding: "utf8" }))?.[1]);

/** The PDF's text as pdftotext (poppler-utils) reads it, its layout kept; and its page at 80 dpi, for looking. */
async function textOf(record: InvoiceRecord, name: string): Promise<string> {
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, await invoicePdf(record));
  execFileSync("pdftoppm", ["-png", "-r", "80", "-singlefile", file, join(folder, name)]);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

describe("the invoice's PDF", () => {
  it("is a tax invoice: the agency with its TRN, the customer, the number, the dates, each line with its VAT, the totals", async () => {
    const text = await textOf(invoice, "invoice");
    expect(text).toContain("Tax Invoice");
    expect(text).toContain("TRN 100123456700003");
    expect(text).toContain("Office 12, Al Karama, Dubai");
    expect(text).toContain("Maria Santos");
    expect(text).toMatch(/Invoice number\s+INV-000042/);
    expect(text).toMatch(/Date of issue\s+1 November 2026/);
    expect(text).toMatch(/Date of supply\s+1 November 2026/);
    // Prices include VAT: the fee of AED 190.00 holds 9.05 of VAT; each line excluding VAT, rate, VAT, including.
    expect(text).toMatch(/Agency service fee\s+180\.95\s+5%\s+9\.05\s+190\.00/);
    expect(text).toMatch(/Government visa fee\s+–\s+Outside VAT\s+–\s+300\.00/);
    expect(text).toMatch(/Total excluding VAT\s+180\.95/);
    expect(text).toMatch(/VAT 5%\s+9\.05/);
    expect(text).toMatch(/Disbursements \(outside VAT\)\s+300\.00/);
    expect(text).toMatch(/Total \(AED\)\s+490\.00/);
    expect(text).toContain("Prices include VAT");
    expect(text).not.toMatch(/499\.50|199\.50/);
    console.log(`invoice PNG: ${join(folder, "invoice.png")}`);
  });

  it("a credit note says so, names the invoice it corrects and why, and its totals", async () => {
    const text = await textOf(creditNote, "credit-note");
    expect(text).toContain("Tax Credit Note");
    expect(text).not.toContain("Tax Invoice");
    expect(text).toMatch(/Credit note number\s+CN-000003/);
    expect(text).toMatch(/Corrects invoice\s+INV-000042/);
    expect(text).toContain("Reason: Visa refused: the agency's fee refunded");
    expect(text).toContain("TRN 100123456700003");
    expect(text).toMatch(/Agency service fee\s+95\.24\s+5%\s+4\.76\s+100\.00/);
    expect(text).toMatch(/Total excluding VAT\s+95\.24/);
    expect(text).toMatch(/VAT 5%\s+4\.76/);
    expect(text).toMatch(/Total credited \(AED\)\s+100\.00/);
    console.log(`credit note PNG: ${join(folder, "credit-note.png")}`);
  });

  it("shows several VAT lines with their shares of the VAT adding up, and wraps a long label in its column", async () => {
    const long = "Agency service fee for the visa change by road to Oman, 60 days, multiple entry, with courier";
    const record: InvoiceRecord = {
      ...invoice,
      lines: [
        { label: long, amountFils: 19000, vat: true },
        { label: "Courier", amountFils: 33333, vat: true },
        { label: "Rounding", amountFils: 11, vat: true },
        { label: "Government visa and Emirates ID fees, paid to the GDRFA", amountFils: 100029, vat: false },
      ],
      totals: { excludingVatFils: 49851, vatFils: 2493, disbursementsFils: 100029, totalFils: 152373 },
    };
    const text = await textOf(record, "several");
    // 52,344 fils with VAT hold 2,492.57: 2,493 fils, shared 905 + 1,587 + 1 by the largest remainder.
    expect(text).toMatch(/180\.95\s+5%\s+9\.05\s+190\.00/);
    expect(text).toMatch(/Courier\s+317\.46\s+5%\s+15\.87\s+333\.33/);
    expect(text).toMatch(/Rounding\s+0\.10\s+5%\s+0\.01\s+0\.11/);
    expect(text).toMatch(/Government visa and Emirates ID\s[\s\S]*–\s+Outside VAT\s+–\s+1,000\.29/);
    expect(text).toMatch(/Total excluding VAT\s+498\.51/);
    expect(text).toMatch(/VAT 5%\s+24\.93/);
    expect(text).toMatch(/Disbursements \(outside VAT\)\s+1,000\.29/);
    expect(text).toMatch(/Total \(AED\)\s+1,523\.73/);
    // The long label wraps inside its column: every word is there, none on the line of another column's header.
    for (const word of long.split(" ")) expect(text).toContain(word);
    const header = text.split("\n").find((line) => line.includes("DESCRIPTION")) ?? "";
    expect(header).not.toMatch(/Oman|courier/);
    expect(pagesOf("several")).toBe(1);
    console.log(`several lines PNG: ${join(folder, "several.png")}`);
  });

  it("goes on to a second page with its columns' headings when the lines do not fit on one", async () => {
    const lines = Array.from({ length: 20 }, (_, index) => ({
      label: `Agency service fee ${index + 1}, a long description that takes two lines of its column here`,
      amountFils: 10000,
      vat: true,
    }));
    const record: InvoiceRecord = {
      ...invoice,
      lines,
      totals: { excludingVatFils: 190476, vatFils: 9524, disbursementsFils: 0, totalFils: 200000 },
    };
    const text = await textOf(record, "long");
    expect(pagesOf("long")).toBe(2);
    const [first = "", second = ""] = text.split("\f");
    expect(first).toContain("Agency service fee 1,");
    expect(second).toContain("Agency service fee 20,");
    expect(second).toContain("DESCRIPTION");
    expect(second).toMatch(/INV-000042/);
    expect(second).toMatch(/Total \(AED\)\s+2,000\.00/);
    expect(text.match(/\d+\.\d\d\s+5%\s+\d+\.\d\d\s+100\.00/g)).toHaveLength(20);
  });

  it("writes an Arabic name with its letters and words in reading order", async () => {
    const text = await textOf({ ...invoice, customerName: "محمد عبد الله" }, "arabic");
    // pdftotext gives the words back in logical order when they were laid out right to left.
    const line = text.split("\n").find((each) => /[\u0600-\u06ff]/.test(each)) ?? "";
    expect(line.replace(/[\u200e\u200f\u202a-\u202e]/g, "").trim()).toBe("محمد عبد الله");
    console.log(`Arabic PNG: ${join(folder, "arabic.png")}`);
  });

  it("is the same bytes every time for the same invoice", async () => {
    expect((await invoicePdf(invoice)).equals(await invoicePdf(invoice))).toBe(true);
    expect((await invoicePdf(invoice)).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
