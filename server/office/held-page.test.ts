// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import { removeTestDirs } from "../testing/inbox-server";
import { type OfficeClient } from "./testing/office-client";
import { officeServer, type SignedInPerson } from "./testing/office-server";

/*
 * Issue 59, item 3: an enquiry held as spam says so in its header, not "New", and offers only what applies to it:
 * letting it through (Not spam), deleting it (an owner's, once their passkey check is fresh), and a note. Its next
 * step, status, replies, ready texts and corrections come back once it is let through. Over HTTP on both engines.
 */

afterAll(removeTestDirs);

/** The page's forms and reply links, by where they post or point. */
const actionsOf = (html: string) => [...html.matchAll(/<form[^>]* action="([^"]+)"/g)].map((match) => match[1]);
const repliesOf = (html: string) => [...html.matchAll(/data-reply="([a-z]+)"/g)].map((match) => match[1]);
const subtitleOf = (html: string) =>
  (/<p class="subtitle">(.*?)<\/p>/s.exec(html)?.[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();

describe.each(engines)("an enquiry held as spam, on %s (issue 59, item 3)", (engine) => {
  const office = officeServer(engine, "Ravi Kumar", "staff");
  let staff: SignedInPerson;
  beforeAll(() => void ({ person: staff } = office));
  const client = (): OfficeClient => staff.client;

  it("says Held as spam in its header and offers only Not spam and a note; all comes back once let through", async () => {
    const id = await office.submit({ name: "Held Hamid", phone: "050 222 0001", email: "hamid@example.com" });
    const before = await client().get(`/office/enquiries/${id}`);
    expect(subtitleOf(before.text)).toMatch(/· New$/);
    expect((await client().form(`/office/enquiries/${id}/spam`, {})).status).toBe(303);

    const held = await client().get(`/office/enquiries/${id}`);
    expect(held.status).toBe(200);
    expect(subtitleOf(held.text)).toMatch(/· Held as spam$/);
    expect(held.text).not.toContain('data-stage="new"');
    expect(actionsOf(held.text).filter((action) => action !== "/office/sign-out")).toEqual([
      `/office/enquiries/${id}/not-spam`,
      `/office/enquiries/${id}/notes`,
    ]);
    expect(repliesOf(held.text)).toEqual([]);
    expect(held.text).not.toContain("Ready texts");
    expect(held.text).not.toContain("Correct the number");
    expect(held.text).not.toContain("Correct the address");
    expect(held.text).toContain("Not spam: move");

    expect((await client().form(`/office/enquiries/${id}/not-spam`, {})).status).toBe(303);
    const back = await client().get(`/office/enquiries/${id}`);
    expect(subtitleOf(back.text)).toMatch(/· New$/);
    expect(actionsOf(back.text)).toEqual(
      expect.arrayContaining([
        `/office/enquiries/${id}/next-step`,
        `/office/enquiries/${id}/stage`,
        `/office/enquiries/${id}/phone`,
        `/office/enquiries/${id}/spam`,
      ]),
    );
    expect(new Set(repliesOf(back.text))).toEqual(new Set(["call", "whatsapp", "email"]));
    expect(back.text).toContain("Ready texts");
  });
});
