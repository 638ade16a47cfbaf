import { describe, expect, it } from "vitest";
import { composeMail } from "./mail";
import type { StoredEnquiry } from "../data/enquiries/types";

const enquiry = (values: Partial<StoredEnquiry>): StoredEnquiry => ({
  kind: "enquiry",
  name: "Aisha Khan",
  email: "aisha@example.com",
  phone: "+971 50 123 4567",
  visaType: "Tourist Visa",
  date: "2026-12-07",
  adult: "1",
  child: "0",
  subject: "",
  message: "Hello",
  id: 7,
  receivedAt: "2026-11-25T10:00:00.000Z",
  status: "pending",
  attempts: 0,
  rejections: 0,
  nextAttemptAt: 0,
  lastError: null,
  sentAt: null,
  heldReason: null,
  page: "/dubai-visa/1",
  source: null,
  device: null,
  visaLabel: null,
  cameBy: null,
  ...values,
});

const agency = "info@agency.example";
const sender = "Karama Visa <site@agency.example>";

describe("issue 34, finding 8: visitor text in the agency's enquiry mail is never a link", () => {
  const mail = composeMail(
    enquiry({
      name: "Please verify https://evil.example/office/sign-in now",
      visaType: "www.evil.example",
      message: "Line one\nsee http://phish.example/a and evil.example.com\nthanks",
    }),
    agency,
    sender,
    "https://office.agency.example",
  );

  it("breaks every scheme and host name a visitor typed, in the text and the HTML part and the subject", () => {
    for (const part of [mail.text, mail.html, mail.subject]) {
      expect(part).not.toMatch(/https?:\/\/(evil|phish)/);
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("phish.example");
    }
    expect(mail.text).toContain("hxxps://evil[.]example/office/sign-in");
    expect(mail.text).toContain("Visa type: www[.]evil[.]example");
  });

  it("keeps the message whole on its lines, and the office's own link live", () => {
    expect(mail.text).toContain("Message:\nLine one\nsee hxxp://phish[.]example/a and evil[.]example[.]com\nthanks");
    expect(mail.html).toContain('<a href="https://office.agency.example/office/enquiries/7">');
    expect(mail.html.match(/<a /g)).toHaveLength(1);
  });

  it("cuts a 30,000-character name to a sensible length with an ellipsis, and keeps the visitor's address to reply to", () => {
    const long = composeMail(enquiry({ name: "N".repeat(30_000) }), agency, sender);
    expect(long.text.length).toBeLessThan(1_000);
    expect(long.text).toMatch(/Name: N{199}…/);
    expect(long.subject.length).toBeLessThanOrEqual(150);
    expect(long.replyTo).toBe("aisha@example.com");
    expect(long.text).toContain("Email: aisha@example.com");
  });
});

describe("issue 35, item 3: the mail names the service the visitor picked", () => {
  it("shows the label picked, with the value sent beside it, in the fields and the subject", () => {
    const mail = composeMail(
      enquiry({ visaType: "60 Days Dubai Visa", visaLabel: "Visa Change Service" }),
      agency,
      sender,
    );
    expect(mail.subject).toBe("Enquiry #7 from Aisha Khan: Visa Change Service (sent as 60 Days Dubai Visa)");
    expect(mail.text).toContain("Visa type: Visa Change Service (sent as 60 Days Dubai Visa)\n");
    expect(mail.html).toContain("Visa Change Service (sent as 60 Days Dubai Visa)");
  });

  it("shows the label alone where it is the value, and the value alone for an enquiry without a label", () => {
    const same = composeMail(enquiry({ visaType: "Tourist Visa", visaLabel: "Tourist Visa" }), agency, sender);
    expect(same.text).toContain("Visa type: Tourist Visa\n");
    const old = composeMail(enquiry({ visaType: "60 Days Dubai Visa", visaLabel: null }), agency, sender);
    expect(old.subject).toBe("Enquiry #7 from Aisha Khan: 60 Days Dubai Visa");
    expect(old.text).toContain("Visa type: 60 Days Dubai Visa\n");
  });
});

describe("issue 35, item 8: the mail says when the enquiry came in Dubai time", () => {
  it("gives the time received as the agency's clock shows it, and says so", () => {
    const mail = composeMail(enquiry({ receivedAt: "2026-11-25T20:38:00.000Z" }), agency, sender);
    expect(mail.text).toContain("Received 2026-11-26 00:38 (Dubai time) via the website (enquiry #7).");
    expect(mail.html).toContain("Received 2026-11-26 00:38 (Dubai time) via the website");
    expect(mail.text).not.toContain("2026-11-25T20:38");
  });
});
