import { strToU8, zipSync } from "fflate";
import { enquiryFieldList, type EnquiryFieldName, type FieldShown } from "../../app/lib/forms/enquiry-fields";
import { serviceName } from "../../app/lib/forms/visa-service";
import { dubaiClock } from "../data/dubai-days";
import { noteLine } from "../data/enquiries/csv";
import { spaced } from "../data/enquiries/phone";
import type { ExportedEnquiry } from "../data/enquiries/types";
import { sourceLabel } from "../../app/lib/statistics/source";
import { cameByLabels, deliveryLabel, deviceNames, statusLabel } from "./pages/labels";

/*
 * The owner's export as a spreadsheet (issue 35, item 7): an Office Open XML workbook (.xlsx) written by hand, a
 * few small XML parts in a zip (fflate). Every value a visitor or the office typed is an inline string cell
 * (t="inlineStr") in a cell formatted as text (@): a spreadsheet shows it as written and never runs it, so
 * =HYPERLINK(…) or +971… need no apostrophe, unlike the CSV's cells (csv.ts). The workbook has no formula at all.
 * Times are Dubai's, and the headers say so. Held spam is on a sheet of its own; a column empty in every row of a
 * sheet is left out.
 */

/** A cell: text, a number, an amount in dirhams (shown with two decimals), or nothing. */
type Value = string | number | { dirhams: number } | null;

interface Column {
  title: string;
  value: (enquiry: ExportedEnquiry) => Value;
  /** The widest it is drawn, in characters: longer text wraps. */
  widest?: number;
}

/**
 * The columns of each kind of field (app/lib/forms/enquiry-fields.ts), by the office's names. Dates stay as stored
 * (2026-12-07), which sorts; the service and a contact's subject share one column, "Visa / subject".
 */
const inSheet = {
  line: (name, title) => [{ title, value: (e) => e[name] ?? null }],
  address: (name, title) => [{ title, value: (e) => e[name] ?? null }],
  day: (name, title) => [{ title, value: (e) => e[name] ?? null }],
  text: (name, title) => [{ title, value: (e) => e[name] ?? null, widest: 60 }],
  service: (name) => [
    {
      title: "Visa / subject",
      value: (e) => (e.kind === "enquiry" ? serviceName(e[name] ?? "", e.visaLabel) : e.subject),
    },
  ],
  "with-service": () => [],
} satisfies Record<FieldShown, (name: EnquiryFieldName, title: string) => Column[]>;

/**
 * The phone: the number to dial, as corrected in the office where it was (issue 59, item 2), written as people write
 * it (+91 98450 12345); beside it, the number as the visitor typed it. A number not read with certainty is as typed.
 */
const phoneColumns: Column[] = [
  { title: "Phone", value: (e) => (e.phoneInternational ? spaced(e.phoneInternational) : e.phone) },
  { title: "Phone as typed", value: (e) => e.phone },
];

/** A contact's subject: in the service's column, not one of its own. */
const sharesServiceColumn: EnquiryFieldName = "subject";

/**
 * What the sheet says in the office's words rather than the stored codes (issue 59, item 7): whether this server
 * mails enquiries (one waiting is not "Waiting to be mailed" forever when mail is off), and a page's title.
 */
export interface SheetWords {
  mailOn: boolean;
  pageTitle: (path: string) => string | null;
}

const plainWords: SheetWords = { mailOn: true, pageTitle: () => null };

/** A page as the office names it: its title, with its address for a search ("30 Days (/tourist-visa/2)"). */
function pageName(path: string | null, words: SheetWords): string | null {
  if (path === null) return null;
  const title = words.pageTitle(path);
  return title ? `${title} (${path})` : path;
}

const columnsWith = (words: SheetWords): Column[] => [
  { title: "#", value: (e) => e.id },
  { title: "Received (Dubai time)", value: (e) => dubaiClock(e.receivedAt) },
  { title: "Kind", value: (e) => (e.kind === "enquiry" ? "Enquiry" : "Contact") },
  ...enquiryFieldList.flatMap(({ name, label, officeLabel, shown }) =>
    name === sharesServiceColumn ? [] : name === "phone" ? phoneColumns : inSheet[shown](name, officeLabel ?? label),
  ),
  // Held spam is not worked: its status says what it is (issue 59, item 3), as the office does.
  { title: "Status", value: statusLabel },
  { title: "Lost reason", value: (e) => e.lostReason },
  { title: "Notes", value: (e) => e.notes.map(noteLine).join("\n"), widest: 60 },
  { title: "Worked by", value: (e) => e.workedBy.join(", ") },
  // The next step still to do (issue 37).
  { title: "Next step (Dubai time)", value: (e) => (e.nextStep ? dubaiClock(e.nextStep.at) : null) },
  { title: "Next step", value: (e) => e.nextStep?.note || null, widest: 40 },
  { title: "Page", value: (e) => pageName(e.page, words) },
  { title: "Source", value: (e) => (e.source === null ? null : sourceLabel(e.source)) },
  { title: "Device", value: (e) => (e.device === null ? null : (deviceNames[e.device] ?? e.device)) },
  // An enquiry added by hand in the office: how it came (issue 35, item 6).
  { title: "Came by", value: (e) => (e.cameBy ? cameByLabels[e.cameBy] : null) },
  // What was paid on its cases, refunds subtracted (issue 58): a number, shown 1,490.00, that the sheet adds up.
  {
    title: "Paid (AED, net of refunds)",
    value: (e) => (e.paidFils === null ? null : { dirhams: e.paidFils / 100 }),
  },
  { title: "Mail", value: (e) => deliveryLabel(e.status, words.mailOn) },
  { title: "E-mailed (Dubai time)", value: (e) => (e.sentAt ? dubaiClock(e.sentAt) : null) },
  { title: "Mail error", value: (e) => e.lastError },
  { title: "Held because", value: (e) => e.heldReason },
];

/** Styles (xl/styles.xml's cellXfs): the header, text, a number, an amount (#,##0.00). */
const style = { header: 1, text: 2, number: 3, amount: 4 } as const;

/** The most characters a cell holds (Excel's limit). */
const cellLimit = 32_767;

/**
 * Text as XML may hold it: the control characters XML 1.0 forbids and U+FFFE/U+FFFF dropped, a lone surrogate made
 * U+FFFD, line ends made \n (a bare \r would be read as \n anyway), then & < > " escaped.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(/\r\n?/g, "\n")
    .replace(/(?![\t\n])\p{Cc}|[\uFFFE\uFFFF]/gu, "")
    .slice(0, cellLimit)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A value as the sheet shows it, for a column's width. */
function shown(value: Value): string {
  if (value !== null && typeof value === "object")
    return value.dirhams.toLocaleString("en-US", { minimumFractionDigits: 2 });
  return String(value ?? "");
}

function cell(ref: string, value: Value, header = false): string {
  if (value === null || value === "") return "";
  if (typeof value === "number") return `<c r="${ref}" s="${style.number}"><v>${value}</v></c>`;
  if (typeof value === "object") return `<c r="${ref}" s="${style.amount}"><v>${value.dirhams}</v></c>`;
  const text = xmlText(value);
  return `<c r="${ref}" s="${header ? style.header : style.text}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** One worksheet: a header row frozen at the top, then a row per enquiry, the columns that hold something. */
function worksheet(enquiries: ExportedEnquiry[], columns: Column[]): string {
  const rows: string[] = [];
  let cols = "";
  let frozen = "";
  if (enquiries.length === 0) {
    rows.push(`<row r="1">${cell("A1", "No enquiries in this range.")}</row>`);
  } else {
    const values = enquiries.map((enquiry) => columns.map((column) => column.value(enquiry)));
    const kept = columns.flatMap((column, index) =>
      values.some((row) => row[index] !== null && row[index] !== "") ? [index] : [],
    );
    rows.push(
      `<row r="1">${kept.map((index, at) => cell(`${columnName(at)}1`, columns[index]?.title ?? "", true)).join("")}</row>`,
    );
    values.forEach((row, line) => {
      const r = line + 2;
      rows.push(
        `<row r="${r}">${kept.map((index, at) => cell(`${columnName(at)}${r}`, row[index] ?? null)).join("")}</row>`,
      );
    });
    // Each column as wide as its longest line (within reason), so the sheet reads without resizing.
    const widths = kept.map((index) => {
      const longest = Math.max(
        ...[columns[index]?.title ?? "", ...values.map((row) => shown(row[index] ?? null))].flatMap((text) =>
          text.split("\n").map((line) => line.length),
        ),
      );
      return Math.min(Math.max(longest + 2, 6), columns[index]?.widest ?? 40);
    });
    cols = `<cols>${widths.map((width, at) => `<col min="${at + 1}" max="${at + 1}" width="${width}" customWidth="1"/>`).join("")}</cols>`;
    frozen = '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>';
  }
  return (
    `${xmlHead}<worksheet xmlns="${main}" xmlns:r="${relationships}">` +
    `<sheetViews><sheetView workbookViewId="0">${frozen}</sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>${rows.join("")}</sheetData></worksheet>`
  );
}

const styles =
  `${xmlHead}<styleSheet xmlns="${main}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  // 49 is the text format (@): a value typed into the cell later stays text too.
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment horizontal="left" vertical="top"/></xf>' +
  // 4 is the built-in #,##0.00: an amount in dirhams, 1,490.00.
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyAlignment="1"><alignment vertical="top"/></xf>' +
  "</cellXfs>" +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  "</styleSheet>";

/**
 * The workbook: "Enquiries" (the genuine ones, oldest first) and, when the range holds any, "Held as spam" with
 * why each was held. Returns the .xlsx file's bytes.
 */
export function toXlsx(enquiries: ExportedEnquiry[], now = new Date(), words: SheetWords = plainWords): Uint8Array {
  const columns = columnsWith(words);
  const genuine = enquiries.filter((enquiry) => enquiry.status !== "held");
  const held = enquiries.filter((enquiry) => enquiry.status === "held");
  const sheets: [string, ExportedEnquiry[]][] = [["Enquiries", genuine]];
  if (held.length > 0) sheets.push(["Held as spam", held]);

  const parts: Record<string, string> = {
    "[Content_Types].xml":
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      sheets
        .map(
          (_, index) =>
            `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join("") +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
      '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
      "</Types>",
    "_rels/.rels":
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/>` +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
      `<Relationship Id="rId3" Type="${relationships}/extended-properties" Target="docProps/app.xml"/>` +
      "</Relationships>",
    "docProps/core.xml":
      `${xmlHead}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Enquiries</dc:title>' +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${now.toISOString().slice(0, 19)}Z</dcterms:created></cp:coreProperties>`,
    "docProps/app.xml":
      `${xmlHead}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
      "<Application>Karama Visa office</Application></Properties>",
    "xl/workbook.xml":
      `${xmlHead}<workbook xmlns="${main}" xmlns:r="${relationships}"><bookViews><workbookView/></bookViews><sheets>` +
      sheets.map(([name], index) => `<sheet name="${name}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join("") +
      "</sheets></workbook>",
    "xl/_rels/workbook.xml.rels":
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      sheets
        .map(
          (_, index) =>
            `<Relationship Id="rId${index + 1}" Type="${relationships}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
        )
        .join("") +
      `<Relationship Id="rId${sheets.length + 1}" Type="${relationships}/styles" Target="styles.xml"/>` +
      "</Relationships>",
    "xl/styles.xml": styles,
  };
  sheets.forEach(([, rows], index) => {
    parts[`xl/worksheets/sheet${index + 1}.xml`] = worksheet(rows, columns);
  });
  // [Content_Types].xml first, as some readers expect; then the rest.
  return zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)])), {
    level: 6,
    mtime: now,
  });
}
