// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import { removeTestDirs } from "../testing/inbox-server";
import { dubaiInputValue } from "./next-step-time";
import { type OfficeClient } from "./testing/office-client";
import { officeServer, type SignedInPerson } from "./testing/office-server";

/*
 * Issue 37, "Nothing forgotten", in the back office over HTTP on both engines: a next step set with a quick pick or
 * a date and time (Dubai's), nonsense refused in words with nothing typed lost, what was typed shown back as text;
 * the Due tab first while anything is due; done and cleared; an enquiry with an earlier one's phone number linked on
 * both pages, saying what matched and what differs (issue 55, part 5).
 */

afterAll(removeTestDirs);

const hour = 60 * 60_000;

/** A piece of a page as its text: tags out (a word-break opportunity, <wbr>, is no space), entities read, spaces made one. */
const textOf = (html: string) =>
  html
    .replace(/<wbr\s*\/?>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, " ")
    .replace(/ ([;,.)])/g, "$1")
    .trim();

describe.each(engines)("issue 37 in the back office on %s", (engine) => {
  const office = officeServer(engine, "Ravi Kumar", "staff");
  let staff: SignedInPerson;
  beforeAll(() => void ({ person: staff } = office));

  const { submit } = office;
  const client = (): OfficeClient => staff.client;
  const tabsOf = (html: string) =>
    [...(/<nav class="tabs"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "").matchAll(/<a [^>]*>(.*?)<\/a>/gs)].map((match) =>
      (match[1] ?? "")
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
  const stepCard = (html: string) =>
    /<section[^>]*class="card next-step[^"]*"[^>]*>(.*?)<\/section>/s.exec(html)?.[1] ?? "";

  it("sets a next step with a quick pick, shows it, and puts it on the timeline", async () => {
    const id = await submit({ name: "Quick Qasim", phone: "050 111 0001", email: "qasim@example.com" });
    const set = await client().form(`/office/enquiries/${id}/next-step`, { pick: "tomorrow", note: "Send the price" });
    expect(set.status).toBe(303);
    expect(set.location).toBe(`/office/enquiries/${id}#next-step-heading`);
    const page = await client().get(`/office/enquiries/${id}`);
    const card = stepCard(page.text);
    expect(card).toContain("Send the price");
    expect(card).toMatch(/, 10:00<\/strong>/);
    expect(card).toContain("Set by Ravi Kumar");
    expect(page.text).toMatch(/Next step set for \w{3} \d{1,2} \w{3} \d{4}, 10:00: Send the price/);
    // Not due yet: no Due tab.
    expect(tabsOf((await client().get("/office")).text)[0]).toMatch(/^New /);
  });

  it("refuses nonsense in words, keeping the note and the date as typed, shown as text", async () => {
    const id = await submit({ name: "Typo Tariq", phone: "050 111 0002", email: "tariq@example.com" });
    const note = `<script>alert("x")</script> call him`;
    const wrong = await client().form(`/office/enquiries/${id}/next-step`, {
      pick: "date",
      when: "2026-02-30T10:00",
      note,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("There is no 2026-02-30 10:00: check the day and the time.");
    expect(wrong.text).not.toContain("<script>alert");
    expect(wrong.text).toContain('value="&lt;script>alert(&quot;x&quot;)&lt;/script> call him"');
    expect(wrong.text).toContain('value="2026-02-30T10:00"');
    const empty = await client().form(`/office/enquiries/${id}/next-step`, { pick: "date", when: "", note: "Keep me" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Pick a date and time, or tap one of the quick picks.");
    expect(empty.text).toContain('value="Keep me"');
    const long = await client().form(`/office/enquiries/${id}/next-step`, { pick: "hour", note: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.text).toContain("A next step's note can be at most 200 characters; this one has 201.");
    expect(await client().form(`/office/enquiries/${id}/next-step`, { pick: "someday" })).toMatchObject({
      status: 400,
    });
    expect(await client().form(`/office/enquiries/999999/next-step`, { pick: "hour" })).toMatchObject({ status: 404 });
  });

  it("a step due shows in the Due tab, first, with its note, how overdue and who set it; done takes it off", async () => {
    const id = await submit({ name: "Due Dana", phone: "050 111 0003", email: "dana@example.com" });
    const when = dubaiInputValue(Date.now() - 2 * hour);
    const note = "Ask for the <b>passport</b> copy";
    expect((await client().form(`/office/enquiries/${id}/next-step`, { pick: "date", when, note })).status).toBe(303);
    const inbox = await client().get("/office");
    expect(tabsOf(inbox.text)[0]).toBe("Due 1");
    const due = await client().get("/office?tab=due");
    expect(due.status).toBe(200);
    expect(due.text).toContain("Due Dana");
    expect(due.text).toContain("Ask for the &lt;b>passport&lt;/b> copy");
    expect(due.text).toMatch(/overdue by (1 hour|2 hours)/);
    expect(due.text).toContain("set by Ravi Kumar");
    const page = await client().get(`/office/enquiries/${id}`);
    const at = /name="step" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
    expect(at).toBe(new Date(Date.parse(`${when}:00+04:00`)).toISOString());
    expect((await client().form(`/office/enquiries/${id}/next-step/finish`, { how: "done", step: at })).status).toBe(
      303,
    );
    const after = await client().get(`/office/enquiries/${id}`);
    expect(stepCard(after.text)).toContain("Nothing planned");
    expect(after.text).toMatch(/Next step done \([^)]+\): Ask for the &lt;b>passport&lt;\/b> copy/);
    expect(tabsOf((await client().get("/office")).text).some((tab) => tab.startsWith("Due"))).toBe(false);
    const empty = await client().get("/office?tab=due");
    expect(empty.text).toContain("Nothing is due.");
    expect(tabsOf(empty.text).at(-1)).toBe("Due 0");
  });

  it("an enquiry with an earlier one's phone number: both pages say what matched and what differs, side by side; the earlier one keeps its stage", async () => {
    const first = await submit({ name: "Again Amira", phone: "050 111 0004", email: "amira@example.com" });
    expect((await client().form(`/office/enquiries/${first}/stage`, { stage: "contacted" })).status).toBe(303);
    // A stranger who knows Amira's number (issue 55, part 5): never called the same person, never moves hers.
    const second = await submit({ name: "Amira", phone: "+971501110004", email: "other@example.com" });
    // Amira's number as she typed it, with the international form it matched by under it.
    const amiras = "050 111 0004 +971 50 111 0004";
    const earlier = await client().get(`/office/enquiries/${first}`);
    const later = await client().get(`/office/enquiries/${second}`);
    for (const [html, other] of [
      [earlier.text, second],
      [later.text, first],
    ] as const) {
      expect(html).not.toMatch(/same visitor|wrote again/i);
      const card = /<section[^>]*class="card linked"[^>]*>(.*?)<\/section>/s.exec(html)?.[1] ?? "";
      expect(card).toContain(`href="/office/enquiries/${other}" data-linked="${other}">Enquiry ${other}`);
      expect(textOf(card)).toContain("Same phone number; different e-mail address and name.");
      expect(textOf(card)).toContain("does not show it is the same person");
      // Both sets of contact details, side by side: this enquiry's column, then the other's.
      const rows = [...card.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((row) =>
        [...(row[1] ?? "").matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((cell) => textOf(cell[1] ?? "")),
      );
      const [mine, theirs] =
        other === second
          ? [
              ["Again Amira", amiras, "amira@example.com"],
              ["Amira", "+971501110004", "other@example.com"],
            ]
          : [
              ["Amira", "+971501110004", "other@example.com"],
              ["Again Amira", amiras, "amira@example.com"],
            ];
      expect(rows).toEqual([
        ["", "This enquiry", `Enquiry ${other}`],
        ["Name differs", mine[0], theirs[0]],
        ["Phone same", mine[1], theirs[1]],
        ["E-mail differs", mine[2], theirs[2]],
      ]);
    }
    expect(earlier.text).toContain('data-stage="contacted"');
    expect(textOf(earlier.text)).toContain(`A later enquiry has the same phone number (enquiry ${second})`);
  });
});
