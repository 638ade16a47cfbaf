// @vitest-environment node
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { internationalDigits, readReplyTexts, replyLinks } from "./replies";

describe("internationalDigits", () => {
  it.each([
    ["+971 50 123 4567", "971501234567"],
    ["050-123-4567", "971501234567"],
    ["0501234567", "971501234567"],
    ["501234567", "971501234567"],
    ["00971501234567", "971501234567"],
    ["+44 20 7946 0958", "442079460958"],
    ["+91 98765 43210", "919876543210"],
  ])("%s is %s", (phone, digits) => {
    expect(internationalDigits(phone)).toBe(digits);
  });

  it.each(["", "12345", "+1234567890123456", "call me"])("%j is not a number WhatsApp knows", (phone) => {
    expect(internationalDigits(phone)).toBeNull();
  });
});

describe("replyLinks", () => {
  const texts = readReplyTexts();
  const to = { name: "Aisha Khan", phone: "050 123 4567", email: "aisha+visa@example.com", service: "Tourist Visa" };

  it("calls, greets on WhatsApp naming the visitor and the service, and mails with the service as subject", () => {
    const links = replyLinks(to, texts, "Karama Visa & Travel");
    expect(links.call).toBe("tel:+971501234567");
    const whatsapp = new URL(links.whatsapp ?? "");
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/971501234567");
    expect(whatsapp.searchParams.get("text")).toBe(
      "Hello Aisha, this is Karama Visa & Travel. Thank you for your enquiry about Tourist Visa. How can we help?",
    );
    const mail = new URL(links.email ?? "");
    expect(mail.protocol).toBe("mailto:");
    expect(decodeURIComponent(mail.pathname)).toBe("aisha+visa@example.com");
    expect(mail.searchParams.get("subject")).toBe("Your enquiry about Tourist Visa - Karama Visa & Travel");
  });

  it('greets a visitor by the option they picked, never with the office\'s "sent as" (issue 35, item 9)', () => {
    const links = replyLinks(
      {
        ...to,
        service: "Dubai Tourist Visa (sent as 30 Days Dubai Visa)",
        visaType: "30 Days Dubai Visa",
        visaLabel: "Dubai Tourist Visa",
      },
      texts,
      "Karama Visa & Travel",
    );
    expect(links.greeting).toBe(
      "Hello Aisha, this is Karama Visa & Travel. Thank you for your enquiry about Dubai Tourist Visa. How can we help?",
    );
    expect(new URL(links.email ?? "").searchParams.get("subject")).toBe(
      "Your enquiry about Dubai Tourist Visa - Karama Visa & Travel",
    );
  });

  it('reads naturally for a message from the Contact page: not "your enquiry about Visa enquiry" (issue 35, item 9)', () => {
    const contact = { ...to, kind: "contact" as const, service: "Visa enquiry", subject: "Visa enquiry" };
    const links = replyLinks(contact, texts, "Karama Visa & Travel");
    expect(links.greeting).toBe(
      "Hello Aisha, this is Karama Visa & Travel. Thank you for your message. How can we help?",
    );
    expect(new URL(links.whatsapp ?? "").searchParams.get("text")).toBe(links.greeting);
    expect(new URL(links.email ?? "").searchParams.get("subject")).toBe("Re: Visa enquiry - Karama Visa & Travel");
    const untitled = replyLinks(
      { ...contact, service: "Contact message", subject: "  " },
      texts,
      "Karama Visa & Travel",
    );
    expect(new URL(untitled.email ?? "").searchParams.get("subject")).toBe("Re: Your message - Karama Visa & Travel");
  });

  it("offers no link it cannot make", () => {
    expect(replyLinks({ ...to, phone: "n/a", email: "" }, texts, "A")).toMatchObject({
      call: null,
      whatsapp: null,
      email: null,
    });
  });

  it("dials the international form stored beside the number as typed (issue 35)", () => {
    const links = replyLinks({ ...to, phone: "0917 123 4567", phoneInternational: "+639171234567" }, texts, "A");
    expect(links.call).toBe("tel:+639171234567");
    expect(new URL(links.whatsapp ?? "").pathname).toBe("/639171234567");
  });

  it("reads a Philippine mobile typed at home as +63, and never dials a foreign mobile as +98 (issue 35)", () => {
    expect(replyLinks({ ...to, phone: "09171234567" }, texts, "A").call).toBe("tel:+639171234567");
    const flagged = replyLinks({ ...to, phone: "9845012345" }, texts, "A");
    expect(flagged).toMatchObject({ call: null, whatsapp: null });
    expect(replyLinks({ ...to, phone: "9845012345", phoneInternational: null }, texts, "A").call).toBeNull();
  });

  it("reads the owner's texts, and names the file and field when one is wrong", () => {
    const folder = mkdtempSync(join(tmpdir(), "office-texts-"));
    const file = join(folder, "replies.yaml");
    writeFileSync(file, 'whatsappGreeting: "Hi {name}"\nemailSubject: ""\n');
    expect(() => readReplyTexts(file)).toThrow(/replies\.yaml: emailSubject/);
  });
});
