// @vitest-environment node
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";
import type { ExportedEnquiry } from "./types";

const sample: ExportedEnquiry = {
  id: 1,
  receivedAt: "2026-01-01T10:00:00.000Z",
  kind: "enquiry",
  name: "Aisha",
  email: "a@example.com",
  phone: "+97150",
  phoneInternational: null,
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
  stage: "new",
  lostReason: null,
  notes: [],
  workedBy: [],
  nextStep: null,
  paidFils: null,
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
    const held: ExportedEnquiry = { ...enquiry, id: 2, status: "held", heldReason: "honeypot filled" };
    expect(
      toCsv([enquiry, held])
        .replace(/^\uFEFF/, "")
        .split("\r\n"),
    ).toEqual([
      "id,received_at_dubai_time,kind,name,email,phone,visa_type,visa_label,travel_date,adult,child,subject,message,status,lost_reason,notes,worked_by,page,source,device,delivery,attempts,sent_at_dubai_time,last_error,held_reason,came_by,next_step_at_dubai_time,next_step_note,phone_international,paid_aed_net",
      '1,2026-01-01 14:00:00,enquiry,Aisha,a@example.com,\'+97150,Tourist Visa,,2026-02-01,,,,"Hello, world",new,,,,,,,pending,0,,,,,,,,',
      '2,2026-01-01 14:00:00,enquiry,Aisha,a@example.com,\'+97150,Tourist Visa,,2026-02-01,,,,"Hello, world",new,,,,,,,held,0,,,honeypot filled,,,,,',
      "",
    ]);
  });

  it("issue 58: has the amount paid on the enquiry's cases, net of refunds, in dirhams with two decimals, last", () => {
    const [header = "", paid = "", none = "", refunded = ""] = toCsv([
      { ...sample, paidFils: 149_050 },
      sample,
      { ...sample, paidFils: 0 },
    ])
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(header.split(",").at(-1)).toBe("paid_aed_net");
    expect(paid.split(",").at(-1)).toBe("1490.50");
    expect(none.split(",").at(-1)).toBe("");
    expect(refunded.split(",").at(-1)).toBe("0.00");
  });

  it("issue 59, item 2: carries the number as corrected in the office, in the last column, beside the one typed", () => {
    const [header = "", line = ""] = toCsv([
      { ...sample, message: "Hi", phone: "9845012345", phoneInternational: "+919845012345" },
    ])
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    const at = (name: string) => header.split(",").indexOf(name);
    expect(line.split(",")[at("phone")]).toBe("9845012345");
    expect(line.split(",")[at("phone_international")]).toBe("'+919845012345");
  });

  it("issue 35, item 3: has the visa label the visitor picked in a column beside the value sent", () => {
    const picked: ExportedEnquiry = { ...sample, visaType: "60 Days Dubai Visa", visaLabel: "Visa Change Service" };
    const [header, row] = toCsv([picked])
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    const cells = (line = "") => line.split(",");
    const at = (name: string) => cells(header).indexOf(name);
    expect(cells(row)[at("visa_type")]).toBe("60 Days Dubai Visa");
    expect(cells(row)[at("visa_label")]).toBe("Visa Change Service");
  });
});

describe("issue 35, items 7 and 8: a CSV Excel reads right, in Dubai time, with how the enquiry was worked", () => {
  it("starts with a UTF-8 byte order mark, so Excel shows Arabic and Niño as written", () => {
    const csv = toCsv([{ ...sample, name: "محمد Niño" }]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const bytes = Buffer.from(csv, "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8")).toContain("محمد Niño");
    // Only once, before the header.
    expect(csv.indexOf("\uFEFF", 1)).toBe(-1);
  });

  it("shows the times in Dubai time and says so in the header", () => {
    const sent: ExportedEnquiry = {
      ...sample,
      message: "Hello",
      status: "sent",
      sentAt: "2026-01-01T20:30:05.000Z",
    };
    const [header = "", row = ""] = toCsv([sent])
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    const at = (name: string) => header.split(",").indexOf(name);
    expect(header).not.toMatch(/(^|,)received_at(,|$)/);
    expect(row.split(",")[at("received_at_dubai_time")]).toBe("2026-01-01 14:00:00");
    expect(row.split(",")[at("sent_at_dubai_time")]).toBe("2026-01-02 00:30:05");
  });

  it("has the status, lost reason, notes and who worked it, page, source and device", () => {
    const worked: ExportedEnquiry = {
      ...sample,
      stage: "lost",
      lostReason: "price",
      notes: [
        { at: "2026-01-02T06:30:00.000Z", who: "Mariam", text: "Called twice" },
        { at: "2026-01-02T07:00:00.000Z", who: null, text: "=1+1" },
      ],
      workedBy: ["Mariam", "Omar"],
      page: "/services",
      source: "whatsapp",
      device: "phone",
      nextStep: { at: "2026-01-03T05:00:00.000Z", note: "=1+1 on arrival" },
    };
    const csv = toCsv([worked]);
    // The next step after the columns scripts already read: when (Dubai time), and its note made safe (then the
    // corrected number and the amount paid, empty here).
    expect(csv.trimEnd().endsWith(",2026-01-03 09:00:00,'=1+1 on arrival,,")).toBe(true);
    expect(csv).toContain(
      ',lost,price,"2026-01-02 10:30, Mariam: Called twice\n2026-01-02 11:00: =1+1","Mariam, Omar",/services,whatsapp,phone,',
    );
  });
});
