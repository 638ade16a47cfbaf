// @vitest-environment node
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageTitle } from "../../app/content/page-titles";
import { type Database } from "../data/open";
import { engines } from "../data/testing/engines";
import { enquiryForm, post, removeTestDirs, type Running, scriptOn, validEnquiry } from "../testing/inbox-server";
import { addDays, dubaiDay } from "../data/dubai-days";
import { StatsStore } from "../data/stats/store";
import { Accounts } from "./accounts";
import { officePolicy } from "./headers";
import { hashToken } from "./tokens";
import { SoftAuthenticator } from "./testing/authenticator";
import { OfficeClient, officeOrigin, ownAddress, signedInPerson } from "./testing/office-client";
import { officeServer, type SignedInPerson } from "./testing/office-server";
import { inAFreshMinute } from "../testing/fresh-minute";

afterAll(removeTestDirs);

const hostile = {
  name: `<script>alert("name")</script>'; DROP TABLE enquiries; --`,
  email: "o'brien+<b>@example.com",
  phone: "+971 50 765 4321",
  visa_type: "<img src=x onerror=alert(1)>",
  message: `</textarea><script>alert("message")</script> 1' OR '1'='1`,
};

describe.each(engines)("the back office on %s", (engine) => {
  const office = officeServer(engine, "Mariam Ali", "owner");
  let server: Running;
  let database: Database;
  let owner: SignedInPerson;
  beforeAll(() => void ({ server, database, person: owner } = office));

  const { submit } = office;

  describe("a person invited from the server", () => {
    it("enrols a passkey from the link, once, and is signed in with a __Host- cookie", async () => {
      const { token } = await new Accounts(database).invite({
        name: "Ravi Kumar",
        role: "staff",
        by: null,
        now: Date.now(),
        validMs: 3_600_000,
      });
      const phone = new SoftAuthenticator(officeOrigin);
      const client = new OfficeClient(server.origin);
      const page = await client.get(`/office/enrol/${token}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Welcome, Ravi Kumar");
      const options = await client.json("/office/enrol/options", { token });
      expect(options.json.options).toMatchObject({
        rp: { id: "localhost" },
        user: { name: "Ravi Kumar" },
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      const enrolled = await client.json("/office/enrol", {
        challengeId: options.json.challengeId,
        answer: phone.register(options.json.options as never),
      });
      expect(enrolled).toMatchObject({ status: 200, json: { ok: true, next: "/office" } });
      const cookie = enrolled.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^__Host-office=[A-Za-z0-9_-]{43}; Path=\/; Secure; HttpOnly; SameSite=Lax/);
      expect((await client.get("/office")).status).toBe(200);

      // The link is spent: its page says so, and it cannot enrol another device.
      const again = new OfficeClient(server.origin);
      expect((await again.get(`/office/enrol/${token}`)).text).toContain("This link does not work");
      expect((await again.enrol(token, new SoftAuthenticator(officeOrigin))).status).toBe(400);
      expect(again.cookie).toBeNull();
    });

    it("finds its invitation whatever character the token begins with (_ and - are base64url too)", async () => {
      for (const first of ["_", "-", ".", "A"]) {
        const { token } = await new Accounts(database).invite({
          name: `Token ${first}`,
          role: "staff",
          by: null,
          now: Date.now(),
          validMs: 3_600_000,
        });
        const spelled = `${first}${token.slice(1)}`;
        await database.db
          .updateTable("invitations")
          .set({ token_hash: hashToken(spelled) })
          .where("token_hash", "=", hashToken(token))
          .execute();
        const page = await new OfficeClient(server.origin).get(`/office/enrol/${spelled}`);
        expect(page.status).toBe(200);
        expect(page.text).toContain(`Welcome, Token ${first}`);
      }
    });

    it("is invited with npm run office, whose last line is the link", async () => {
      const invited = await scriptOn(
        "office",
        server.database,
        ["invite", "--name", "Noor Hassan", "--role", "owner"],
        {
          SITE_URL: "",
          OFFICE_URL: officeOrigin,
        },
      );
      expect(invited.code).toBe(0);
      const link = invited.stdout.trim().split("\n").at(-1) ?? "";
      expect(link).toMatch(new RegExp(`^${officeOrigin}/office/enrol/[A-Za-z0-9_-]{43}$`));
      const client = new OfficeClient(server.origin);
      const token = link.split("/").at(-1) ?? "";
      expect((await client.enrol(token, new SoftAuthenticator(officeOrigin))).status).toBe(200);
      expect((await client.get("/office")).text).toContain("Noor Hassan");
    });

    it.each([
      [["invite", "--name", "X"], '--role must be "owner" or "staff".'],
      [["invite", "--role", "staff"], "--name is needed"],
      [["invite", "--name", "x".repeat(81), "--role", "staff"], "A name is needed, at most 80 characters"],
      [["remove", "--name", "X", "--role", "staff"], 'Say what to do: "invite" or "link".'],
      [["link", "--name", "Nobody Of This Name"], 'Nobody active in the office is called "Nobody Of This Name"'],
      [["invite", "--name", "X", "--role", "staff", "--colour", "red"], "Unknown option '--colour'"],
    ])("npm run office -- %j is refused with a message", async (args, message) => {
      const answer = await scriptOn("office", server.database, args);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(message);
    });

    it("adds a second passkey from their own page, and signs in with either", async () => {
      const person = await signedInPerson(server.origin, database, "Two Devices", "staff");
      const laptop = new SoftAuthenticator(officeOrigin);
      await person.client.get("/office/me");
      const options = await person.client.json("/office/me/passkeys/options", {});
      // The passkey already held is excluded, so the same device is not added twice.
      expect(options.json.options).toMatchObject({ excludeCredentials: [{ id: person.authenticator.id }] });
      const added = await person.client.json("/office/me/passkeys", {
        challengeId: options.json.challengeId,
        answer: laptop.register(options.json.options as never),
      });
      expect(added).toMatchObject({ status: 200, json: { next: "/office/me" } });
      for (const device of [laptop, person.authenticator]) {
        expect((await new OfficeClient(server.origin, ownAddress()).signIn(device)).status).toBe(200);
      }
      // Without the session's form token, nobody adds a passkey to someone's account.
      const forged = await person.client.json("/office/me/passkeys/options", {}, { "x-csrf-token": "" });
      expect(forged.status).toBe(403);
    });

    it("signs in again with the passkey, with a new session id each time", async () => {
      const first = owner.client.cookie;
      const laptop = new OfficeClient(server.origin);
      expect((await laptop.signIn(owner.authenticator)).status).toBe(200);
      expect(laptop.cookie).not.toBeNull();
      expect(laptop.cookie).not.toBe(first);
      expect((await laptop.get("/office")).text).toContain("Mariam Ali");
    });
  });

  describe("working an enquiry", () => {
    it("shows a new enquiry in bold with its service and page, and its replies, status and notes", async () => {
      const id = await submit({ name: "Aisha Khan", phone: "050 123 4567", visa_type: "Tourist Visa" });
      const { client } = owner;
      const inbox = await client.get("/office");
      expect(inbox.text).toMatch(new RegExp(`<li class="row unopened"><a href="/office/enquiries/${id}">`));
      // The page by its title (issue 35, item 8).
      expect(inbox.text).toContain(`Tourist Visa<span class="page"> · ${pageTitle("/visa-changes/2")}</span>`);

      const page = await client.get(`/office/enquiries/${id}`);
      expect(page.status).toBe(200);
      const whatsapp = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, "&") ?? "";
      expect(new URL(whatsapp).pathname).toBe("/971501234567");
      expect(new URL(whatsapp).searchParams.get("text")).toContain("Hello Aisha,");
      expect(new URL(whatsapp).searchParams.get("text")).toContain("Tourist Visa");
      expect(page.text).toContain('href="tel:+971501234567"');
      expect(page.text).toMatch(/href="mailto:aisha@example\.com\?subject=Your%20enquiry%20about%20Tourist%20Visa/);
      expect((await client.get("/office")).text).toMatch(
        new RegExp(`<li class="row"><a href="/office/enquiries/${id}">`),
      );

      expect((await client.json(`/office/enquiries/${id}/replies`, { channel: "whatsapp" })).status).toBe(204);
      expect((await client.get(`/office/enquiries/${id}`)).text).toContain("Opened WhatsApp");
      expect((await client.get("/office?tab=progress")).text).toContain(`/office/enquiries/${id}"`);

      const moved = await client.form(`/office/enquiries/${id}/stage`, { stage: "awaiting" });
      expect(moved).toMatchObject({ status: 303, location: `/office/enquiries/${id}` });
      const noted = await client.form(`/office/enquiries/${id}/notes`, { note: "Passport copy by Sunday" });
      expect(noted.status).toBe(303);
      const after = await client.get(`/office/enquiries/${id}`);
      expect(after.text).toContain("Moved to Awaiting documents");
      expect(after.text).toContain("Passport copy by Sunday");
      expect(after.text).toContain("Mariam Ali · ");
    });

    it("says where the visit that sent an enquiry came from, and on what kind of device", async () => {
      const reply = await post(server.url, {
        // Instagram on a tablet: the statistics test below counts Facebook views on phones, and an enquiry now
        // counts as a view of its page when none was (issue 35, item 10).
        body: enquiryForm({ ...validEnquiry, name: "From a post", source: "instagram" }),
        headers: {
          referer: `${officeOrigin}/dubai-visa/1`,
          "user-agent": "Mozilla/5.0 (Linux; Android 14; SM-X210) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
        },
      });
      expect(reply.status).toBe(200);
      const id = (await server.stored()).at(-1)?.id ?? 0;
      const page = await owner.client.get(`/office/enquiries/${id}`);
      expect(page.text).toContain(
        `<dt>Sent from</dt><dd>${pageTitle("/dubai-visa/1")}<span class="quiet path"> · /dubai-visa/1</span></dd>`,
      );
      expect(page.text).toMatch(/<dt>Came from<\/dt>\s*<dd[^>]*>Instagram, on a tablet<\/dd>/);
      const unknown = await owner.client.get(`/office/enquiries/${await submit({ name: "No source" })}`);
      expect(unknown.text).toMatch(/<dt>Came from<\/dt>\s*<dd[^>]*>Not known, on a computer<\/dd>/);
    });

    it("asks why an enquiry was lost, keeping what was typed, and refuses an empty or oversized note the same way", async () => {
      const id = await submit({ name: "Lost Lucy" });
      const { client } = owner;
      await client.get(`/office/enquiries/${id}`);
      const noReason = await client.form(`/office/enquiries/${id}/stage`, { stage: "lost", reason: "  " });
      expect(noReason.status).toBe(400);
      expect(noReason.text).toContain("Say why it was lost.");
      const long = "x".repeat(5001);
      const tooLong = await client.form(`/office/enquiries/${id}/notes`, { note: long });
      expect(tooLong.status).toBe(400);
      expect(tooLong.text).toContain("A note can be at most 5,000 characters; this one has 5,001.");
      expect(tooLong.text).toContain(`>${long}</textarea>`);
      const bad = await client.form(`/office/enquiries/${id}/stage`, { stage: "deleted" });
      expect(bad.status).toBe(400);
      const lost = await client.form(`/office/enquiries/${id}/stage`, { stage: "lost", reason: "Booked elsewhere" });
      expect(lost.status).toBe(303);
      expect((await client.get(`/office/enquiries/${id}`)).text).toContain("Moved to Lost: Booked elsewhere");
    });

    it("searches words and filters by service", async () => {
      for (const name of ["Page One", "Page Two", "Page Three"]) await submit({ name, visa_type: "Visa Change" });
      const { client } = owner;
      const found = await client.get(
        `/office?tab=all&q=${encodeURIComponent("page th")}&service=${encodeURIComponent("Visa Change")}`,
      );
      expect(found.text).toContain("Page Three");
      expect(found.text).not.toContain("Page Two");
      expect(found.text).not.toContain("Page One");
      expect((await client.get("/office?tab=all&q=nobody-at-all")).text).toContain("No enquiry matches.");
    });

    it("shows SQL and HTML in every field as text", async () => {
      const id = await submit(hostile);
      const { client } = owner;
      for (const path of ["/office?tab=all", `/office/enquiries/${id}`]) {
        const { text } = await client.get(path);
        expect(text).not.toContain("<script>alert");
        expect(text).not.toContain("<img src=x");
        expect(text).toContain("&lt;script>alert(&quot;name&quot;)&lt;/script>'; DROP TABLE enquiries; --");
      }
      const detail = await client.get(`/office/enquiries/${id}`);
      expect(detail.text).toContain("&lt;/textarea>&lt;script>alert(&quot;message&quot;)&lt;/script> 1' OR '1'='1");
      await client.form(`/office/enquiries/${id}/notes`, { note: "<script>alert('note')</script>" });
      expect((await client.get(`/office/enquiries/${id}`)).text).toContain("&lt;script>alert('note')&lt;/script>");
      expect(await server.stored()).toEqual(expect.arrayContaining([expect.objectContaining({ name: hostile.name })]));
    });
  });

  describe("the statistics", () => {
    it("show staff and owners what brings enquiries and how fast the pages are, for 7, 28 or 90 days", async () => {
      const stats = new StatsStore(database);
      const today = dubaiDay(Date.now());
      const longAgo = addDays(today, -40);
      const view = (day: string, route: string, source: string, device = "phone") =>
        ({ day, kind: "view", route, source, device }) as const;
      await stats.record(
        [
          ...Array.from({ length: 40 }, () => view(today, "/about", "facebook")),
          view(today, "/about", "eid flyer", "desktop"),
          view(longAgo, "/services", "google"),
          { day: today, kind: "missing", route: "/old-<b>offer</b>", source: "other sites", device: "phone" },
        ],
        [
          { id: "v6-1-1", day: today, route: "/about", device: "phone", metric: "LCP", value: 2600 },
          { id: "v6-1-2", day: today, route: "/about", device: "phone", metric: "CLS", value: 0.02 },
          { id: "v6-1-3", day: today, route: "/about", device: "phone", metric: "INP", value: 640 },
        ],
      );
      const staff = await signedInPerson(server.origin, database, "Staff Stats", "staff");
      const page = await staff.client.get("/office/stats");
      expect(page.status).toBe(200);
      expect(page.text).toContain('<a href="/office/stats" aria-current="page">');
      expect(page.text).toContain('<a href="/office/stats?days=28" aria-current="page">28 days</a>');
      // Pages by their titles, not their paths (issue 35, item 8).
      expect(page.text).toMatch(/<th scope="row">About Us<\/th><td class="number">41<\/td>/);
      expect(page.text).not.toContain("Our Services</th>");
      expect(page.text).toMatch(/<th scope="row">Facebook<\/th><td class="number">40<\/td>/);
      expect(page.text).toContain("eid flyer (campaign tag)");
      expect(page.text).toMatch(/<th scope="row">Phones<\/th><td class="number">40<\/td>/);
      // A path of a page the site does not have is counted, never shown (issue 34).
      expect(page.text).toContain("1 view of an address the site does not have");
      expect(page.text).not.toContain("offer");
      expect(page.text).toMatch(/<td class="number rating-needs-improvement">2.60 s/);
      expect(page.text).toMatch(/<td class="number rating-good">0.02/);
      expect(page.text).toMatch(/<td class="number rating-poor">640 ms/);
      expect(page.text).toContain('role="img" aria-label="Views and enquiries per day');

      const ninety = await owner.client.get("/office/stats?days=90");
      expect(ninety.text).toContain('<a href="/office/stats?days=90" aria-current="page">90 days</a>');
      expect(ninety.text).toContain("Our Services</th>");
      for (const odd of ["?days=5", "?days=abc", "?days=90x", "?days[]=7"]) {
        expect((await owner.client.get(`/office/stats${odd}`)).text).toContain(
          '<a href="/office/stats?days=28" aria-current="page">',
        );
      }
    });
  });

  describe("an attacker", () => {
    it("without a session sees the sign-in page, the same for every address, and reaches no data", async () => {
      const id = await submit({ name: "Secret Sara" });
      const stranger = new OfficeClient(server.origin);
      const answers = await Promise.all(
        [
          "/office",
          `/office/enquiries/${id}`,
          "/office/enquiries/999999",
          "/office/me",
          "/office/stats",
          "/office/nothing-here",
          "/office/team",
        ].map((path) => stranger.get(path)),
      );
      for (const answer of answers) {
        expect({ status: answer.status, location: answer.location, text: answer.text }).toEqual({
          status: 303,
          location: "/office/sign-in",
          text: "",
        });
      }
      const json = await stranger.json(`/office/enquiries/${id}/replies`, { channel: "call" });
      expect(json.status).toBe(401);
      expect(JSON.stringify(json.json)).not.toContain("Sara");
      const form = await stranger.form(`/office/enquiries/${id}/notes`, { note: "x" });
      expect(form).toMatchObject({ status: 303, location: "/office/sign-in" });
    });

    it("with a made-up or ended session cookie is treated as signed out", async () => {
      const made = new OfficeClient(server.origin);
      made.cookie = "A".repeat(43);
      expect((await made.get("/office")).location).toBe("/office/sign-in");
      const { client } = await signedInPerson(server.origin, database, "Short Stay", "staff");
      const stolen = client.cookie;
      const signedOut = await client.form("/office/sign-out", {});
      expect(signedOut).toMatchObject({ status: 303, location: "/office/sign-in" });
      expect(signedOut.headers.get("set-cookie")).toBe(
        "__Host-office=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0",
      );
      const thief = new OfficeClient(server.origin);
      thief.cookie = stolen;
      expect((await thief.get("/office")).location).toBe("/office/sign-in");
    });

    it("with a session unused for 8 hours, or signed in 7 days ago, is signed out", async () => {
      const idle = await signedInPerson(server.origin, database, "Idle Ines", "staff");
      const old = await signedInPerson(server.origin, database, "Old Olga", "staff");
      const hour = 60 * 60_000;
      const ids = async (name: string) =>
        (await database.db.selectFrom("people").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
      await database.db
        .updateTable("sessions")
        .set({ seen_at: Date.now() - 8 * hour - 1000 })
        .where("person_id", "=", await ids("Idle Ines"))
        .execute();
      await database.db
        .updateTable("sessions")
        .set({ created_at: Date.now() - 7 * 24 * hour - 1000 })
        .where("person_id", "=", await ids("Old Olga"))
        .execute();
      expect((await idle.client.get("/office")).location).toBe("/office/sign-in");
      expect((await old.client.get("/office")).location).toBe("/office/sign-in");
    });

    it("with a stolen session loses it when the person is revoked, or signs out their other devices", async () => {
      const { client, person } = await signedInPerson(server.origin, database, "Revoked Rami", "staff");
      const thief = new OfficeClient(server.origin);
      thief.cookie = client.cookie;
      expect((await thief.get("/office")).status).toBe(200);
      const other = await signedInPerson(server.origin, database, "Careful Carla", "staff");
      const copy = new OfficeClient(server.origin);
      copy.cookie = other.client.cookie;
      await other.client.get("/office/me");
      // The copy is a second session in the thief's hands: sign in again elsewhere, then sign out the others.
      const fresh = new OfficeClient(server.origin);
      await fresh.signIn(other.authenticator);
      await fresh.get("/office/me");
      expect((await fresh.form("/office/me/sign-out-others", {})).location).toBe("/office/me?ended=1");
      expect((await copy.get("/office")).location).toBe("/office/sign-in");
      await new Accounts(database).revoke(person.id, Date.now());
      expect((await thief.get("/office")).location).toBe("/office/sign-in");
      expect((await new OfficeClient(server.origin).signIn(new SoftAuthenticator(officeOrigin))).status).toBe(400);
    });

    it("cannot post from another site, or without the page's form token", async () => {
      const id = await submit({ name: "Forged Fatima" });
      const { client } = owner;
      await client.get(`/office/enquiries/${id}`);
      const crossSite = await client.form(
        `/office/enquiries/${id}/stage`,
        { stage: "won" },
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      );
      expect(crossSite.status).toBe(403);
      const sameSite = await client.form(
        `/office/enquiries/${id}/stage`,
        { stage: "won" },
        { "sec-fetch-site": "same-site" },
      );
      expect(sameSite.status).toBe(403);
      const noToken = await client.request(`/office/enquiries/${id}/stage`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "stage=won",
      });
      expect(noToken.status).toBe(403);
      const json = await client.json(
        `/office/enquiries/${id}/replies`,
        { channel: "call" },
        { "x-csrf-token": "wrong" },
      );
      expect(json.status).toBe(403);
      const signOut = await client.form("/office/sign-out", {}, { origin: "https://evil.example" });
      expect(signOut.status).toBe(403);
      expect((await client.get(`/office/enquiries/${id}`)).text).not.toContain("Moved to");
      expect((await client.get("/office")).status).toBe(200);
    });

    it("cannot answer a passkey challenge twice, from another origin, or without user verification", async () => {
      const browser = new OfficeClient(server.origin);
      const options = await browser.json("/office/sign-in/options", {});
      const answer = owner.authenticator.authenticate(options.json.options as never);
      const challengeId = options.json.challengeId;
      expect((await browser.json("/office/sign-in", { challengeId, answer })).status).toBe(200);
      const replay = new OfficeClient(server.origin);
      const again = await replay.json("/office/sign-in", { challengeId, answer });
      expect(again).toMatchObject({ status: 400, json: { ok: false } });
      expect(replay.cookie).toBeNull();

      const phishing = await browser.json("/office/sign-in/options", {});
      const phished = owner.authenticator.authenticate(phishing.json.options as never, {
        origin: "https://karama-visa.example.evil",
      });
      expect(
        (await replay.json("/office/sign-in", { challengeId: phishing.json.challengeId, answer: phished })).status,
      ).toBe(400);

      const { token } = await new Accounts(database).invite({
        name: "Touch Only",
        role: "staff",
        by: null,
        now: Date.now(),
        validMs: 3_600_000,
      });
      expect(
        (await new OfficeClient(server.origin).enrol(token, new SoftAuthenticator(officeOrigin, false))).status,
      ).toBe(400);
      for (const body of [{}, { challengeId: "x", answer: "not an object" }, { challengeId: 1, answer: { id: 2 } }]) {
        expect((await replay.json("/office/sign-in", body)).status).toBe(400);
      }
    });

    it("guessing enquiry ids finds nothing that is not there, and nothing without a session", async () => {
      const { client } = owner;
      for (const path of [
        "/office/enquiries/999999",
        "/office/enquiries/0",
        "/office/enquiries/1e3",
        "/office/enquiries/-1",
        "/office/enquiries/99999999999999999999",
      ]) {
        const answer = await client.get(path);
        expect(answer.status).toBe(404);
        expect(answer.text).toContain("There is nothing at this address.");
      }
      expect((await client.json("/office/enquiries/999999/replies", { channel: "call" })).status).toBe(404);
      expect((await client.form("/office/enquiries/999999/notes", { note: "x" })).status).toBe(404);
    });

    it("cannot store a 2 MB note", async () => {
      const id = await submit({ name: "Big Note" });
      const { client } = owner;
      await client.get(`/office/enquiries/${id}`);
      const answer = await client.form(`/office/enquiries/${id}/notes`, { note: "x".repeat(2 * 1024 * 1024) });
      expect(answer.status).toBe(413);
      expect(answer.text).toContain("That was too much to send at once.");
      expect((await client.get(`/office/enquiries/${id}`)).text).not.toContain("xxxxxxxxxx");
    });

    it("flooding sign-in from one address is slowed down there, and the owner still signs in from another", async () => {
      inAFreshMinute();
      const flooder = new OfficeClient(server.origin, { "x-forwarded-for": "203.0.113.9" });
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) statuses.push((await flooder.json("/office/sign-in/options", {})).status);
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
      const limited = await flooder.json("/office/sign-in/options", {});
      expect(limited.json.message).toMatch(/^Too many sign-in attempts from this address; please try again in/);
      const ownerPhone = new OfficeClient(server.origin, { "x-forwarded-for": "198.51.100.7" });
      expect((await ownerPhone.signIn(owner.authenticator)).status).toBe(200);
    });
  });

  describe("the owner's part", () => {
    const stale = async (client: OfficeClient) => {
      await database.db.updateTable("sessions").set({ verified_at: 0 }).execute();
      return client;
    };

    it("is not there for staff: owner pages and actions look like an address that does not exist", async () => {
      const staff = await signedInPerson(server.origin, database, "Staff Sami", "staff");
      expect((await staff.client.get("/office")).text).not.toContain('href="/office/owner"');
      for (const path of [
        "/office/owner",
        "/office/team",
        "/office/data",
        "/office/audit",
        "/office/data?email=a%40b.c",
      ]) {
        const answer = await staff.client.get(path);
        expect(answer.status).toBe(404);
        expect(answer.text).toContain("There is nothing at this address.");
      }
      for (const [path, fields] of [
        ["/office/team/invite", { name: "Sneaky", role: "owner" }],
        [`/office/team/${owner.person.id}/revoke`, {}],
        ["/office/data/export", { from: "2020-01-01", to: "2030-01-01" }],
        ["/office/data/erase", { email: "aisha@example.com" }],
      ] as const) {
        const answer = await staff.client.form(path, fields);
        expect(answer.status).toBe(404);
        expect(answer.headers.get("content-type")).not.toContain("csv");
      }
      expect((await owner.client.get("/office/team")).text).not.toContain("Sneaky");
    });

    it("asks the owner for the passkey again before invite, revoke, export or erase, then lets them", async () => {
      const client = await stale(owner.client);
      const team = await client.get("/office/team");
      expect(team.text).toContain("Confirm it is you");
      expect(team.text).not.toContain("Make an invitation link");
      const refused = await client.form("/office/team/invite", { name: "Too Soon", role: "staff" });
      expect(refused.status).toBe(403);
      expect((await client.form("/office/data/export", { from: "2020-01-01", to: "2030-01-01" })).status).toBe(403);

      const options = await client.json("/office/confirm/options", {});
      expect(options.json.options).toMatchObject({
        userVerification: "required",
        allowCredentials: [{ id: owner.authenticator.id }],
      });
      // Another person's passkey does not confirm this session.
      const stranger = await signedInPerson(server.origin, database, "Other Owner", "owner");
      const wrong = stranger.authenticator.authenticate(options.json.options as never);
      expect(
        (await client.json("/office/confirm", { challengeId: options.json.challengeId, answer: wrong })).status,
      ).toBe(400);
      const again = await client.json("/office/confirm/options", {});
      const right = owner.authenticator.authenticate(again.json.options as never);
      expect(
        (await client.json("/office/confirm", { challengeId: again.json.challengeId, answer: right })).status,
      ).toBe(200);
      expect((await client.get("/office/team")).text).toContain("Make an invitation link");
    });

    it("invites from the office (the link shown once, on the page), and revokes, ending every session", async () => {
      const { client } = owner;
      const invited = await client.form("/office/team/invite", { name: "Office Invitee", role: "staff" });
      expect(invited.status).toBe(200);
      const link = /<a href="([^"]+\/office\/enrol\/[^"]+)"/.exec(invited.text)?.[1] ?? "";
      expect(link).toMatch(new RegExp(`^${officeOrigin}/office/enrol/`));
      const phone = new SoftAuthenticator(officeOrigin);
      const invitee = new OfficeClient(server.origin);
      expect((await invitee.enrol(link.split("/").at(-1) ?? "", phone)).status).toBe(200);
      expect((await invitee.get("/office")).status).toBe(200);
      const blank = await client.form("/office/team/invite", { name: "   ", role: "staff" });
      expect(blank.status).toBe(400);
      expect(blank.text).toContain("Give their name");

      const team = await client.get("/office/team");
      const id =
        /action="\/office\/team\/(\d+)\/revoke"><input[^>]*\/><button type="submit" class="danger">Revoke Office Invitee</.exec(
          team.text,
        )?.[1];
      expect(id).toBeDefined();
      expect((await client.form(`/office/team/${id}/revoke`, {})).location).toBe("/office/team");
      expect((await invitee.get("/office")).location).toBe("/office/sign-in");
      expect((await new OfficeClient(server.origin).signIn(phone)).status).toBe(400);
      expect((await client.form(`/office/team/${owner.person.id}/revoke`, {})).status).toBe(400);
    });

    it("exports a date range as CSV with formulas neutralised", async () => {
      await submit({ name: "=1+2", message: "@SUM(A1)" });
      const csv = await owner.client.form("/office/data/export", { from: "2020-01-01", to: "2099-12-31" });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(csv.headers.get("content-disposition")).toBe(
        'attachment; filename="enquiries-2020-01-01-to-2099-12-31.csv"',
      );
      expect(csv.headers.get("cache-control")).toBe("no-store");
      expect(csv.text).toContain("'=1+2");
      expect(csv.text).toContain("'@SUM(A1)");
      expect(csv.text).not.toMatch(/(^|,)=1\+2/m);
      const backwards = await owner.client.form("/office/data/export", { from: "2026-02-01", to: "2026-01-01" });
      expect(backwards.status).toBe(400);
      expect(backwards.text).toContain("Choose a From date on or before the To date.");
    });

    it("issue 35, item 7: exports a date range as .xlsx too, every value a text cell, and the CSV with a BOM", async () => {
      await submit({ name: "محمد Niño", message: '=HYPERLINK("http://evil")' });
      const range = { from: "2020-01-01", to: "2099-12-31" };
      const xlsx = await owner.client.form("/office/data/export", { ...range, format: "xlsx" });
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get("content-type")).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      expect(xlsx.headers.get("content-disposition")).toBe(
        'attachment; filename="enquiries-2020-01-01-to-2099-12-31.xlsx"',
      );
      expect(xlsx.headers.get("cache-control")).toBe("no-store");
      const sheet = strFromU8(unzipSync(xlsx.bytes)["xl/worksheets/sheet1.xml"] ?? new Uint8Array());
      expect(sheet).toContain("محمد Niño");
      expect(sheet).toContain('t="inlineStr"><is><t xml:space="preserve">=HYPERLINK(&quot;http://evil&quot;)</t>');
      expect(sheet).not.toContain("<f>");
      const csv = await owner.client.form("/office/data/export", { ...range, format: "csv" });
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(csv.text).toContain("محمد Niño");
      // Only the two formats; anything else is refused by the route's schema.
      expect((await owner.client.form("/office/data/export", { ...range, format: "pdf" })).status).toBe(400);
      const audit = await owner.client.get("/office/audit");
      // Days as people write them (issue 35, item 8), not as the form sends them.
      expect(audit.text).toMatch(/enquiries, 1 Jan 2020 to 31 Dec 2099, as a spreadsheet/);
    });

    it("erases a person's enquiries; the audit log keeps the act, not the data", async () => {
      const id = await submit({ name: "Forget Farah", email: "farah@example.com", phone: "+971 52 999 8888" });
      const { client } = owner;
      const preview = await client.get("/office/data?phone=052%20999%208888");
      expect(preview.text).toContain("Forget Farah");
      const erased = await client.form("/office/data/erase", { email: "", phone: "052 999 8888" });
      expect(erased.location).toBe("/office/data?erased=1");
      expect((await client.get(`/office/enquiries/${id}`)).status).toBe(404);
      const audit = await client.get("/office/audit");
      expect(audit.text).toContain("erased a person");
      expect(audit.text).toContain("exported");
      expect(audit.text).toContain("revoked");
      expect(audit.text).toContain("invited");
      expect(audit.text).toContain("signed in");
      expect(audit.text).not.toContain("Farah");
      expect(audit.text).not.toContain("999");
    });

    it("Not spam puts a held enquiry in the inbox and queues its mail, once when two people press it", async () => {
      const [id] = await new (await import("../data/enquiries/store")).InboxStore(database).addMany([
        {
          submission: {
            kind: "enquiry",
            name: "Held Hana",
            email: "h@example.com",
            phone: "+971501112233",
            visaType: "",
            date: "",
            adult: "",
            child: "",
            subject: "",
            message: "",
          },
          heldReason: "honeypot ticked",
        },
      ]);
      const other = await signedInPerson(server.origin, database, "Second Presser", "staff");
      const page = await owner.client.get(`/office/enquiries/${id}`);
      expect(page.text).toContain("Why: honeypot ticked.");
      await other.client.get(`/office/enquiries/${id}`);
      const presses = await Promise.all([
        owner.client.form(`/office/enquiries/${id}/not-spam`, {}),
        other.client.form(`/office/enquiries/${id}/not-spam`, {}),
      ]);
      expect(presses.map((press) => press.status)).toEqual([303, 303]);
      const after = await owner.client.get(`/office/enquiries/${id}`);
      expect(after.text.match(/Marked not spam/g)).toHaveLength(1);
      expect((await server.stored()).find((row) => row.id === id)?.status).toBe("pending");
    });
  });

  describe("what every office answer says", () => {
    it("is never stored, never indexed, and has the office's own strict policy", async () => {
      const { client } = owner;
      const page = await client.get("/office");
      const linked = [...page.text.matchAll(/(?:href|src)="(\/office\/assets\/[^"]+)"/g)].map(
        (match) => match[1] ?? "",
      );
      // The script and the style sheet, compressed; and the home-screen icon (issue 37), an image as it is.
      const assets = linked.filter((path) => !path.endsWith(".png"));
      expect(assets).toHaveLength(2);
      expect(linked.filter((path) => /\/office\/assets\/apple-touch-icon\.[\w-]+\.png$/.test(path))).toHaveLength(1);
      const answers = [
        page,
        await client.get("/office/enquiries/999999"),
        await new OfficeClient(server.origin).get("/office/sign-in"),
        await new OfficeClient(server.origin).get("/office"),
        await client.json("/office/enquiries/999999/replies", { channel: "call" }),
      ];
      for (const answer of answers) {
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow, noarchive");
        expect(answer.headers.get("content-security-policy")).toBe(officePolicy);
      }
      for (const path of assets) {
        const asset = await client.get(path);
        expect(asset.status).toBe(200);
        expect(asset.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
        // Compressed once at start, sent to whoever takes it (fetch asks for gzip).
        expect(asset.headers.get("content-encoding")).toBe("gzip");
        const br = await fetch(server.origin + path, { headers: { "accept-encoding": "br" } });
        expect(br.headers.get("content-encoding")).toBe("br");
        expect(await br.text()).toBe(asset.text);
        const plain = await client.request(path, { headers: { "accept-encoding": "identity" } });
        expect(plain.headers.get("content-encoding")).toBeNull();
        expect(plain.text).toBe(asset.text);
        expect(asset.headers.get("x-robots-tag")).toBe("noindex, nofollow, noarchive");
      }
      const publicPage = await fetch(`${server.origin}/`);
      expect(publicPage.headers.get("content-security-policy")).not.toBe(officePolicy);
      expect(await publicPage.text()).not.toContain("/office");
    });
  });
});
