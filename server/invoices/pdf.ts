/**
 * A tax invoice or credit note as an A4 PDF (issue 58), from the record the store froze at issue
 * (server/data/invoices/store.ts): the same record gives the same bytes, always (the PDF's dates come from the issue
 * time, and its file id from them; nothing random). In the site's font, Inter (static faces cut from the site's
 * variable font: scripts/invoice-fonts.ts), with Noto Sans Arabic for a name in Arabic, shaped by pdfkit's fontkit
 * and laid out right to left, word by word. The brand's colours (app/styles/brand.css): navy, and the sand accent.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type PDFDocument from "pdfkit";
import { longDate } from "../../app/lib/long-date";
import type { InvoiceRecord } from "../data/invoices/store";
import { aedOf, vatByLine, vatPercent, type ChargeLine } from "./money";

const require = createRequire(import.meta.url);
const fonts = {
  regular: readFileSync(join(import.meta.dirname, "fonts", "inter-400.ttf")),
  bold: readFileSync(join(import.meta.dirname, "fonts", "inter-700.ttf")),
  arabic: readFileSync(require.resolve("@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff")),
};

const colours = {
  navy: "#0b3a53",
  navyDeep: "#072a3d",
  sand: "#e4b55a",
  sandSoft: "#f7f0e1",
  text: "#1d2731",
  muted: "#5b6670",
  rule: "#d9dee2",
};

/** The Dubai day of an ISO time (UTC+4, no daylight saving). */
const dubaiDayOf = (iso: string) => new Date(Date.parse(iso) + 4 * 3600_000).toISOString().slice(0, 10);

const arabicLetters = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/** Amounts in the table: the figures alone ("1,490.00"); the currency is in the column's heading. */
const figures = (fils: number) => aedOf(fils).slice(4);

type Doc = InstanceType<typeof PDFDocument>;

/**
 * A name that may be in Arabic, at (x, y): Arabic words in Noto Sans Arabic, others in Inter. A name with Arabic in
 * it reads right to left: its runs of Arabic words are laid out right to left (each word shaped by fontkit), a run
 * of Latin words keeps its own order.
 */
function drawName(doc: Doc, name: string, x: number, y: number, size: number): void {
  const words = name.split(/\s+/).filter((word) => word !== "");
  const rtl = words.some((word) => arabicLetters.test(word));
  const fontOf = (word: string) => (arabicLetters.test(word) ? "arabic" : "bold");
  if (!rtl) {
    doc.fillColor(colours.text).font("bold").fontSize(size).text(name, x, y, { lineBreak: false });
    return;
  }
  // Runs of the same direction, in reading order; shown from the right, each LTR run in its own order.
  const runs: string[][] = [];
  for (const word of words) {
    const last = runs.at(-1);
    if (last && arabicLetters.test(last[0] ?? "") === arabicLetters.test(word)) last.push(word);
    else runs.push([word]);
  }
  const visual = runs.reverse().flatMap((run) => (arabicLetters.test(run[0] ?? "") ? [...run].reverse() : run));
  doc.fontSize(size);
  doc.fillColor(colours.text);
  const space = doc.font("bold").widthOfString(" ");
  let at = x;
  for (const word of visual) {
    doc.font(fontOf(word)).text(word, at, y + (fontOf(word) === "arabic" ? -size * 0.25 : 0), { lineBreak: false });
    at += doc.widthOfString(word) + space;
  }
}

/** The PDF of an invoice or credit note, A4. */
export async function invoicePdf(invoice: InvoiceRecord): Promise<Buffer> {
  // Loaded when a document is made, not at the server's start: pdfkit and its fonts' code take about 16 MiB.
  const { default: PDFDocument } = await import("pdfkit");
  const issued = new Date(invoice.issuedAt);
  const credit = invoice.kind === "credit-note";
  const title = credit ? "Tax Credit Note" : "Tax Invoice";
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    info: {
      Title: `${title} ${invoice.number}`,
      Author: invoice.agency.name,
      Subject: `${title} ${invoice.number}`,
      Creator: invoice.agency.name,
      Producer: invoice.agency.name,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  doc.registerFont("arabic", fonts.arabic);

  const page = { width: 595.28, left: 48, right: 595.28 - 48 };
  const width = page.right - page.left;

  // The band: the agency's name, and what the document is.
  doc.rect(0, 0, page.width, 96).fill(colours.navy);
  doc.rect(0, 96, page.width, 4).fill(colours.sand);
  doc.fillColor("#ffffff").font("bold").fontSize(18).text(invoice.agency.name, page.left, 36, { lineBreak: false });
  doc.fillColor(colours.sand).font("bold").fontSize(22);
  doc.text(title, page.right - doc.widthOfString(title), 33, { lineBreak: false });

  // The agency (left), the document (right).
  let y = 124;
  doc.fillColor(colours.text).font("bold").fontSize(10).text(invoice.agency.name, page.left, y, { width: 260 });
  doc.font("regular").fontSize(9.5).fillColor(colours.muted);
  doc.text(invoice.agency.address, { width: 260, lineGap: 1.5 });
  doc.fillColor(colours.text).text(`TRN ${invoice.agency.trn}`, { width: 260 });
  const leftEnd = doc.y;

  const facts: [string, string][] = [
    [credit ? "Credit note number" : "Invoice number", invoice.number],
    ["Date of issue", longDate(dubaiDayOf(invoice.issuedAt))],
    ["Date of supply", longDate(invoice.suppliedOn)],
  ];
  if (credit && invoice.creditedNumber) facts.push(["Corrects invoice", invoice.creditedNumber]);
  let factY = y;
  for (const [label, value] of facts) {
    doc
      .font("regular")
      .fontSize(9.5)
      .fillColor(colours.muted)
      .text(label, 330, factY, { width: 100, lineBreak: false });
    doc
      .font("bold")
      .fillColor(colours.text)
      .text(value, 430, factY, { width: page.right - 430, align: "right", lineBreak: false });
    factY += 16;
  }
  y = Math.max(leftEnd, factY) + 18;

  // The customer.
  doc.font("regular").fontSize(8.5).fillColor(colours.muted).text("BILLED TO", page.left, y, { characterSpacing: 0.8 });
  drawName(doc, invoice.customerName, page.left, y + 14, 13);
  y += 40;
  if (credit && invoice.reason) {
    doc
      .font("regular")
      .fontSize(9.5)
      .fillColor(colours.text)
      .text(`Reason: ${invoice.reason}`, page.left, y, { width });
    y = doc.y + 12;
  }

  // The lines: the agency's fees with the VAT they include, then the government fees, outside VAT. Each line: its
  // amount excluding VAT, the rate, its share of the VAT, and what the customer pays for it (VAT included).
  const columns = { description: page.left + 10, excluding: 310, rate: 394, vat: 454, including: page.right - 10 };
  const descriptionWidth = columns.excluding - 64 - columns.description;
  const bottomOfPage = 780;
  const rightText = (text: string, right: number, at: number, bold = false) => {
    doc.font(bold ? "bold" : "regular");
    doc.text(text, right - doc.widthOfString(text), at, { lineBreak: false });
  };
  const rule = () => doc.moveTo(page.left, y).lineTo(page.right, y).lineWidth(0.5).strokeColor(colours.rule).stroke();
  const headings = () => {
    doc.rect(page.left, y, width, 32).fill(colours.sandSoft);
    doc.fillColor(colours.navyDeep).fontSize(8).font("bold");
    doc.text("DESCRIPTION", columns.description, y + 8, { lineBreak: false, characterSpacing: 0.5 });
    const heading = (top: string, bottom: string, right: number) => {
      rightText(top, right, y + 8, true);
      if (bottom !== "") rightText(bottom, right, y + 18, true);
    };
    heading("EXCL. VAT", "(AED)", columns.excluding);
    heading("VAT RATE", "", columns.rate);
    heading("VAT", "(AED)", columns.vat);
    heading("INCL. VAT", "(AED)", columns.including);
    y += 32;
  };
  /** A new page when `height` more does not fit on this one: the document's number, then the headings again. */
  const room = (height: number, withHeadings: boolean) => {
    if (y + height <= bottomOfPage) return;
    doc.rect(0, 834, page.width, 8).fill(colours.navy);
    doc.addPage({ size: "A4", margin: 0 });
    doc.rect(0, 0, page.width, 6).fill(colours.navy);
    doc.font("regular").fontSize(9).fillColor(colours.muted);
    doc.text(`${title} ${invoice.number} (continued)`, page.left, 28, { lineBreak: false });
    y = 52;
    if (withHeadings) headings();
  };
  headings();
  const shares = vatByLine(invoice.lines);
  const row = (line: ChargeLine, vat: number) => {
    doc.fontSize(9.5).font("regular");
    const height = Math.max(doc.heightOfString(line.label, { width: descriptionWidth }), 12) + 14;
    room(height, true);
    doc.fontSize(9.5).fillColor(colours.text).font("regular");
    doc.text(line.label, columns.description, y + 8, { width: descriptionWidth });
    rightText(line.vat ? figures(line.amountFils - vat) : "–", columns.excluding, y + 8);
    doc.fillColor(line.vat ? colours.text : colours.muted);
    rightText(line.vat ? `${vatPercent}%` : "Outside VAT", columns.rate, y + 8);
    doc.fillColor(colours.text);
    rightText(line.vat ? figures(vat) : "–", columns.vat, y + 8);
    rightText(figures(line.amountFils), columns.including, y + 8);
    y += height;
    rule();
  };
  const indexed = invoice.lines.map((line, index) => ({ line, vat: shares[index] ?? 0 }));
  for (const { line, vat } of indexed.filter((each) => each.line.vat)) row(line, vat);
  const disbursements = indexed.filter((each) => !each.line.vat);
  if (disbursements.length > 0) {
    const heading = "DISBURSEMENTS: GOVERNMENT FEES PAID ON YOUR BEHALF, AT COST, OUTSIDE THE SCOPE OF VAT";
    const options = { width: width - 20, characterSpacing: 0.3 };
    doc.font("bold").fontSize(8);
    room(doc.heightOfString(heading, options) + 20 + 26, true);
    doc.fillColor(colours.muted).text(heading, columns.description, y + 10, options);
    y = doc.y + 6;
    rule();
    for (const { line } of disbursements) row(line, 0);
  }

  // The totals: the lines with VAT excluding it, the VAT, the disbursements, and what is paid (or credited).
  const totals: [string, number][] = [
    ["Total excluding VAT", invoice.totals.excludingVatFils],
    [`VAT ${vatPercent}%`, invoice.totals.vatFils],
    ["Disbursements (outside VAT)", invoice.totals.disbursementsFils],
  ];
  room(16 + totals.length * 18 + 30, false);
  y += 16;
  const labelX = 330;
  for (const [label, fils] of totals) {
    doc.fontSize(9.5).fillColor(colours.muted).font("regular").text(label, labelX, y, { lineBreak: false });
    doc.fillColor(colours.text);
    rightText(figures(fils), columns.including, y);
    y += 18;
  }
  doc.rect(labelX - 10, y, page.right - labelX + 10, 30).fill(colours.navy);
  doc
    .fillColor("#ffffff")
    .font("bold")
    .fontSize(11)
    .text(credit ? "Total credited (AED)" : "Total (AED)", labelX, y + 9, { lineBreak: false });
  rightText(figures(invoice.totals.totalFils), columns.including, y + 9, true);
  y += 48;

  // The footer.
  const footer =
    `Amounts in UAE dirhams (AED). Prices include VAT: the agency's service fee includes VAT at ${vatPercent}% (the VAT ` +
    `shown is ${vatPercent}/${100 + vatPercent} of it); government fees are passed on at cost and are outside the ` +
    `scope of VAT.` +
    (credit ? ` This credit note reduces invoice ${invoice.creditedNumber ?? ""} by the amounts above.` : "");
  doc.font("regular").fontSize(8.5);
  const footerOptions = { width, lineGap: 2 };
  room(doc.heightOfString(footer, footerOptions), false);
  doc
    .fillColor(colours.muted)
    .text(footer, page.left, Math.max(y, 790 - doc.heightOfString(footer, footerOptions)), footerOptions);
  doc.rect(0, 834, page.width, 8).fill(colours.navy);
  doc.end();
  return done;
}
