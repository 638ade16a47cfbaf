// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import { plural } from "../words";
import { removeTestDirs, type Running } from "../testing/inbox-server";
import { OfficeClient } from "./testing/office-client";
import { officeServer, type SignedInPerson } from "./testing/office-server";

/*
 * Issue 35 in the back office, over HTTP on both engines. Item 4: a phone number is read with the UAE as home, Call
 * and WhatsApp dial its international form, a number that is none or a foreign mobile without its country code is
 * flagged on the enquiry and corrected by staff (on the timeline, the typed number kept), and a search finds a
 * number however it is typed. Item 5: a search looks in every tab, the tab narrows it, the service filter applies
 * when chosen, every tab shows its count and the inbox says how many came today.
 */

afterAll(removeTestDirs);

describe.each(engines)("issue 35 in the back office on %s", (engine) => {
  const office = officeServer(engine, "Ravi Kumar", "staff");
  let server: Running;
  let staff: SignedInPerson;
  beforeAll(() => void ({ server, person: staff } = office));

  const { submit } = office;
  const get = (path: string) => staff.client.get(path);
  const whatsappOf = (html: string) => /href="https:\/\/wa\.me\/([0-9]+)\?/.exec(html)?.[1] ?? null;
  const telOf = (html: string) => /href="tel:([^"]+)"/.exec(html)?.[1] ?? null;
  /** The tab links' text, as "New 3". */
  const tabsOf = (html: string) =>
    [...(/<nav class="tabs"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "").matchAll(/<a [^>]*>(.*?)<\/a>/gs)].map((match) =>
      (match[1] ?? "")
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
  const countOf = (html: string, label: string) => {
    const tab = tabsOf(html).find((text) => text.startsWith(`${label} `));
    return tab === undefined ? null : Number(tab.slice(label.length + 1).replace(/,/g, ""));
  };

  describe("item 4: phone numbers", () => {
    it("Call and WhatsApp dial the international form: a Philippine mobile typed at home is +63", async () => {
      const id = await submit({ name: "Maria Santos", phone: "0917 123 4567" });
      const page = await get(`/office/enquiries/${id}`);
      expect(telOf(page.text)).toBe("+639171234567");
      expect(whatsappOf(page.text)).toBe("639171234567");
      // What the visitor typed is shown as typed, the international form beside it.
      expect(page.text).toMatch(/<dt>Phone<\/dt>\s*<dd>0917 123 4567<span class="quiet"> · \+63 917 123 4567<\/span>/);
      expect(page.text).not.toContain("Check the phone number");
    });

    it("an Indian mobile typed without +91 is flagged, never dialled as +98; staff correct it, on the timeline", async () => {
      const id = await submit({ name: "Priya Nair", phone: "9845012345" });
      const page = await get(`/office/enquiries/${id}`);
      expect(page.text).toContain("Check the phone number");
      expect(page.text).toContain("looks like a mobile number of another country, typed without its country code");
      expect(page.text).toContain("+91 98450 12345 (India)");
      expect(page.text).not.toMatch(/tel:\+?98|wa\.me\/98/);
      expect(telOf(page.text)).toBeNull();
      expect(whatsappOf(page.text)).toBeNull();

      const wrong = await staff.client.form(`/office/enquiries/${id}/phone`, { phone: "12345" });
      expect(wrong.status).toBe(400);
      expect(wrong.text).toContain("Type the number with its country code");
      expect(wrong.text).toMatch(/<input id="phone-number"[^>]*value="12345"/);

      const corrected = await staff.client.form(`/office/enquiries/${id}/phone`, { phone: "+91 98450 12345" });
      expect(corrected).toMatchObject({ status: 303, location: `/office/enquiries/${id}` });
      const after = await get(`/office/enquiries/${id}`);
      expect(after.text).not.toContain("Check the phone number");
      expect(telOf(after.text)).toBe("+919845012345");
      expect(whatsappOf(after.text)).toBe("919845012345");
      expect(after.text).toContain("Corrected the phone number to +91 98450 12345");
      expect(after.text).toMatch(/<dt>Phone<\/dt>\s*<dd>9845012345<span class="quiet"> · \+91 98450 12345<\/span>/);
      expect((await server.stored()).find((row) => row.id === id)?.phone).toBe("9845012345");
    });

    it("a number that is none anywhere is flagged too", async () => {
      const id = await submit({ name: "No Number", phone: "12345" });
      const page = await get(`/office/enquiries/${id}`);
      expect(page.text).toContain("is not a phone number in any country");
      expect(telOf(page.text)).toBeNull();
    });

    it("only a signed-in person with the page's form token corrects a number", async () => {
      const id = await submit({ name: "Guarded Number", phone: "9845012345" });
      const stranger = new OfficeClient(server.origin);
      const signedOut = await stranger.form(`/office/enquiries/${id}/phone`, { phone: "+91 98450 12345" });
      expect(signedOut).toMatchObject({ status: 303, location: "/office/sign-in" });
      const forged = await staff.client.form(`/office/enquiries/${id}/phone`, { phone: "+91 98450 12345", csrf: "x" });
      expect(forged.status).toBe(403);
      const tooLong = await staff.client.form(`/office/enquiries/${id}/phone`, { phone: "1".repeat(300) });
      expect(tooLong.status).toBe(400);
      expect((await get(`/office/enquiries/${id}`)).text).toContain("Check the phone number");
      expect((await staff.client.form("/office/enquiries/999999/phone", { phone: "+971501234567" })).status).toBe(404);
    });

    it("a search finds a number however it is typed", async () => {
      const id = await submit({ name: "Omar Haddad", phone: "+971 50 987 6543" });
      const philippine = await submit({ name: "Joy Reyes", phone: "+63 917 765 4321" });
      for (const typed of ["+971 50 987 6543", "0509876543", "00971509876543", "971509876543"]) {
        const found = await get(`/office?q=${encodeURIComponent(typed)}`);
        expect(found.text, typed).toContain(`/office/enquiries/${id}"`);
      }
      expect((await get("/office?q=09177654321")).text).toContain(`/office/enquiries/${philippine}"`);
    });
  });

  describe("item 5: a search looks in every tab", () => {
    it("shows the answer in whatever tab it is, with its status; the tabs count the matches; a tab narrows it", async () => {
      const fresh = await submit({ name: "Khadija Fresh", visa_type: "Oman Visa" });
      const worked = await submit({ name: "Khadija Worked", visa_type: "Oman Visa" });
      const won = await submit({ name: "Khadija Won", visa_type: "Visa Change" });
      expect((await staff.client.form(`/office/enquiries/${worked}/stage`, { stage: "contacted" })).status).toBe(303);
      expect((await staff.client.form(`/office/enquiries/${won}/stage`, { stage: "won" })).status).toBe(303);

      const found = await get("/office?q=khadija");
      for (const id of [fresh, worked, won]) expect(found.text).toContain(`/office/enquiries/${id}"`);
      expect(found.text).toContain('<span class="stage stage-contacted">Contacted</span>');
      expect(found.text).toContain('<span class="stage stage-won">Won</span>');
      expect(tabsOf(found.text)).toEqual([
        "Every tab 3",
        "New 1",
        "In progress 1",
        "Done 1",
        "Held as spam 0",
        "All 3",
      ]);

      const narrowed = await get("/office?tab=done&q=khadija");
      expect(narrowed.text).toContain(`/office/enquiries/${won}"`);
      expect(narrowed.text).not.toContain(`/office/enquiries/${fresh}"`);
      expect(narrowed.text).toMatch(/<a href="\/office\?tab=done&amp;q=khadija" aria-current="page">Done/);

      // Picked from the New tab, a search still looks everywhere: the form sends no tab.
      expect((await get("/office")).text).not.toMatch(/<input type="hidden" name="tab"/);
    });

    it("the service filter applies when chosen, in every tab and in the counts", async () => {
      const found = await get(`/office?q=khadija&service=${encodeURIComponent("Oman Visa")}`);
      expect(found.text).toContain("Khadija Fresh");
      expect(found.text).toContain("Khadija Worked");
      expect(found.text).not.toContain("Khadija Won");
      expect(countOf(found.text, "Every tab")).toBe(2);
      expect(countOf(found.text, "Done")).toBe(0);
      const serviceOnly = await get(`/office?service=${encodeURIComponent("Visa Change")}`);
      expect(serviceOnly.text).toContain("Khadija Won");
    });

    it("every tab shows its count, and the inbox says how many came today", async () => {
      const before = await get("/office");
      const newCount = countOf(before.text, "New") ?? -1;
      const today = Number(
        /<p class="today">([0-9,]+) (?:enquiry|enquiries) came today<\/p>/.exec(before.text)?.[1] ?? -1,
      );
      expect(newCount).toBeGreaterThan(0);
      expect(today).toBeGreaterThan(0);
      for (const label of ["New", "In progress", "Done", "Held as spam", "All"]) {
        expect(countOf(before.text, label), label).not.toBeNull();
      }
      // A visitor of their own: one who wrote before would bring their open enquiry back to New too (issue 37).
      await submit({ name: "One More Today", phone: "+971 50 246 8024", email: "one.more@example.com" });
      const after = await get("/office");
      expect(countOf(after.text, "New")).toBe(newCount + 1);
      expect(after.text).toContain(`<p class="today">${plural(today + 1, "enquiry", "enquiries")} came today</p>`);
    });
  });
});
