// @vitest-environment node
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { ExportedEnquiry } from "../data/enquiries/types";
import { toXlsx } from "./xlsx";

/*
 * Issue 35, item 7: the owner's export as a real spreadsheet. Every visitor's value is a text cell (inline
 * string), so nothing can run as a formula and nothing needs an apostrophe; times are Dubai's; the columns an
 * owner needs (status, lost reason, notes, who worked it, page, source, device); held spam on a sheet of its own;
 * a column empty in every row left out.
 */

const sample: ExportedEnquiry = {
  id: 1,
  receivedAt: "2026-01-01T10:00:00.000Z",
  kind: "enquiry",
  name: "Aisha",
  email: "a@example.com",
  phone: "+971501234567",
  phoneInternational: "+971501234567",
  visaType: "30 Days Dubai Visa",
  visaLabel: "Dubai Tourist Visa",
  date: "2026-02-01",
  adult: "2",
  child: "",
  subject: "",
  message: "Hello, world",
  status: "sent",
  attempts: 1,
  rejections: 0,
  nextAttemptAt: 0,
  lastError: null,
  sentAt: "2026-01-01T10:00:05.000Z",
  heldReason: null,
  page: "/services",
  source: "whatsapp",
  device: "phone",
  cameBy: null,
  stage: "lost",
  lostReason: "went to another agency",
  notes: [{ at: "2026-01-02T06:30:00.000Z", who: "Mariam", text: "Called twice" }],
  workedBy: ["Mariam", "Omar"],
  nextStep: { at: "2026-01-03T05:00:00.000Z", note: "Send the visa copy" },
  paidFils: 149_050,
};

/** The workbook's parts, as text. */
function open(bytes: Uint8Array): Record<string, string> {
  const parts = unzipSync(bytes);
  return Object.fromEntries(Object.entries(parts).map(([name, data]) => [name, strFromU8(data)]));
}

/** A sheet's rows, each a list of [type, text] cells placed by their column letter (an empty cell is absent). */
function rowsOf(xml: string): [string, string][][] {
  const column = (letters: string) => [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
  return [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/gs)].map(([, cells = ""]) => {
    const row: [string, string][] = [];
    for (const [, letters = "", type = "n", inner = ""] of cells.matchAll(
      /<c r="([A-Z]+)\d+"(?: s="\d+")?(?: t="(\w+)")?>(.*?)<\/c>/gs,
    )) {
      const text = inner
        .replace(/<[^>]+>/g, "")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
      row[column(letters)] = [type, text];
    }
    return Array.from(row, (cell) => cell ?? ["", ""]);
  });
}

const sheetNames = (parts: Record<string, string>) =>
  [...(parts["xl/workbook.xml"] ?? "").matchAll(/<sheet name="([^"]+)"/g)].map(([, name]) => name);

describe("the owner's export as .xlsx", () => {
  it("is a zip with the parts a spreadsheet needs", () => {
    const parts = open(toXlsx([sample]));
    expect(Object.keys(parts).sort()).toEqual(
      [
        "[Content_Types].xml",
        "_rels/.rels",
        "docProps/app.xml",
        "docProps/core.xml",
        "xl/_rels/workbook.xml.rels",
        "xl/styles.xml",
        "xl/workbook.xml",
        "xl/worksheets/sheet1.xml",
      ].sort(),
    );
    for (const xml of Object.values(parts)) expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"')).toBe(true);
    expect(sheetNames(parts)).toEqual(["Enquiries"]);
  });

  it("names its columns for the owner, with status, lost reason, notes, who worked it, page, source, device", () => {
    const [header = []] = rowsOf(open(toXlsx([sample]))["xl/worksheets/sheet1.xml"] ?? "");
    expect(header.map(([, text]) => text)).toEqual([
      "#",
      "Received (Dubai time)",
      "Kind",
      "Name",
      "E-mail",
      "Phone",
      "Phone as typed",
      "Visa / subject",
      "Travel date",
      "Adults",
      "Message",
      "Status",
      "Lost reason",
      "Notes",
      "Worked by",
      "Next step (Dubai time)",
      "Next step",
      "Page",
      "Source",
      "Device",
      "Paid (AED, net of refunds)",
      "Mail",
      "E-mailed (Dubai time)",
    ]);
  });

  // Issue 58: the amount paid on the enquiry's cases, refunds subtracted, as a number a spreadsheet adds up.
  it("carries the amount paid on the enquiry's cases, net of refunds, as an amount in dirhams with two decimals", () => {
    const parts = open(toXlsx([sample, { ...sample, id: 2, paidFils: 0 }, { ...sample, id: 3, paidFils: null }]));
    const xml = parts["xl/worksheets/sheet1.xml"] ?? "";
    const [header = [], ...rows] = rowsOf(xml);
    const at = header.findIndex(([, text]) => text === "Paid (AED, net of refunds)");
    expect(rows.map((row) => row[at])).toEqual([
      ["n", "1490.5"],
      ["n", "0"],
      ["", ""],
    ]);
    // Its cells shown as 1,490.50 (the built-in format #,##0.00, number 4).
    const styleOf = /<c r="[A-Z]+2" s="(\d+)"><v>1490.5<\/v>/.exec(xml)?.[1];
    const formats = [...(parts["xl/styles.xml"] ?? "").matchAll(/<xf numFmtId="(\d+)"[^>]*xfId="0"/g)].map(
      ([, id]) => id,
    );
    expect(formats[Number(styleOf)]).toBe("4");
  });

  it("leaves the amount's column out when no enquiry in the range was paid for", () => {
    const [header = []] = rowsOf(open(toXlsx([{ ...sample, paidFils: null }]))["xl/worksheets/sheet1.xml"] ?? "");
    expect(header.map(([, text]) => text)).not.toContain("Paid (AED, net of refunds)");
  });

  it("writes every value as a text cell: =HYPERLINK(…), +971…, -1 and @SUM stay text, with no apostrophe", () => {
    const hostile: ExportedEnquiry = {
      ...sample,
      name: '=HYPERLINK("http://evil","click")',
      phone: "+971 50 123 4567",
      message: "-1+2",
      adult: "@SUM(A1)",
    };
    const xml = open(toXlsx([hostile]))["xl/worksheets/sheet1.xml"] ?? "";
    expect(xml).not.toContain("<f>");
    expect(xml).not.toContain("<f ");
    const [header = [], row = []] = rowsOf(xml);
    const cell = (title: string) => row[header.findIndex(([, text]) => text === title)];
    expect(cell("Name")).toEqual(["inlineStr", '=HYPERLINK("http://evil","click")']);
    expect(cell("Phone")).toEqual(["inlineStr", "+971 50 123 4567"]);
    expect(cell("Message")).toEqual(["inlineStr", "-1+2"]);
    expect(cell("Adults")).toEqual(["inlineStr", "@SUM(A1)"]);
    // Only the enquiry's own number, and the amount paid on its cases (issue 58), are numbers.
    expect(cell("#")).toEqual(["n", "1"]);
    const amount = header.findIndex(([, text]) => text === "Paid (AED, net of refunds)");
    expect(row[amount]).toEqual(["n", "1490.5"]);
    for (const [type] of row.filter((_, index) => index !== 0 && index !== amount)) expect(type).toBe("inlineStr");
  });

  it("keeps Arabic, ñ and characters XML must escape as they were", () => {
    const parts = open(toXlsx([{ ...sample, name: "محمد Niño", message: 'a < b & "c" > d' }]));
    const [, row = []] = rowsOf(parts["xl/worksheets/sheet1.xml"] ?? "");
    expect(row.map(([, text]) => text)).toContain("محمد Niño");
    expect(row.map(([, text]) => text)).toContain('a < b & "c" > d');
  });

  it("drops characters XML cannot hold, so a control character in a message cannot break the file", () => {
    const xml =
      open(toXlsx([{ ...sample, message: "bell\u0007 and\u0000 null\u007f, \ud800 half, \uffff" }]))[
        "xl/worksheets/sheet1.xml"
      ] ?? "";
    expect(xml).toContain("bell and null, \ufffd half, <");
  });

  it("shows times in Dubai time (UTC+4), the notes with who wrote them and when", () => {
    const [header = [], row = []] = rowsOf(open(toXlsx([sample]))["xl/worksheets/sheet1.xml"] ?? "");
    const cell = (title: string) => row[header.findIndex(([, text]) => text === title)]?.[1];
    expect(cell("Received (Dubai time)")).toBe("2026-01-01 14:00");
    expect(cell("E-mailed (Dubai time)")).toBe("2026-01-01 14:00");
    expect(cell("Notes")).toBe("2026-01-02 10:30, Mariam: Called twice");
    expect(cell("Worked by")).toBe("Mariam, Omar");
    expect(cell("Status")).toBe("Lost");
    expect(cell("Lost reason")).toBe("went to another agency");
    expect(cell("Visa / subject")).toBe("Dubai Tourist Visa (sent as 30 Days Dubai Visa)");
    expect(cell("Mail")).toBe("Mailed");
    expect(cell("Next step (Dubai time)")).toBe("2026-01-03 09:00");
    expect(cell("Next step")).toBe("Send the visa copy");
  });

  it("leaves out a column empty in every row", () => {
    const bare: ExportedEnquiry = {
      ...sample,
      kind: "contact",
      visaType: "",
      visaLabel: null,
      subject: "Opening hours",
      date: "",
      adult: "",
      stage: "new",
      lostReason: null,
      notes: [],
      workedBy: [],
      nextStep: null,
      page: null,
      source: null,
      device: null,
    };
    const [header = []] = rowsOf(open(toXlsx([bare]))["xl/worksheets/sheet1.xml"] ?? "");
    const titles = header.map(([, text]) => text);
    for (const gone of [
      "Travel date",
      "Adults",
      "Children",
      "Lost reason",
      "Notes",
      "Worked by",
      "Next step",
      "Page",
      "Source",
    ])
      expect(titles).not.toContain(gone);
    expect(titles).toContain("Visa / subject");
    expect(titles).toContain("Status");
  });

  it("puts held spam on a sheet of its own, named so, with why it was held", () => {
    const spam: ExportedEnquiry = { ...sample, id: 2, name: "Spam Sam", status: "held", heldReason: "honeypot filled" };
    const parts = open(toXlsx([sample, spam]));
    expect(sheetNames(parts)).toEqual(["Enquiries", "Held as spam"]);
    const genuine = rowsOf(parts["xl/worksheets/sheet1.xml"] ?? "");
    const held = rowsOf(parts["xl/worksheets/sheet2.xml"] ?? "");
    expect(genuine.map((row) => row[3]?.[1])).toEqual(["Name", "Aisha"]);
    expect(held.map((row) => row[3]?.[1])).toEqual(["Name", "Spam Sam"]);
    const [header = [], row = []] = held;
    expect(row[header.findIndex(([, text]) => text === "Held because")]?.[1]).toBe("honeypot filled");
    expect(row[header.findIndex(([, text]) => text === "Mail")]?.[1]).toBe("Held as spam, not mailed");
    expect(parts["[Content_Types].xml"]).toContain("/xl/worksheets/sheet2.xml");
    expect(parts["xl/_rels/workbook.xml.rels"]).toContain("worksheets/sheet2.xml");
  });

  // Issue 59, item 2: a number corrected in the office was exported as the visitor typed it.
  it("carries the number as corrected in the office, with the one the visitor typed beside it", () => {
    const corrected: ExportedEnquiry = { ...sample, phone: "9845012345", phoneInternational: "+919845012345" };
    const [header = [], row = []] = rowsOf(open(toXlsx([corrected]))["xl/worksheets/sheet1.xml"] ?? "");
    const cell = (title: string) => row[header.findIndex(([, text]) => text === title)]?.[1];
    expect(cell("Phone")).toBe("+91 98450 12345");
    expect(cell("Phone as typed")).toBe("9845012345");
    // A number not read with certainty (flagged in the office) is exported as typed, in the Phone column.
    const flagged: ExportedEnquiry = { ...sample, phone: "12345", phoneInternational: null };
    const [head = [], line = []] = rowsOf(open(toXlsx([flagged]))["xl/worksheets/sheet1.xml"] ?? "");
    expect(line[head.findIndex(([, text]) => text === "Phone")]?.[1]).toBe("12345");
  });

  // Issue 59, item 3: held spam said "New".
  it('says "Held as spam" for held spam, never "New"', () => {
    const held: ExportedEnquiry = { ...sample, status: "held", stage: "new", heldReason: "too fast" };
    const xml = open(toXlsx([held]))["xl/worksheets/sheet2.xml"] ?? "";
    const [header = [], row = []] = rowsOf(xml);
    expect(row[header.findIndex(([, text]) => text === "Status")]?.[1]).toBe("Held as spam");
  });

  // Issue 59, item 7: the office's words, not the stored codes.
  it("names the page by its title, the source and device as the office does, and the mail as this server has it", () => {
    const waiting: ExportedEnquiry = {
      ...sample,
      status: "pending",
      sentAt: null,
      source: "whatsapp",
      page: "/tourist-visa/2",
    };
    const words = { mailOn: false, pageTitle: (path: string) => (path === "/tourist-visa/2" ? "30 Days" : null) };
    const [header = [], row = []] = rowsOf(
      open(toXlsx([waiting], new Date(), words))["xl/worksheets/sheet1.xml"] ?? "",
    );
    const cell = (title: string) => row[header.findIndex(([, text]) => text === title)]?.[1];
    expect(cell("Page")).toBe("30 Days (/tourist-visa/2)");
    expect(cell("Source")).toBe("WhatsApp");
    expect(cell("Device")).toBe("Phone");
    expect(cell("Mail")).toBe("Mail is turned off on this server: it is kept here, not e-mailed");
    // A page with no title known is its address, as before.
    const [head = [], line = []] = rowsOf(
      open(toXlsx([{ ...waiting, page: "/gone" }], new Date(), words))["xl/worksheets/sheet1.xml"] ?? "",
    );
    expect(line[head.findIndex(([, text]) => text === "Page")]?.[1]).toBe("/gone");
  });

  it("says so when the range holds no enquiry", () => {
    const parts = open(toXlsx([]));
    expect(rowsOf(parts["xl/worksheets/sheet1.xml"] ?? "")).toEqual([[["inlineStr", "No enquiries in this range."]]]);
  });
});
