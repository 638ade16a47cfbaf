// @vitest-environment node
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readReplyTexts, readyReplies, repliesFile, type ReplyTexts } from "./replies";
import { loadReplyFacts, serviceFacts } from "./reply-facts";
import { fallbacks, fieldWords, fillIn, firstName, type TextValues } from "./reply-texts";

/* Issue 37, "Replies from ready texts": the texts the agency keeps, checked, and filled in for one enquiry. */

const folder = mkdtempSync(join(tmpdir(), "office-ready-texts-"));
let files = 0;
/** A replies.yaml of the test's own: the shipped greetings, and these lines after them. */
function fileWith(yaml: string): string {
  const file = join(folder, `replies-${(files += 1)}.yaml`);
  writeFileSync(file, `whatsappGreeting: "Hi {name}"\nemailSubject: "About {service}"\n${yaml}`);
  return file;
}

const every = "{name}|{service}|{price}|{documents}|{agency}|{hours}";
const known: TextValues = {
  name: "Aisha Khan",
  service: "Tourist Visa",
  price: "AED 390.00",
  documents: ["Passport copy", "Photo"],
  pageAddress: "https://example.com/tourist-visa/2",
  agency: "Karama Visa & Travel",
  hours: "Mon - Sat, 10.00 am to 10.00 pm",
};

describe("filling in a ready text", () => {
  it("fills in every field", () => {
    expect(fillIn(every, fieldWords(known)).split("|")).toEqual([
      "Aisha",
      "Tourist Visa",
      "AED 390.00",
      "• Passport copy\n• Photo",
      "Karama Visa & Travel",
      "Mon - Sat, 10.00 am to 10.00 pm",
    ]);
  });

  it("uses every field's fallback when the enquiry has nothing for it", () => {
    const empty = { name: " ", service: "", price: "", documents: [], pageAddress: null, agency: "", hours: "" };
    expect(fillIn(every, fieldWords(empty)).split("|")).toEqual([
      "there",
      "your visa",
      "available on request",
      "We will tell you exactly which documents to send.",
      "our agency",
      "as shown on our website",
    ]);
    // A service page that lists no documents: the sentence points to it.
    expect(fieldWords({ ...known, documents: ["  "] }).documents).toBe(
      "You will find the list on our website: https://example.com/tourist-visa/2",
    );
    expect(fallbacks.documentsOnPage("x")).toContain("x");
  });

  it("fills a field as often as it is written, and leaves other braces as they are", () => {
    expect(fillIn("{name}, {name}! {unknown}", fieldWords(known))).toBe("Aisha, Aisha! {unknown}");
  });
});

// Issue 59, item 6: "Hello Maria", not "Hello Maria Clara Reyes Santos".
describe("greeting a visitor by their first name", () => {
  it.each([
    ["Maria Clara Reyes", "Maria"],
    ["  aisha   khan ", "aisha"],
    ["Mr. Rajesh Kumar", "Rajesh"],
    ["dr ahmed hassan", "ahmed"],
    ["Mrs Fatima", "Fatima"],
    ["Abdul Rahman Al Mansoori", "Abdul Rahman"],
    ["Abd Allah Saeed", "Abd Allah"],
    ["عبد الله المنصوري", "عبد الله"],
    ["فاطمة الزهراء", "فاطمة"],
    ["Prince", "Prince"],
    ["M. Ali", "M. Ali"],
    ["J Santos", "J Santos"],
    ["Mr.", ""],
    ["", ""],
  ])("%j is greeted as %j", (name, first) => {
    expect(firstName(name)).toBe(first);
  });

  it("falls back to 'there' when the name has nothing to greet", () => {
    expect(fieldWords({ ...known, name: "Mr." }).name).toBe("there");
  });
});

describe("the price and documents of the service page an enquiry was sent from, its kind picked", () => {
  beforeAll(loadReplyFacts);
  const site = "https://karama.example";
  /** An enquiry from `page` about the kind of service `kind` (the form's own, on a service page). */
  const pageFacts = (
    page: string | null,
    kind = page?.startsWith("/visa-packages") ? "Visa package" : "Tourist Visa",
  ) => serviceFacts({ page, visaType: kind, visaLabel: null }, site);

  it("reads a service page's own price and documents checklist, from the site's content files", () => {
    const facts = pageFacts("/tourist-visa/2");
    expect(facts.price).toBe("AED 390.00");
    expect(facts.documents[0]).toBe("Clear colour copy of your passport, valid for at least 6 months");
    expect(facts.pageAddress).toBe("https://karama.example/tourist-visa/2");
    expect(facts.hours).toBe("Mon - Sat, 10.00 am to 10.00 pm");
    // The documents of that page, not another's: the visa packages ask for travel dates.
    expect(pageFacts("/visa-packages/2").documents).toContain("Your travel dates and the names of everyone travelling");
    expect(facts.documents).not.toContain("Your travel dates and the names of everyone travelling");
  });

  it('says "from" the lowest price of a page that lists several', () => {
    expect(pageFacts("/tourist-visa/1").price).toBe("from AED 390.00");
  });

  it.each([null, "/contact", "/", "/services", "/tourist-visa/9", "/tourist-visa/2/x", "/nowhere/1"])(
    "knows no price or documents for %j without a service picked",
    (page) => {
      expect(pageFacts(page, "")).toMatchObject({ price: "", documents: [], pageAddress: null });
    },
  );
});

describe("the ready texts of an enquiry, with their links", () => {
  const texts: ReplyTexts = {
    ...readReplyTexts(fileWith("texts: []\n")),
    texts: [
      { name: "Both", channel: "both", subject: "About {service} - {agency}", text: "Hello {name},\n{documents}" },
      { name: "Chat", channel: "whatsapp", text: "Hi {name}: {price}" },
      { name: "Mail", channel: "email", subject: "Hours", text: "{hours}" },
    ],
  };
  const to = { name: "Aisha Khan", phone: "050 123 4567", email: "aisha+visa@example.com", service: "Tourist Visa" };
  const page = { ...known, name: undefined, service: undefined };

  it("opens WhatsApp with the text, and the mail app with its subject and body, each where the channel says", () => {
    const [both, chat, mail] = readyReplies({ ...to, visaLabel: "Tourist Visa" }, texts, page);
    const whatsapp = new URL(both?.whatsapp ?? "");
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/971501234567");
    expect(whatsapp.searchParams.get("text")).toBe("Hello Aisha,\n• Passport copy\n• Photo");
    const email = new URL(both?.email ?? "");
    expect(email.protocol + decodeURIComponent(email.pathname)).toBe("mailto:aisha+visa@example.com");
    expect(email.searchParams.get("subject")).toBe("About Tourist Visa - Karama Visa & Travel");
    // Lines end with CRLF in a mail's body (RFC 6068).
    expect(email.searchParams.get("body")).toBe("Hello Aisha,\r\n• Passport copy\r\n• Photo");
    expect(chat).toMatchObject({ email: null, text: "Hi Aisha: AED 390.00" });
    expect(mail).toMatchObject({ whatsapp: null, subject: "Hours", text: "Mon - Sat, 10.00 am to 10.00 pm" });
  });

  it("names the option the visitor picked; a message from the Contact page has none, and reads with the fallback", () => {
    const [picked] = readyReplies(
      { ...to, visaType: "30 Days Dubai Visa", visaLabel: "Dubai Tourist Visa" },
      texts,
      page,
    );
    expect(picked?.subject).toBe("About Dubai Tourist Visa - Karama Visa & Travel");
    const contact = { ...to, kind: "contact" as const, service: "Visa enquiry", subject: "Visa enquiry" };
    const noPage = { ...page, price: "", documents: [], pageAddress: null };
    const [message, chat] = readyReplies(contact, texts, noPage);
    expect(message?.subject).toBe("About your visa - Karama Visa & Travel");
    expect(message?.text).toBe("Hello Aisha,\nWe will tell you exactly which documents to send.");
    expect(chat?.text).toBe("Hi Aisha: available on request");
  });

  it("puts a name with odd characters into the links as text: no other parameter, header or address", () => {
    // The greeting takes the first word (issue 59): the odd characters are in it, and a header after a line break
    // never reaches the text at all.
    const first = "Zoë&<b>Ali</b>?text=x#frag%41\u202Eevil";
    const odd = `${first}\r\nBcc: spy@evil.example`;
    const [both] = readyReplies({ ...to, name: odd, email: "a@example.com?bcc=spy@evil.example" }, texts, page);
    const whatsapp = new URL(both?.whatsapp ?? "");
    expect([...whatsapp.searchParams.keys()]).toEqual(["text"]);
    expect(whatsapp.hash).toBe("");
    expect(whatsapp.searchParams.get("text")).toBe(`Hello ${first},\n• Passport copy\n• Photo`);
    const raw = both?.email ?? "";
    expect(raw).not.toMatch(/[\r\n <>#]/);
    const email = new URL(raw);
    expect([...email.searchParams.keys()]).toEqual(["subject", "body"]);
    expect(decodeURIComponent(email.pathname)).toBe("a@example.com?bcc=spy@evil.example");
    expect(email.searchParams.get("body")).toBe(`Hello ${first},\r\n• Passport copy\r\n• Photo`);
  });

  // Issue 56: {link} is a case's private link, shown only when it was just issued (only its hash is kept).
  it("offers a text with {link} only with a link just issued, and fills it in there", () => {
    const withLink: ReplyTexts = {
      ...texts,
      texts: [...texts.texts, { name: "Papers", channel: "both", subject: "Papers", text: "Send them here: {link}" }],
    };
    expect(readyReplies(to, withLink, page).map((each) => each.name)).toEqual(["Both", "Chat", "Mail"]);
    const link = "https://karama.example/case/abc_DEF-123";
    const offered = readyReplies(to, withLink, { ...page, link }, { onlyLink: true });
    expect(offered.map((each) => each.name)).toEqual(["Papers"]);
    expect(offered[0]?.text).toBe(`Send them here: ${link}`);
    expect(offered[0]?.whatsapp).toContain(encodeURIComponent(link));
    expect(fieldWords({ ...known }).link).toBe("");
  });

  it("offers no link it cannot make: no number to dial, no address to write to", () => {
    const [both] = readyReplies({ ...to, phone: "n/a", email: "" }, texts, page);
    expect(both).toMatchObject({ whatsapp: null, email: null });
  });
});

describe("the agency's file of replies", () => {
  it("ships a first reply with the price (a visa's, a booking's), documents needed, a reminder, visa approved and a review request", () => {
    const { texts } = readReplyTexts();
    expect(texts.map((text) => [text.name, text.services ?? "all"])).toEqual([
      ["First reply with the price", "visas"],
      ["First reply with the price, for a booking or package", "other"],
      ["Documents needed", "visas"],
      ["Reminder", "all"],
      ["Visa approved", "visas"],
      ["Ask for a review", "all"],
      ["Your papers", "all"],
      ["Your payment", "all"],
    ]);
    // Issue 58: the text that asks for a payment, with the case's link and the amount.
    expect(texts[7]?.text).toContain("{link}");
    expect(texts[7]?.text).toContain("{amount}");
    expect(texts[7]?.text).toContain("Pay now");
    // Issue 56: the text that sends a case's private link.
    expect(texts[6]?.text).toContain("{link}");
    expect(texts[0]?.text).toContain("{price}");
    expect(texts[1]?.text).toContain("{price}");
    expect(texts[2]?.text).toContain("{documents}");
    // Only the visa texts speak of applying (issue 59, item 6).
    for (const text of texts.filter((each) => each.services !== "visas")) expect(text.text).not.toMatch(/apply/i);
    // No review address is known: no made-up link.
    expect(texts[5]?.text).not.toMatch(/https?:/);
    // The guide in the file's comments names every field with its fallback.
    const comments = readFileSync(repliesFile, "utf8");
    for (const words of [fallbacks.name, fallbacks.service, fallbacks.price, fallbacks.documents, fallbacks.hours]) {
      expect(comments).toContain(words);
    }
  });

  // Issue 58: {amount} is a payment just asked for on a case; only its texts are offered then, and never elsewhere.
  it("offers a text with {amount} only with a payment just asked for and a link, and only such texts then", () => {
    const texts = readReplyTexts();
    const to = {
      name: "Maria Santos",
      phone: "+971501234567",
      email: "maria@example.com",
      service: "Tourist Visa",
      visaType: "Tourist Visa",
    };
    const page = { price: "", documents: [], pageAddress: null, hours: "", agency: "Karama Visa & Travel" };
    const link = "https://karama.example/case/abc";
    const names = (offered: { name: string }[]) => offered.map((text) => text.name);
    expect(names(readyReplies(to, texts, { ...page, link }, { onlyLink: true }))).toEqual(["Your papers"]);
    const asked = readyReplies(to, texts, { ...page, link, amount: "AED 190.00" }, { onlyLink: true });
    expect(names(asked)).toEqual(["Your payment"]);
    expect(asked[0]?.text).toContain(`please pay AED 190.00 on your own page: ${link}`);
    expect(names(readyReplies(to, texts, page))).not.toContain("Your payment");
  });

  it("reads a file from before the ready texts: the greetings, and no texts", () => {
    expect(readReplyTexts(fileWith("")).texts).toEqual([]);
  });

  it("refuses a field it does not know, naming the file, the text and the field", () => {
    const file = fileWith(
      'texts:\n  - name: Fine\n    channel: whatsapp\n    text: "Hi {name}"\n' +
        '  - name: Documents needed\n    channel: whatsapp\n    text: "Hi {name}, the {prize} is {Price}"\n',
    );
    expect(() => readReplyTexts(file)).toThrow(
      /replies-\d+\.yaml: texts\[2\] "Documents needed", text: unknown field \{prize\}: the fields are \{name\}, \{service\}, \{price\}, \{documents\}, \{agency\}, \{hours\}, \{link\}, \{amount\}; texts\[2\] "Documents needed", text: unknown field \{Price\}/,
    );
    const inSubject = fileWith('texts:\n  - name: Mail\n    channel: email\n    subject: "{subjet}"\n    text: "Hi"\n');
    expect(() => readReplyTexts(inSubject)).toThrow(/texts\[1\] "Mail", subject: unknown field \{subjet\}/);
  });

  it("asks an e-mail text for its subject, a channel it knows, a name used once", () => {
    const noSubject = fileWith('texts:\n  - name: Mail\n    channel: both\n    text: "Hi"\n');
    expect(() => readReplyTexts(noSubject)).toThrow(/texts\[1\] "Mail", subject: expected a subject for the e-mail/);
    const badChannel = fileWith('texts:\n  - name: Sms\n    channel: sms\n    text: "Hi"\n');
    expect(() => readReplyTexts(badChannel)).toThrow(/texts\[1\] "Sms", channel: expected whatsapp, email or both/);
    const twice = fileWith(
      'texts:\n  - name: Hi\n    channel: whatsapp\n    text: "Hi"\n  - name: Hi\n    channel: whatsapp\n    text: "Ho"\n',
    );
    expect(() => readReplyTexts(twice)).toThrow(/texts\[2\] "Hi", name: the name "Hi" is used twice/);
    const unnamed = fileWith('texts:\n  - channel: whatsapp\n    text: "Hi"\n');
    expect(() => readReplyTexts(unnamed)).toThrow(/texts\[1\], name: /);
  });
});
