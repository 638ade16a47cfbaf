// @vitest-environment node
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { EnquiryDetail, ListRow } from "../work";
import { Enquiry } from "./enquiry";
import { Inbox } from "./inbox";

// What a visitor (or a mail server, or a colleague's note) can put in stored text that a page must never show raw:
// a right-to-left override, which turns "Aisha\u202Egpj.exe" into "Aishaexe.jpg" on screen, an isolate, a
// zero-width space, an escape and a null.
const tricks = ["\u202e", "\u2067", "\u200b", "\u001b", "\u0000"];
const marked = (text: string) => `${text}\u202Egpj.exe\u2067\u200b\u001b\u0000`;
const markers = ["[U+202E]", "[U+2067]", "[U+200B]", "[U+001B]", "[U+0000]"];

function expectShownVisibly(html: string, field: string, times: number) {
  for (const char of tricks) expect(html, `the raw U+${char.codePointAt(0)?.toString(16)}`).not.toContain(char);
  // Each field shows its own markers (the field's text is before them), so none is left raw.
  const shown = `${field}[U+202E]gpj.exe[U+2067][U+200B][U+001B][U+0000]`;
  expect(html.split(shown).length - 1, `${field} shown with its markers`).toBe(times);
  for (const marker of markers) expect(html).toContain(marker);
}

const row: ListRow = {
  id: 7,
  receivedAt: "2026-05-01T08:00:00.000Z",
  name: marked("Aisha"),
  service: marked("Tourist"),
  page: marked("/visas/page"),
  travelDate: marked("2026-06-01"),
  stage: "new",
  lostReason: null,
  opened: false,
  delivery: "pending",
};

const enquiry: EnquiryDetail = {
  ...row,
  kind: "enquiry",
  email: marked("mail@example.com"),
  phone: marked("+971501234567"),
  phoneInternational: null,
  phoneFlag: null,
  adult: marked("Adults 2"),
  child: marked("Children 1"),
  subject: marked("Subject"),
  visaType: marked("Tourist"),
  visaLabel: null,
  date: row.travelDate,
  message: marked("Hello\nsecond line"),
  lostReason: marked("Too dear"),
  attempts: 1,
  lastError: marked("550 refused"),
  sentAt: null,
  heldReason: marked("honeypot"),
  source: marked("flyer"),
  device: marked("phone"),
  cameBy: null,
  events: [
    { id: 1, at: "2026-05-01T09:00:00.000Z", who: marked("Omar"), kind: "note", detail: marked("Call back") },
    { id: 2, at: "2026-05-01T10:00:00.000Z", who: marked("Omar"), kind: "stage", detail: marked("lost: Too dear") },
    {
      id: 3,
      at: "2026-05-01T11:00:00.000Z",
      who: null,
      kind: "corrected-email",
      detail: JSON.stringify({ from: marked("old@example.com"), to: marked("new@example.com") }),
    },
  ],
};

const replies = { call: null, whatsapp: null, email: null, greeting: "Hello" };

describe("issue 34, finding 9: the office shows visitor text's bidi overrides and control characters visibly", () => {
  it("in the inbox's list: name, service, page and travel date", () => {
    const html = renderToString(
      h(Inbox, {
        tab: "new",
        search: "",
        service: "",
        services: ["Tourist"],
        rows: [row],
        older: null,
        paged: false,
        now: Date.parse("2026-05-02T08:00:00.000Z"),
        counts: { tabs: { new: 1, progress: 0, done: 0, held: 0, all: 1 }, everywhere: 1, capped: false },
        today: 0,
      }),
    );
    expectShownVisibly(html, "Aisha", 1);
    expectShownVisibly(html, "Tourist", 1);
    expectShownVisibly(html, "/visas/page", 1);
    expectShownVisibly(html, "2026-06-01", 1);
  });

  it("in the Done list: why one was lost (issue 35, item 8)", () => {
    const html = renderToString(
      h(Inbox, {
        tab: "done",
        search: "",
        service: "",
        services: [],
        rows: [{ ...row, stage: "lost", lostReason: marked("Too dear") }],
        older: null,
        paged: false,
        now: Date.parse("2026-05-02T08:00:00.000Z"),
        counts: { tabs: { new: 0, progress: 0, done: 1, held: 0, all: 1 }, everywhere: 1, capped: false },
        today: 0,
      }),
    );
    expectShownVisibly(html, "Too dear", 1);
  });

  it("in the service filter's choices, whose value stays as stored so that choosing one still finds them", () => {
    const html = renderToString(
      h(Inbox, {
        tab: "new",
        search: "",
        service: "",
        services: ["Tourist\u202e"],
        rows: [],
        older: null,
        paged: false,
        now: 0,
        counts: { tabs: { new: 0, progress: 0, done: 0, held: 0, all: 0 }, everywhere: 0, capped: false },
        today: 0,
      }),
    );
    expect(html).toContain('<option value="Tourist\u202e">Tourist[U+202E]</option>');
  });

  it("on the enquiry's page: its name, service, every field, the message, where it came from and the delivery", () => {
    const html = renderToString(h(Enquiry, { enquiry: { ...enquiry, events: [] }, replies, mailOn: true }));
    for (const field of ["Aisha", "mail@example.com", "+971501234567", "Adults 2", "Children 1", "2026-06-01"]) {
      expectShownVisibly(html, field, 1);
    }
    expectShownVisibly(html, "Tourist", 2); // the subtitle and the visa type
    expectShownVisibly(html, "Subject", 2); // over the message, and its field
    expectShownVisibly(html, "Hello\nsecond line", 1); // the message keeps its line break
    expectShownVisibly(html, "/visas/page", 1);
    expectShownVisibly(html, "550 refused", 1);
    expectShownVisibly(html, "flyer", 1); // a campaign tag, where the visit came from
    expectShownVisibly(html, "phone", 1);
  });

  it("on a held enquiry's page: why it was held", () => {
    const html = renderToString(
      h(Enquiry, { enquiry: { ...enquiry, delivery: "held", events: [] }, replies, mailOn: true }),
    );
    expectShownVisibly(html, "honeypot", 1); // the card, a reason the spam checks do not know kept as stored
  });

  it("on a lost enquiry's page: why it was lost", () => {
    const html = renderToString(
      h(Enquiry, { enquiry: { ...enquiry, stage: "lost", events: [] }, replies, mailOn: true }),
    );
    expectShownVisibly(html, "Too dear", 1);
  });

  it("on the timeline: a note, a reason for a move and who did it", () => {
    const html = renderToString(h(Enquiry, { enquiry, replies, mailOn: true }));
    expectShownVisibly(html, "Call back", 1);
    expectShownVisibly(html, "Moved to Lost: Too dear", 1);
    expectShownVisibly(html, "Omar", 2);
    // Issue 35, item 6: an e-mail address corrected, the new one and the one it replaced.
    expectShownVisibly(html, "Corrected the e-mail address to new@example.com", 1);
    expectShownVisibly(html, " (it was old@example.com", 1);
  });
});
