// @vitest-environment node
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";
import type { StoredEnquiry } from "./types";

const sample: StoredEnquiry = {
  id: 1,
  receivedAt: "2026-01-01T10:00:00.000Z",
  kind: "enquiry",
  name: "Aisha",
  email: "a@example.com",
  phone: "+97150",
  visaType: "Tourist Visa",
  date: "2026-02-01",
  adult: "",
  child: "",
  subject: "",
  message: "Hello, world",
  status: "pending",
  attempts: 0,
  rejections: 0,
  nextAttemptAt: 0,
  lastError: null,
  sentAt: null,
  heldReason: null,
  page: null,
  source: null,
  device: null,
  cameBy: null,
  visaLabel: null,
};

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell(7)).toBe("7");
    expect(csvCell(null)).toBe("");
  });

  it("neutralises spreadsheet formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+971501234567")).toBe("'+971501234567");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("issue 34, finding 7: a CSV cell never runs as a formula, whatever the spreadsheet splits on", () => {
  it("quotes a cell holding a semicolon, so x;=1+1; stays one cell of text", () => {
    expect(csvCell("x;=1+1;")).toBe('"x;=1+1;"');
  });

  it("quotes every cell holding a comma, a semicolon, a quote or a line break", () => {
    const cases: [string, string][] = [
      ["a,b", '"a,b"'],
      ["a;b", '"a;b"'],
      ['a"b', '"a""b"'],
      ["a\nb", '"a\nb"'],
      ["a\rb", '"a\rb"'],
      ["plain words", "plain words"],
    ];
    for (const [value, cell] of cases) expect(csvCell(value)).toBe(cell);
  });

  it("neutralises = + - @, tab and carriage return at the start, after any leading spaces too", () => {
    expect(csvCell("  =cmd")).toBe("'  =cmd");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell(" @SUM(A1)")).toBe("' @SUM(A1)");
    expect(csvCell(" +1")).toBe("' +1");
    expect(csvCell("\u00a0=1")).toBe("'\u00a0=1");
    // A phone number starting with + is neutralised too, as OWASP's advice has it: '+971 50 123 4567.
    expect(csvCell("+971 50 123 4567")).toBe("'+971 50 123 4567");
    expect(csvCell(" a=b")).toBe(" a=b");
  });

  it("a row whose name is x;=1+1; reads, split on semicolons, as text only", () => {
    const [, row = ""] = toCsv([{ ...sample, name: "x;=1+1;", message: "  =cmd" }]).split("\r\n");
    // Quoted cells are what a spreadsheet keeps whole; what is left outside quotes has no formula.
    const outside = row.replace(/"(?:[^"]|"")*"/g, "");
    for (const piece of outside.split(/[;,]/)) expect(piece).not.toMatch(/^\s*[=+\-@\t\r]/);
    expect(row).toContain(',"x;=1+1;",');
    expect(row).toContain(",'  =cmd,");
  });
});

describe("toCsv", () => {
  it("writes a header and one line per enquiry", () => {
    const enquiry = sample;
    const held: StoredEnquiry = { ...enquiry, id: 2, status: "held", heldReason: "honeypot filled" };
    expect(toCsv([enquiry, held]).split("\r\n")).toEqual([
      "id,received_at,kind,name,email,phone,visa_type,visa_label,travel_date,adult,child,subject,message,delivery,attempts,sent_at,last_error,held_reason,came_by",
      '1,2026-01-01T10:00:00.000Z,enquiry,Aisha,a@example.com,\'+97150,Tourist Visa,,2026-02-01,,,,"Hello, world",pending,0,,,,',
      '2,2026-01-01T10:00:00.000Z,enquiry,Aisha,a@example.com,\'+97150,Tourist Visa,,2026-02-01,,,,"Hello, world",held,0,,,honeypot filled,',
      "",
    ]);
  });

  it("issue 35, item 3: has the visa label the visitor picked in a column beside the value sent", () => {
    const picked: StoredEnquiry = { ...sample, visaType: "60 Days Dubai Visa", visaLabel: "Visa Change Service" };
    const [header, row] = toCsv([picked]).split("\r\n");
    const cells = (line = "") => line.split(",");
    const at = (name: string) => cells(header).indexOf(name);
    expect(cells(row)[at("visa_type")]).toBe("60 Days Dubai Visa");
    expect(cells(row)[at("visa_label")]).toBe("Visa Change Service");
  });
});
