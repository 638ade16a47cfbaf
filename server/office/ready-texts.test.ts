// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import { removeTestDirs } from "../testing/inbox-server";
import { officeServer, type SignedInPerson } from "./testing/office-server";

/*
 * Issue 37, "Replies from ready texts", through the office's routes: an enquiry's page offers the agency's texts
 * (content/office/replies.yaml) filled in for its visitor and page, and a tap on one is noted on the timeline by
 * its name. The route itself is the reply tap's (routes.ts, `reply`): attacker.test.ts checks it with the rest.
 */

afterAll(removeTestDirs);

/** The links of the page's ready texts, by the text's name: href, with &amp; read back. */
function readyLinks(html: string): Map<string, { whatsapp?: URL; email?: URL }> {
  const links = new Map<string, { whatsapp?: URL; email?: URL }>();
  for (const match of html.matchAll(/<a [^>]*href="([^"]+)"[^>]*data-reply="(whatsapp|email)" data-text="([^"]+)"/g)) {
    const [, href = "", channel = "", name = ""] = match;
    const entry = links.get(name) ?? {};
    entry[channel as "whatsapp" | "email"] = new URL(href.replace(/&amp;/g, "&"));
    links.set(name, entry);
  }
  return links;
}

describe.each(engines)("the ready texts of an enquiry on %s", (engine) => {
  const office = officeServer(engine, "Rafael Cruz", "staff");
  let staff: SignedInPerson;
  beforeAll(() => void ({ person: staff } = office));

  const { submit } = office;

  it("offers each text filled in with the visitor's name, the option they picked and their page's price and documents", async () => {
    const id = await submit(
      { name: "Aisha Khan", phone: "050 123 4567", visa_type: "Tourist Visa" },
      "/tourist-visa/2",
    );
    const page = await staff.client.get(`/office/enquiries/${id}`);
    expect(page.status).toBe(200);
    const links = readyLinks(page.text);
    expect([...links.keys()]).toEqual([
      "First reply with the price",
      "Documents needed",
      "Reminder",
      "Visa approved",
      "Ask for a review",
    ]);
    const first = links.get("First reply with the price");
    expect(first?.whatsapp?.origin).toBe("https://wa.me");
    expect(first?.whatsapp?.pathname).toBe("/971501234567");
    expect(first?.whatsapp?.searchParams.get("text")).toContain("Hello Aisha,");
    expect(first?.whatsapp?.searchParams.get("text")).toContain("enquiry about Tourist Visa.");
    // The price of the page it was sent from: Tourist Visa, 30 Days.
    expect(first?.whatsapp?.searchParams.get("text")).toContain("The price is AED 390.00.");
    const documents = links.get("Documents needed");
    expect(documents?.whatsapp?.searchParams.get("text")).toContain(
      "• Clear colour copy of your passport, valid for at least 6 months\n• Passport-size photo",
    );
    expect(documents?.email?.protocol).toBe("mailto:");
    expect(documents?.email?.searchParams.get("subject")).toMatch(/^Documents for Tourist Visa - /);
    expect(documents?.email?.searchParams.get("body")).toContain("\r\n• Passport-size photo");
    // The greeting buttons above are as they were.
    expect(page.text).toContain('data-reply="whatsapp" target="_blank"');
  });

  // Issue 59, item 1: the service picked, not the page the form was on (the 48-hour transit visa's, AED 190.00).
  it("quotes a Dubai form's service its own price and papers, and tells staff when no service is known", async () => {
    const maria = await submit(
      { name: "Maria Reyes", phone: "050 123 4580", visa_type: "30 Days Dubai Visa", visa_label: "Dubai Tourist Visa" },
      "/dubai-visa/1",
    );
    const page = await staff.client.get(`/office/enquiries/${maria}`);
    const text = readyLinks(page.text).get("First reply with the price")?.whatsapp?.searchParams.get("text") ?? "";
    expect(text).toContain("enquiry about Dubai Tourist Visa.");
    expect(text).toContain("The price is AED 390.00.");
    expect(text).not.toContain("AED 190.00");
    expect(page.text).not.toContain('class="ready-note"');

    const none = await submit({ name: "Sam Lee", phone: "050 123 4581", visa_type: "" }, "/dubai-visa/1");
    const unknown = await staff.client.get(`/office/enquiries/${none}`);
    const note = /<p class="ready-note">([^<]*)<\/p>/.exec(unknown.text)?.[1] ?? "";
    expect(note).toContain("leave out the price and the documents");
    const first = readyLinks(unknown.text).get("First reply with the price")?.whatsapp?.searchParams.get("text") ?? "";
    expect(first).toContain("The price is available on request.");
    expect(first).not.toContain("AED 190.00");
  });

  // Issue 59, item 6: a dummy ticket is not a visa: no "We apply for you", no "Visa approved".
  it("offers a booking's texts on a dummy ticket enquiry, never the visa texts, and greets by first name", async () => {
    const id = await submit(
      {
        name: "Mr. Rajesh Kumar",
        phone: "050 123 4582",
        visa_type: "90 Days Dubai Leisure Visa",
        visa_label: "Dummy Ticket",
      },
      "/services",
    );
    const page = await staff.client.get(`/office/enquiries/${id}`);
    const links = readyLinks(page.text);
    expect([...links.keys()]).toEqual([
      "First reply with the price, for a booking or package",
      "Reminder",
      "Ask for a review",
    ]);
    const text = links.get("First reply with the price, for a booking or package")?.whatsapp?.searchParams.get("text");
    expect(text).toMatch(/^Hello Rajesh, this is /);
    expect(text).toContain("enquiry about Dummy Ticket.");
    expect(text).not.toContain("apply");
  });

  it("notes a tap on a text on the timeline by the text's name and the person, and the enquiry is contacted", async () => {
    const id = await submit({ name: "Joy Santos", phone: "050 123 4568" }, "/visa-changes/2");
    const { client } = staff;
    const tap = await client.json(`/office/enquiries/${id}/replies`, { channel: "whatsapp", text: "Documents needed" });
    expect(tap.status).toBe(204);
    const mail = await client.json(`/office/enquiries/${id}/replies`, { channel: "email", text: "Visa approved" });
    expect(mail.status).toBe(204);
    const page = await client.get(`/office/enquiries/${id}`);
    expect(page.text).toContain("Sent the ‘Documents needed’ text on WhatsApp");
    expect(page.text).toContain("Sent the ‘Visa approved’ text by e-mail");
    expect(page.text).toContain("Rafael Cruz · ");
    expect(page.text).toContain('data-stage="contacted"');
  });

  it("notes a name the file does not have, or a call carrying a text, as a plain tap, never the name sent", async () => {
    const id = await submit({ name: "Omar Haddad", phone: "050 123 4569" }, "/contact");
    const { client } = staff;
    const sent = [
      { channel: "whatsapp", text: `<img src=x onerror=alert(1)> Made up` },
      { channel: "call", text: "Documents needed" },
      { channel: "email", text: "" },
    ];
    for (const body of sent) expect((await client.json(`/office/enquiries/${id}/replies`, body)).status).toBe(204);
    const page = await client.get(`/office/enquiries/${id}`);
    expect(page.text).not.toContain("Made up");
    expect(page.text).not.toContain("<img src=x");
    expect(page.text).not.toContain("Sent the ‘");
    expect(page.text).toContain("Opened WhatsApp");
    expect(page.text).toContain("Called");
    expect(page.text).toContain("Opened an e-mail");
  });

  it("refuses a text name longer than any the file may hold, and a list of them", async () => {
    const id = await submit({ name: "Long Name", phone: "050 123 4570" }, "/contact");
    const { client } = staff;
    const long = await client.json(`/office/enquiries/${id}/replies`, { channel: "whatsapp", text: "x".repeat(201) });
    expect(long.status).toBe(400);
    const list = await client.json(`/office/enquiries/${id}/replies`, { channel: "whatsapp", text: ["Reminder"] });
    expect(list.status).toBe(400);
    expect((await client.get(`/office/enquiries/${id}`)).text).not.toContain("Opened WhatsApp");
  });

  it("shows a hostile visitor's name as text in the preview, and puts it into the links encoded", async () => {
    // One word: the texts greet by the first (issue 59, item 6), and this one holds every character to escape.
    const name = `Zoë"<b>Bold</b>"&Co?text=x#y`;
    const id = await submit({ name, phone: "050 123 4571", email: "zoe@example.com" }, "/contact");
    const page = await staff.client.get(`/office/enquiries/${id}`);
    expect(page.text).not.toContain("<b>Bold</b>");
    expect(page.text).toContain("Hello Zoë&quot;&lt;b>Bold&lt;/b>&quot;&amp;Co?text=x#y,");
    const first = readyLinks(page.text).get("First reply with the price");
    expect([...(first?.whatsapp?.searchParams.keys() ?? [])]).toEqual(["text"]);
    expect(first?.whatsapp?.hash).toBe("");
    expect(first?.whatsapp?.searchParams.get("text")).toContain(`Hello ${name}, this is`);
    // Sent from the Contact page about "Tourist Visa" (the kind the test's form picks): from the tourist visas' lowest
    // price, whatever page it came from (issue 59, item 1).
    expect(first?.whatsapp?.searchParams.get("text")).toContain("The price is from AED 390.00.");
    expect([...(first?.email?.searchParams.keys() ?? [])]).toEqual(["subject", "body"]);
    expect(first?.email?.searchParams.get("body")).toContain(`Hello ${name}, this is`);
  });
});
