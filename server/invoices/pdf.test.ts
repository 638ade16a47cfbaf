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
  totals: { subtotalFils: 19000, vatFils: 950, disbursementsFils: 30000, totalFils: 49950 },
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
  lines: [{ label: "Agency service fee", amountFils: 9524, vat: true }],
  totals: { subtotalFils: 9524, vatFils: 476, disbursementsFils: 0, totalFils: 10000 },
};

const folder = mkdtempSync(join(tmpdir(), "karama-invoice-"));

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
    expect(text).toMatch(/Agency service fee\s+190\.00\s+5%\s+9\.50\s+199\.50/);
    expect(text).toMatch(/Government visa fee\s+300\.00\s+Outside VAT\s+–\s+300\.00/);
    expect(text).toMatch(/Subtotal excl\. VAT\s+190\.00/);
    expect(text).toMatch(/VAT 5%\s+9\.50/);
    expect(text).toMatch(/Disbursements \(outside VAT\)\s+300\.00/);
    expect(text).toMatch(/Total \(AED\)\s+499\.50/);
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
    expect(text).toMatch(/Total credited \(AED\)\s+100\.00/);
    console.log(`credit note PNG: ${join(folder, "credit-note.png")}`);
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
