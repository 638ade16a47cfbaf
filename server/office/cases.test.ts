// @vitest-environment node
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseStore } from "../data/cases/store";
import { documentsKey, Keyring } from "../data/cases/vault";
import type { Database } from "../data/open";
import { engines } from "../data/testing/engines";
import { removeTestDirs, type Running } from "../testing/inbox-server";
import { pdf } from "../testing/papers";
import { stageMail } from "./cases";
import { OfficeClient, officeOrigin } from "./testing/office-client";
import { officeServer, type SignedInPerson } from "./testing/office-server";

/*
 * Issue 56, the office's side of a traveller's case: started from an enquiry, its private link sent with a ready
 * text, its papers viewed, downloaded (each logged), accepted or sent back, its stage, and the visa uploaded; every
 * route against an attacker (no session, another site, repeated or huge parameters, another case's paper).
 */

afterAll(removeTestDirs);

/** The test servers' documents key (server/testing/inbox-server.ts): papers added here open there. */
const keyring = new Keyring([documentsKey(Buffer.alloc(32, 1))]);

const jpeg = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();

describe("the traveller's e-mail when the case moves", () => {
  const agency = { name: "Karama Visa & Travel", phone: "+971 4 123 4567", from: "office@karama.example" };
  const record = { id: 7, name: "Mr. Rajesh Kumar", email: "rajesh@example.com", service: "Tourist Visa" };
  const now = new Date("2026-03-01T10:00:00Z");

  it("is short, in their words, with the note, and never the link", () => {
    const mail = stageMail(record, "need-more", "A photo with a white background, please.", agency, now);
    expect(mail?.to).toBe("rajesh@example.com");
    expect(mail?.subject).toBe("Your Tourist Visa: need more - Karama Visa & Travel");
    expect(mail?.text).toContain("Hello Rajesh,");
    expect(mail?.text).toContain("we need something else from you:");
    expect(mail?.text).toContain("A photo with a white background, please.");
    expect(mail?.text).toContain("Open your page with the link we sent you");
    expect(mail?.text).toContain("+971 4 123 4567");
    expect(mail?.text).not.toMatch(/\/case\//);
  });

  it('names the service as the traveller picked it, never the office\'s "sent as"', () => {
    const picked = { ...record, service: "Dubai Tourist Visa (sent as 30 Days Dubai Visa)" };
    const mail = stageMail(picked, "applied", null, agency, now);
    expect(mail?.subject).toBe("Your Dubai Tourist Visa: applied - Karama Visa & Travel");
    expect(mail?.text).not.toContain("sent as");
  });

  it("escapes what was typed in its HTML, keeps the subject on one line, and is none without an address", () => {
    const odd = { ...record, name: "<b>Aisha</b>", service: "Tourist\r\nBcc: spy@evil.example" };
    const mail = stageMail(odd, "visa-ready", null, agency, now);
    expect(mail?.html).toContain("&#60;b&#62;Aisha&#60;/b&#62;");
    expect(mail?.subject).not.toMatch(/[\r\n]/);
    expect(mail?.text).toContain("download it from your page");
    expect(stageMail({ ...record, email: null }, "applied", null, agency, now)).toBeNull();
    expect(stageMail({ ...record, email: "not an address" }, "applied", null, agency, now)).toBeNull();
  });
});

describe.each(engines)("a traveller's case in the office, on %s", (engine) => {
  const office = officeServer(engine, "Staff Sam", "staff");
  let server: Running;
  let database: Database;
  let staff: SignedInPerson;
  let cases: CaseStore;
  beforeAll(() => {
    ({ server, database, person: staff } = office);
    cases = new CaseStore(database, keyring);
  });

  const caseIdOf = (location: string | null) => Number(/\/office\/cases\/(\d+)$/.exec(location ?? "")?.[1] ?? 0);
  const startFrom = async (values: Record<string, string> = {}, kind = "visit-visa") => {
    const enquiry = await office.submit(values);
    const started = await staff.client.form(`/office/enquiries/${enquiry}/case`, { kind });
    expect(started.status).toBe(303);
    return { enquiry, id: caseIdOf(started.location) };
  };
  const upload = (id: number, key: string, name: string, bytes: Buffer, client: OfficeClient = staff.client) =>
    client.request(`/office/cases/${id}/papers?${new URLSearchParams({ key, name }).toString()}`, {
      method: "POST",
      headers: {
        "content-type": "application/octet-stream",
        origin: officeOrigin,
        "sec-fetch-site": "same-origin",
        "x-csrf-token": client.csrf,
      },
      body: new Uint8Array(bytes),
    });

  it("starts a case from an enquiry, once, carrying its name, phone, e-mail, service and travel date over", async () => {
    const enquiry = await office.submit({ name: "Aisha Khan", visa_type: "Visa Change", date: "2026-04-02" });
    const page = await staff.client.get(`/office/enquiries/${enquiry}`);
    expect(page.text).toContain("Start a case");
    // The kind is chosen from the service: a visa change asks for the current visa too.
    expect(page.text).toMatch(/<option value="visa-change" selected>/);
    const started = await staff.client.form(`/office/enquiries/${enquiry}/case`, { kind: "visa-change" });
    expect(started.status).toBe(303);
    const id = caseIdOf(started.location);
    const record = await cases.get(id);
    expect(record).toMatchObject({
      enquiryId: enquiry,
      name: "Aisha Khan",
      phone: "+971501234567",
      email: "aisha@example.com",
      service: "Visa Change",
      kind: "visa-change",
      travelDate: "2026-04-02",
      stage: "papers-needed",
    });
    // Pressed again: the open case, not a second one.
    const again = await staff.client.form(`/office/enquiries/${enquiry}/case`, { kind: "other" });
    expect(caseIdOf(again.location)).toBe(id);
    expect(await cases.list({ enquiryId: enquiry })).toHaveLength(1);
    // The enquiry links to its case, and the case back to its enquiry.
    const after = await staff.client.get(`/office/enquiries/${enquiry}`);
    expect(after.text).toContain(`href="/office/cases/${id}"`);
    expect(after.text).not.toContain("Start a case");
    const casePage = await staff.client.get(`/office/cases/${id}`);
    expect(casePage.status).toBe(200);
    expect(casePage.text).toContain(`href="/office/enquiries/${enquiry}"`);
    expect(casePage.text).toContain("Your current UAE visa or entry stamp");
    // Closed, the enquiry may start another.
    await cases.setStage(id, "closed", null, null, new Date());
    expect((await staff.client.get(`/office/enquiries/${enquiry}`)).text).toContain("Start a case");
  });

  it("lists the cases newest first with their papers waiting, under a Cases tab", async () => {
    const { id } = await startFrom({ name: "Listed Lina" });
    await cases.addPaper(
      id,
      { paperKey: "photo", name: "me.jpg", type: "image/jpeg", bytes: await jpeg(), width: 600, height: 400 },
      null,
      new Date(),
    );
    const list = await staff.client.get("/office/cases?show=waiting");
    expect(list.status).toBe(200);
    expect(list.text).toContain('href="/office/cases"');
    expect(list.text).toContain("Listed Lina");
    expect(list.text).toContain("1 paper to review");
    const open = await staff.client.get("/office/cases?show=open");
    expect(open.text.indexOf("Listed Lina")).toBeLessThan(
      open.text.indexOf("Aisha Khan") === -1 ? Infinity : open.text.indexOf("Aisha Khan"),
    );
  });

  it("sends a link shown only once, with the ready text carrying it; a new one stops the old; Stop the link stops it", async () => {
    const { id } = await startFrom({ name: "Linked Leila" });
    const sent = await staff.client.form(`/office/cases/${id}/link`, {});
    expect(sent.status).toBe(200);
    const link = /http:\/\/localhost:3000\/case\/([A-Za-z0-9_-]{43})/.exec(sent.text);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? "";
    expect(sent.text).toContain("shown only this once");
    expect(sent.text).toContain("Your papers");
    expect(sent.text).toContain("papers for Tourist Visa on your own page");
    expect(sent.text).toContain(`https://wa.me/971501234567?text=`);
    expect(sent.text).toContain(encodeURIComponent(`/case/${token}`));
    expect((await cases.byLink(token, new Date()))?.id).toBe(id);
    // The page shown again does not have it: only its hash is kept.
    expect((await staff.client.get(`/office/cases/${id}`)).text).not.toContain(token);
    const second = await staff.client.form(`/office/cases/${id}/link`, {});
    const newer = /\/case\/([A-Za-z0-9_-]{43})/.exec(second.text)?.[1] ?? "";
    expect(await cases.byLink(token, new Date())).toBeUndefined();
    expect((await cases.byLink(newer, new Date()))?.id).toBe(id);
    const stopped = await staff.client.form(`/office/cases/${id}/link/stop`, {});
    expect(stopped.status).toBe(303);
    expect(await cases.byLink(newer, new Date())).toBeUndefined();
    // The enquiry's own page never offers the text that sends a link.
    const enquiryPage = await staff.client.get(`/office/enquiries/${(await cases.get(id))?.enquiryId}`);
    expect(enquiryPage.text).not.toContain("Your papers");
  });

  it("shows a paper's thumbnail and full view (images only), its download, each view and download logged", async () => {
    const { id } = await startFrom({ name: "Paper Priya" });
    const photo = await cases.addPaper(
      id,
      {
        paperKey: "passport-first",
        name: "passport.jpg",
        type: "image/jpeg",
        bytes: await jpeg(),
        width: 600,
        height: 400,
      },
      null,
      new Date(),
    );
    const scan = await cases.addPaper(
      id,
      {
        paperKey: "return-ticket",
        name: "ticket.pdf",
        type: "application/pdf",
        bytes: pdf(),
        width: null,
        height: null,
      },
      null,
      new Date(),
    );
    const page = await staff.client.get(`/office/cases/${id}`);
    expect(page.text).toContain(`/office/cases/${id}/papers/${photo}?as=thumb`);

    const thumb = await staff.client.get(`/office/cases/${id}/papers/${photo}?as=thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect(thumb.headers.get("x-content-type-options")).toBe("nosniff");
    expect(thumb.headers.get("cache-control")).toBe("no-store");
    expect(thumb.headers.get("content-security-policy")).toContain("sandbox");
    expect((await sharp(Buffer.from(thumb.bytes)).metadata()).width).toBeLessThanOrEqual(240);

    const full = await staff.client.get(`/office/cases/${id}/papers/${photo}?as=full`);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-disposition")).toBe("inline");
    // A PDF is never shown inline: a download only.
    expect((await staff.client.get(`/office/cases/${id}/papers/${scan}?as=full`)).status).toBe(404);
    expect((await staff.client.get(`/office/cases/${id}/papers/${scan}?as=thumb`)).status).toBe(404);
    const download = await staff.client.get(`/office/cases/${id}/papers/${scan}?as=download`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="ticket\.pdf"/);
    expect(Buffer.from(download.bytes).equals(pdf())).toBe(true);

    const events = (await cases.events(id)).map((event) => [event.kind, event.who]);
    expect(events).toContainEqual(["paper-viewed", "Staff Sam"]);
    expect(events).toContainEqual(["paper-downloaded", "Staff Sam"]);
    expect(events).toContainEqual(["paper-glimpsed", "Staff Sam"]);
    const audit = await database.db.selectFrom("audit_log").select(["action", "detail"]).execute();
    expect(audit).toContainEqual({ action: "paper downloaded", detail: `case ${id}, paper ${scan}` });
    expect(audit).toContainEqual({ action: "paper viewed", detail: `case ${id}, paper ${photo}` });
    expect(audit).toContainEqual({ action: "paper glimpsed", detail: `case ${id}, paper ${photo}` });
  });

  it("never serves another case's paper through this case's address", async () => {
    const mine = await startFrom({ name: "Mine Maya" });
    const theirs = await startFrom({ name: "Theirs Tara" });
    const paper = await cases.addPaper(
      theirs.id,
      { paperKey: "photo", name: "theirs.jpg", type: "image/jpeg", bytes: await jpeg(), width: 600, height: 400 },
      null,
      new Date(),
    );
    for (const as of ["thumb", "full", "download"]) {
      const answer = await staff.client.get(`/office/cases/${mine.id}/papers/${paper}?as=${as}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toContain("text/html");
    }
    const review = await staff.client.form(`/office/cases/${mine.id}/papers/${paper}/review`, { verdict: "accept" });
    expect(review.status).toBe(404);
    expect((await cases.paper(theirs.id, paper))?.status).toBe("sent");
  });

  it("accepts a paper, or sends it back with a reason the traveller reads; no reason is a clear message", async () => {
    const { id } = await startFrom({ name: "Review Rana" });
    const paper = await cases.addPaper(
      id,
      { paperKey: "photo", name: "me.jpg", type: "image/jpeg", bytes: await jpeg(), width: 600, height: 400 },
      null,
      new Date(),
    );
    const bare = await staff.client.form(`/office/cases/${id}/papers/${paper}/review`, {
      verdict: "return",
      reason: "   ",
    });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain("Say why it is sent back");
    expect((await cases.paper(id, paper))?.status).toBe("sent");
    const back = await staff.client.form(`/office/cases/${id}/papers/${paper}/review`, {
      verdict: "return",
      reason: "The background is not white.",
    });
    expect(back.status).toBe(303);
    expect(await cases.paper(id, paper)).toMatchObject({ status: "returned", reason: "The background is not white." });
    await staff.client.form(`/office/cases/${id}/papers/${paper}/review`, { verdict: "accept" });
    expect((await cases.paper(id, paper))?.status).toBe("accepted");
    expect((await staff.client.get(`/office/cases/${id}`)).text).toMatch(
      /checklist-accepted[^>]*data-paper-key="photo"/,
    );
  });

  it("shows the passport the traveller confirmed: its fields, how it came, what stands in the way, both names", async () => {
    const { id } = await startFrom({ name: "Rosa <i>Villanueva</i>-Cruz" });
    const none = await staff.client.get(`/office/cases/${id}`);
    expect(none.text).toContain("No passport details yet");
    await cases.savePassport(
      id,
      {
        fields: {
          surname: "VILLANUEVA",
          givenNames: "ROSA MARIE",
          documentNumber: "P3456789D",
          nationality: "PHL",
          issuingState: "PHL",
          birthDate: "1991-02-03",
          expiryDate: "2027-04-30",
          sex: "F",
        },
        how: "read",
        problems: ["expires-soon", "name-differs"],
        paperId: null,
      },
      null,
      new Date(),
    );
    const page = await staff.client.get(`/office/cases/${id}`);
    expect(page.text).toContain("P3456789D");
    expect(page.text).toContain("Read from the passport's photo on the traveller's phone");
    expect(page.text).toContain("Expires less than 6 months after the travel date");
    // Both names side by side, the enquiry's shown as text.
    expect(page.text).toContain("ROSA MARIE VILLANUEVA");
    expect(page.text).toContain("<dd>Rosa &lt;i>Villanueva&lt;/i>-Cruz</dd>");
    // Seen in the office: on the timeline, once an hour for each person.
    await staff.client.get(`/office/cases/${id}`);
    const seen = (await cases.events(id)).filter((event) => event.kind === "passport-seen");
    expect(seen.map((event) => event.who)).toEqual(["Staff Sam"]);
  });

  it("keeps a passport read or typed in the office from its photo, checked as the traveller's would be", async () => {
    const { id } = await startFrom({ name: "Ana Reyes" });
    const fields = {
      surname: "REYES",
      givenNames: "ANA",
      documentNumber: "P7654321",
      nationality: "PHL",
      issuingState: "PHL",
      birthDate: "2001-01-01",
      expiryDate: "2033-12-31",
      sex: "F",
    };
    const page = await staff.client.get(`/office/cases/${id}`);
    expect(page.text).toContain("Read or type the passport's details from its photo");
    expect(page.text).toMatch(/data-reader="\/case\/assets\/passport-reader\.[\w-]+\.js"/);
    const bad = await staff.client.form(`/office/cases/${id}/passport`, { ...fields, documentNumber: "P-1" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("1 to 9 letters and digits");
    expect(bad.text).toContain('value="REYES"');
    expect(await cases.passport(id)).toBeUndefined();
    const typed = await staff.client.form(`/office/cases/${id}/passport`, fields);
    expect(typed.status).toBe(303);
    expect(await cases.passport(id)).toMatchObject({ how: "office-typed", fields: { documentNumber: "P7654321" } });
    expect((await cases.events(id)).find((event) => event.kind === "passport")?.who).toBe("Staff Sam");
    // Another site's post: refused, nothing changed.
    const crossSite = await staff.client.form(
      `/office/cases/${id}/passport`,
      { ...fields, surname: "FORGED" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect((await cases.passport(id))?.fields.surname).toBe("REYES");
    // No session: the sign-in page, nothing kept.
    const anonymous = await new OfficeClient(server.origin).form(`/office/cases/${id}/passport`, {
      ...fields,
      surname: "ANON",
    });
    expect([303, 401, 403]).toContain(anonymous.status);
    expect((await cases.passport(id))?.fields.surname).toBe("REYES");
  });

  it("moves the stage, asking what and why for 'need more' and keeping what was typed", async () => {
    const { id } = await startFrom({ name: "Stage Sara" });
    const bare = await staff.client.form(`/office/cases/${id}/stage`, { stage: "need-more", note: "" });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain("Say what else is needed");
    const typed = "x".repeat(1001);
    const long = await staff.client.form(`/office/cases/${id}/stage`, { stage: "need-more", note: typed });
    expect(long.status).toBe(400);
    expect(long.text).toContain(typed);
    expect((await cases.get(id))?.stage).toBe("papers-needed");
    const asked = await staff.client.form(`/office/cases/${id}/stage`, {
      stage: "need-more",
      note: "Your passport's last page, because the first has no address.",
    });
    expect(asked.status).toBe(303);
    expect(await cases.get(id)).toMatchObject({
      stage: "need-more",
      stageNote: "Your passport's last page, because the first has no address.",
    });
    await staff.client.form(`/office/cases/${id}/stage`, { stage: "applied" });
    expect(await cases.get(id)).toMatchObject({ stage: "applied", stageNote: null });
    const events = await cases.events(id);
    expect(events.filter((event) => event.kind === "stage").map((event) => event.who)).toEqual([
      "Staff Sam",
      "Staff Sam",
    ]);
  });

  it("takes the visa as a PDF only, and a paper that came another way, by the person", async () => {
    const { id } = await startFrom({ name: "Visa Vera" });
    const refused = await upload(id, "visa", "visa.jpg", await jpeg());
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/must be a PDF/);
    const html = await upload(id, "visa", "visa.pdf", Buffer.from("<!doctype html><script>alert(1)</script>"));
    expect(html.status).toBe(400);
    expect(html.json.message).toMatch(/HTML/);
    const done = await upload(id, "visa", "../../etc/visa.pdf", pdf());
    expect(done.status).toBe(200);
    const visa = (await cases.papers(id)).find((paper) => paper.paperKey === "visa");
    expect(visa).toMatchObject({ type: "application/pdf", byOffice: true, name: "visa.pdf" });
    const photo = await upload(id, "photo", "photo.jpg", await jpeg());
    expect(photo.status).toBe(200);
    expect((await cases.papers(id)).filter((paper) => paper.paperKey === "photo" && paper.byOffice)).toHaveLength(1);
    const notAsked = await upload(id, "current-visa", "visa.pdf", pdf());
    expect(notAsked.status).toBe(400);
    expect(notAsked.json.message).toMatch(/not on this case's list/);
  });

  describe("against an attacker", () => {
    it("shows nothing without a session, and refuses the script's post with 401", async () => {
      const { id } = await startFrom({ name: "Private Pia" });
      const anyone = new OfficeClient(server.origin);
      for (const path of ["/office/cases", `/office/cases/${id}`, `/office/cases/${id}/papers/${"a".repeat(32)}`]) {
        const answer = await anyone.get(path);
        expect(answer.status).toBe(303);
        expect(answer.location).toBe("/office/sign-in");
      }
      const form = await anyone.form(`/office/cases/${id}/link`, {});
      expect(form.status).toBe(303);
      expect(await cases.get(id)).toMatchObject({ hasLink: false });
      const posted = await upload(id, "visa", "visa.pdf", pdf(), anyone);
      expect(posted.status).toBe(401);
      expect((await cases.papers(id)).length).toBe(0);
    });

    it("refuses another site's posts, and a post without the form token", async () => {
      const { id, enquiry } = await startFrom({ name: "Forged Farah" });
      const crossSite = await staff.client.form(`/office/cases/${id}/link`, {}, { "sec-fetch-site": "cross-site" });
      expect(crossSite.status).toBe(403);
      const otherOrigin = await staff.client.form(
        `/office/enquiries/${enquiry}/case`,
        { kind: "other" },
        {
          origin: "https://evil.example",
        },
      );
      expect(otherOrigin.status).toBe(403);
      const noToken = await staff.client.request(`/office/cases/${id}/papers?key=visa&name=v.pdf`, {
        method: "POST",
        headers: { "content-type": "application/octet-stream", origin: officeOrigin, "sec-fetch-site": "same-origin" },
        body: new Uint8Array(pdf()),
      });
      expect(noToken.status).toBe(403);
      const upCrossSite = await staff.client.request(`/office/cases/${id}/papers?key=visa&name=v.pdf`, {
        method: "POST",
        headers: {
          "content-type": "application/octet-stream",
          "sec-fetch-site": "cross-site",
          "x-csrf-token": staff.client.csrf,
        },
        body: new Uint8Array(pdf()),
      });
      expect(upCrossSite.status).toBe(403);
      expect((await cases.papers(id)).length).toBe(0);
      expect(await cases.get(id)).toMatchObject({ hasLink: false });
    });

    it("refuses repeated or huge parameters, and an id out of range is 'not found'", async () => {
      const { id } = await startFrom({ name: "Param Pam" });
      const twice = await staff.client.request(`/office/cases/${id}/stage`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: officeOrigin,
          "sec-fetch-site": "same-origin",
        },
        body: `csrf=${staff.client.csrf}&stage=applied&stage=closed`,
      });
      expect(twice.status).toBe(400);
      expect((await cases.get(id))?.stage).toBe("papers-needed");
      expect((await staff.client.get("/office/cases/99999999999")).status).toBe(404);
      expect((await staff.client.get(`/office/cases/${id}/papers/not-a-paper`)).status).toBe(404);
      expect((await staff.client.get(`/office/cases/${id}/papers/${"a".repeat(32)}?as=everything`)).status).toBe(400);
      expect((await staff.client.get("/office/cases?show=everything")).status).toBe(400);
      const huge = await upload(id, "visa", "v.pdf", Buffer.alloc(16 * 1024 * 1024, 0x41));
      expect(huge.status).toBe(413);
      const badKey = await upload(id, "../visa", "v.pdf", pdf());
      expect(badKey.status).toBe(400);
      const longName = await upload(id, "visa", "v".repeat(5000), pdf());
      expect(longName.status).toBe(400);
      expect((await cases.papers(id)).length).toBe(0);
    });

    it("shows what a visitor typed as text", async () => {
      const name = '<img src=x onerror="alert(1)">Zara';
      const { id } = await startFrom({ name });
      await cases.addPaper(
        id,
        {
          paperKey: "photo",
          name: "<script>alert(1)</script>.jpg",
          type: "image/jpeg",
          bytes: await jpeg(),
          width: 1,
          height: 1,
        },
        null,
        new Date(),
      );
      for (const path of [`/office/cases/${id}`, "/office/cases?show=open"]) {
        const page = await staff.client.get(path);
        expect(page.text).not.toContain("<img src=x");
        expect(page.text).not.toContain("<script>alert(1)");
        expect(page.text).toContain("&lt;img src=x");
      }
    });
  });
});
