// @vitest-environment node
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";
import type { StoredEnquiry } from "./types";

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

describe("toCsv", () => {
  it("writes a header and one line per enquiry", () => {
    const enquiry: StoredEnquiry = {
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
    };
    const held: StoredEnquiry = { ...enquiry, id: 2, status: "held", heldReason: "honeypot filled" };
    expect(toCsv([enquiry, held]).split("\r\n")).toEqual([
      "id,received_at,kind,name,email,phone,visa_type,travel_date,adult,child,subject,message,delivery,attempts,sent_at,last_error,held_reason",
      '1,2026-01-01T10:00:00.000Z,enquiry,Aisha,a@example.com,\'+97150,Tourist Visa,2026-02-01,,,,"Hello, world",pending,0,,,',
      '2,2026-01-01T10:00:00.000Z,enquiry,Aisha,a@example.com,\'+97150,Tourist Visa,2026-02-01,,,,"Hello, world",held,0,,,honeypot filled',
      "",
    ]);
  });
});
