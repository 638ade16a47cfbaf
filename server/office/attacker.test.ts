// @vitest-environment node
import fc from "fast-check";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../data/open";
import { engines } from "../data/testing/engines";
import { enquiryForm, post, removeTestDirs, type Running, startOn, validEnquiry } from "../testing/inbox-server";
import { Accounts } from "./accounts";
import { requireDeclaredAccess } from "./routing";
import type { RouteSpec } from "./route-spec";
import { officeRoutes } from "./routes";
import { SoftAuthenticator } from "./testing/authenticator";
import { OfficeClient, officeOrigin, ownAddress, signedInPerson } from "./testing/office-client";
import { officeServer, type SignedInPerson } from "./testing/office-server";

/* Issue 34: the back office's findings from the attacker's review, one describe per finding. */

afterAll(removeTestDirs);

describe("issue 34, finding 6: a route that declares no access", () => {
  it("refuses to register", async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    expect(() => app.get("/office/forgotten", async () => "open to the world")).toThrow(/declares no access/);
    expect(() => app.get("/office/declared", { config: { access: "staff" } }, async () => "")).not.toThrow();
    await app.close();
  });
});

describe.each(engines)("the back office against an attacker, on %s", (engine) => {
  const office = officeServer(engine, "Owner Olivia", "owner");
  let server: Running;
  let database: Database;
  let owner: SignedInPerson;
  beforeAll(() => void ({ server, database, person: owner } = office));

  /** Makes every session's passkey check hours old, as on a phone left unlocked. */
  const staleSessions = () => database.db.updateTable("sessions").set({ verified_at: 0 }).execute();
  /** A fresh passkey check on a session, as the "Confirm it is you" button does. */
  const confirm = async (person: { client: OfficeClient; authenticator: SoftAuthenticator }) => {
    const options = await person.client.json("/office/confirm/options", {});
    const answer = person.authenticator.authenticate(options.json.options as never);
    const done = await person.client.json("/office/confirm", { challengeId: options.json.challengeId, answer });
    expect(done.status).toBe(200);
  };
  const idOf = async (name: string) =>
    (await database.db.selectFrom("people").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  const roleOf = async (id: number) =>
    (await database.db.selectFrom("people").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role;

  describe("finding 1: a stale session cannot add a passkey; passkeys are listed and removed", () => {
    it("refuses to add a passkey without a passkey check in the last minutes, and allows it after one", async () => {
      const staff = await signedInPerson(server.origin, database, "Stale Sam", "staff");
      await staleSessions();
      const me = await staff.client.get("/office/me");
      expect(me.text).toContain("Confirm it is you");
      expect(me.text).not.toContain('data-passkey="add"');
      const options = await staff.client.json("/office/me/passkeys/options", {});
      expect(options.status).toBe(403);
      expect(options.json.message).toContain("Confirm it is you");
      // Options taken while fresh do not help once the session is stale either.
      await confirm(staff);
      const early = await staff.client.json("/office/me/passkeys/options", {});
      expect(early.status).toBe(200);
      await staleSessions();
      const attacker = new SoftAuthenticator(officeOrigin);
      const added = await staff.client.json("/office/me/passkeys", {
        challengeId: early.json.challengeId,
        answer: attacker.register(early.json.options as never),
      });
      expect(added.status).toBe(403);
      expect((await new OfficeClient(server.origin, ownAddress()).signIn(attacker)).status).toBe(400);

      await confirm(staff);
      const laptop = new SoftAuthenticator(officeOrigin);
      const fresh = await staff.client.json("/office/me/passkeys/options", {});
      const ok = await staff.client.json("/office/me/passkeys", {
        challengeId: fresh.json.challengeId,
        answer: laptop.register(fresh.json.options as never),
      });
      expect(ok.status).toBe(200);
    });

    it("lists each passkey with its device, when it was added and last used; removing one ends its sessions", async () => {
      const person = await signedInPerson(server.origin, database, "Two Phones", "staff");
      const second = new SoftAuthenticator(officeOrigin);
      const options = await person.client.json("/office/me/passkeys/options", {});
      await person.client.json("/office/me/passkeys", {
        challengeId: options.json.challengeId,
        answer: second.register(options.json.options as never),
      });
      const other = new OfficeClient(server.origin, ownAddress());
      expect((await other.signIn(second)).status).toBe(200);
      const me = await person.client.get("/office/me");
      expect(me.text).toMatch(/added \w+ \d+ \w+ \d{4}, \d\d:\d\d/);
      expect(me.text).toContain("last used");
      expect(me.text).toContain(`name="passkey" value="${second.id}"`);

      // Stale: removing needs the check too.
      await staleSessions();
      expect((await person.client.form("/office/me/passkeys/remove", { passkey: second.id })).status).toBe(403);
      await confirm(person);
      const removed = await person.client.form("/office/me/passkeys/remove", { passkey: second.id });
      expect(removed.location).toBe("/office/me?removed=1");
      // The session the removed passkey began has ended; the passkey no longer signs in.
      expect((await other.get("/office")).location).toBe("/office/sign-in");
      expect((await person.client.get("/office")).status).toBe(200);
      expect((await new OfficeClient(server.origin, ownAddress()).signIn(second)).status).toBe(400);
      // Nobody removes another person's passkey from their own page.
      const intruder = await signedInPerson(server.origin, database, "Intruder Ian", "staff");
      const theirs = await intruder.client.form("/office/me/passkeys/remove", { passkey: person.authenticator.id });
      expect(theirs.status).toBe(404);
      expect((await new OfficeClient(server.origin, ownAddress()).signIn(person.authenticator)).status).toBe(200);
      // The last passkey stays: without it the person could never sign in again.
      const last = await person.client.form("/office/me/passkeys/remove", { passkey: person.authenticator.id });
      expect(last.status).toBe(400);
      expect(last.text).toContain("only passkey");
    });

    it("lets an owner remove any person's passkey, ending the sessions it began", async () => {
      const staff = await signedInPerson(server.origin, database, "Lost Phone Lina", "staff");
      await confirm(owner);
      const id = await idOf("Lost Phone Lina");
      const removed = await owner.client.form(`/office/team/${id}/passkeys/remove`, {
        passkey: staff.authenticator.id,
      });
      expect(removed.location).toBe("/office/team");
      expect((await staff.client.get("/office")).location).toBe("/office/sign-in");
      // An id of another person's passkey under this person's address removes nothing.
      const mismatch = await owner.client.form(`/office/team/${id}/passkeys/remove`, {
        passkey: owner.authenticator.id,
      });
      expect(mismatch.status).toBe(404);
      expect((await owner.client.get("/office")).status).toBe(200);
      const audit = await owner.client.get("/office/audit");
      expect(audit.text).toContain("removed a passkey");
      // Nor does an owner lock themselves out from the team page.
      const own = await owner.client.form(`/office/team/${owner.person.id}/passkeys/remove`, {
        passkey: owner.authenticator.id,
      });
      expect(own.status).toBe(400);
      expect(own.text).toContain("only passkey");
    });
  });

  describe("finding 5: an invitation always makes a new person; roles change only on purpose", () => {
    it("inviting an existing name as owner neither merges nor promotes, and their session stays staff", async () => {
      const staff = await signedInPerson(server.origin, database, "Test Staff", "staff");
      await confirm(owner);
      const invited = await owner.client.form("/office/team/invite", { name: "test   STAFF", role: "owner" });
      expect(invited.status).toBe(200);
      const staffId = await idOf("Test Staff");
      expect(await roleOf(staffId)).toBe("staff");
      expect((await staff.client.get("/office/team")).status).toBe(404);
      const people = await database.db
        .selectFrom("people")
        .select(["id", "role"])
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", "test staff"))
        .execute();
      expect(people).toHaveLength(2);
    });

    it("the only owner inviting their own name as staff stays an owner", async () => {
      const solo = await startOn(engine, { server: { trustProxy: true } });
      const db = await openDatabase(solo.database, { migrate: false });
      try {
        const only = await signedInPerson(solo.origin, db, "Only Owner", "owner");
        expect((await only.client.form("/office/team/invite", { name: "Only Owner", role: "staff" })).status).toBe(200);
        expect((await only.client.get("/office/team")).status).toBe(200);
        const owners = await db.db.selectFrom("people").select("id").where("role", "=", "owner").execute();
        expect(owners).toHaveLength(1);
      } finally {
        await db.close();
        await solo.app.close();
      }
    });

    it("changes a role by the owner's explicit act with a fresh check, and never takes the last owner's", async () => {
      await signedInPerson(server.origin, database, "Promoted Priya", "staff");
      const id = await idOf("Promoted Priya");
      await staleSessions();
      expect((await owner.client.form(`/office/team/${id}/role`, { role: "owner" })).status).toBe(403);
      await confirm(owner);
      expect((await owner.client.form(`/office/team/${id}/role`, { role: "owner" })).location).toBe("/office/team");
      expect(await roleOf(id)).toBe("owner");
      expect((await owner.client.form(`/office/team/${id}/role`, { role: "staff" })).location).toBe("/office/team");
      expect(await roleOf(id)).toBe("staff");

      // The data layer keeps one owner whatever asks it: demoting or revoking the last one is refused.
      const accounts = new Accounts(database);
      const owners = await database.db
        .selectFrom("people")
        .select("id")
        .where("role", "=", "owner")
        .where("revoked_at", "is", null)
        .execute();
      for (const extra of owners.slice(1)) await accounts.revoke(extra.id, Date.now());
      const last = owners[0]?.id ?? 0;
      expect(await accounts.setRole(last, "staff")).toBe("last owner");
      expect(await accounts.revoke(last, Date.now())).toBe(false);
      expect(await roleOf(last)).toBe("owner");
    });

    it("gives a person who lost their phone a new link without changing who they are", async () => {
      const lost = await signedInPerson(server.origin, database, "Lost Everything", "staff");
      await confirm(owner);
      const id = await idOf("Lost Everything");
      const linked = await owner.client.form(`/office/team/${id}/link`, {});
      expect(linked.status).toBe(200);
      const link = /<a href="([^"]+\/office\/enrol\/[^"]+)"/.exec(linked.text)?.[1] ?? "";
      const phone = new SoftAuthenticator(officeOrigin);
      const client = new OfficeClient(server.origin, ownAddress());
      expect((await client.enrol(link.split("/").at(-1) ?? "", phone)).status).toBe(200);
      expect((await client.get("/office/me")).text).toContain("Lost Everything");
      expect(await roleOf(id)).toBe("staff");
      expect(lost.person.id).toBe(id);
    });
  });

  describe("finding 12: an enrolment whose passkey is already registered", () => {
    it("gets a clear message, and the invitation stays usable", async () => {
      const accounts = new Accounts(database);
      const { token } = await accounts.invite({
        name: "Replay Rita",
        role: "staff",
        by: null,
        now: Date.now(),
        validMs: 3_600_000,
      });
      const client = new OfficeClient(server.origin, ownAddress());
      // The owner's own authenticator answers again with its registered credential id.
      const replayed = await client.enrol(token, owner.authenticator);
      expect(replayed.status).toBe(400);
      expect(replayed.json.message).toContain("already");
      expect(client.cookie).toBeNull();
      expect((await client.enrol(token, new SoftAuthenticator(officeOrigin))).status).toBe(200);
    });
  });

  describe("finding 13: an enquiry is marked opened only on a same-site navigation", () => {
    it("a link from another site shows it but leaves it unopened; the office's own link opens it", async () => {
      const reply = await post(server.url, { body: enquiryForm({ ...validEnquiry, name: "Cross Site Carla" }) });
      expect(reply.status).toBe(200);
      const stored = await server.stored();
      const id = stored.at(-1)?.id ?? 0;
      const opened = async () =>
        (await database.db.selectFrom("enquiries").select("opened_at").where("id", "=", id).executeTakeFirstOrThrow())
          .opened_at;
      for (const site of ["cross-site", "same-site"]) {
        const page = await owner.client.request(`/office/enquiries/${id}`, {
          headers: { "sec-fetch-site": site, "sec-fetch-mode": "navigate" },
        });
        expect(page.status).toBe(200);
        expect(await opened()).toBeNull();
      }
      const bare = await owner.client.request(`/office/enquiries/${id}`, { headers: {} });
      expect(bare.status).toBe(200);
      expect(await opened()).toBeNull();
      await owner.client.request(`/office/enquiries/${id}`, {
        headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
      });
      expect(await opened()).not.toBeNull();
    });
  });

  describe("finding 10: the server's health in detail is for the owner", () => {
    it("shows the owner the database, mail and outbox; staff and strangers get nothing", async () => {
      const health = await owner.client.get("/office/health");
      expect(health.status).toBe(200);
      expect(health.text).toContain("Server health");
      // Alerts are on by default (issue 55), and no device has them yet: the page says so.
      expect(health.text).toContain("Alerts on phones");
      expect(health.text).toContain("No device has alerts on yet");
      expect((await owner.client.get("/office/owner")).text).toContain('href="/office/health"');
      const staff = await signedInPerson(server.origin, database, "Curious Staff", "staff");
      expect((await staff.client.get("/office/health")).status).toBe(404);
      expect((await new OfficeClient(server.origin).get("/office/health")).location).toBe("/office/sign-in");
    });
  });

  describe("issue 37: a next step's note, typed in the office, is shown back as text", () => {
    it("on the enquiry, its timeline and the Due tab, markup escaped and bidirectional overrides made visible", async () => {
      const sent = await post(server.url, {
        body: enquiryForm({ ...validEnquiry, name: "Step Attacker", phone: "050 909 0909", email: "step@example.com" }),
        headers: { referer: `${officeOrigin}/services` },
      });
      expect(sent.status).toBe(200);
      const id = (
        await database.db
          .selectFrom("enquiries")
          .select("id")
          .where("name", "=", "Step Attacker")
          .executeTakeFirstOrThrow()
      ).id;
      const note = '<img src=x onerror="alert(1)">\u202egpj.exe';
      const when = new Date(Date.now() + 4 * 3_600_000 - 3_600_000).toISOString().slice(0, 16);
      const set = await owner.client.form(`/office/enquiries/${id}/next-step`, { pick: "date", when, note });
      expect(set.status).toBe(303);
      for (const path of [`/office/enquiries/${id}`, "/office?tab=due"]) {
        const page = await owner.client.get(path);
        expect(page.text, path).not.toContain("<img src=x");
        expect(page.text, path).not.toContain("\u202e");
        expect(page.text, path).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;>[U+202E]gpj.exe");
      }
      // A nonsense date sends the form back with the note in its field, as text.
      const wrong = await owner.client.form(`/office/enquiries/${id}/next-step`, { pick: "date", when: "<b>", note });
      expect(wrong.status).toBe(400);
      expect(wrong.text).not.toContain("<img src=x");
      expect(wrong.text).toContain('value="&lt;b>"');
      const at =
        /name="step" value="([^"]+)"/.exec((await owner.client.get(`/office/enquiries/${id}`)).text)?.[1] ?? "";
      expect(
        (await owner.client.form(`/office/enquiries/${id}/next-step/finish`, { how: "done", step: at })).status,
      ).toBe(303);
    });
  });

  describe("every office route: no session, a forged cross-site post", () => {
    const posts = (Object.values(officeRoutes) as RouteSpec[]).filter((route) => route.method === "POST");
    const address = (route: RouteSpec) => route.url.replace(/:[a-z]+/g, "1");

    it.each(posts.map((route) => [route.url, route]))(
      "POST %s from another site is refused with 403",
      async (_url, route) => {
        const answer = await owner.client.form(
          address(route),
          {},
          { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        );
        expect(answer.status).toBe(403);
      },
    );

    it.each(posts.filter((route) => route.access !== "public").map((route) => [route.url, route]))(
      "POST %s without a session changes nothing: the sign-in page, or 401 for the script",
      async (_url, route) => {
        const stranger = new OfficeClient(server.origin, ownAddress());
        const form = await stranger.form(address(route), {});
        expect(form.location).toBe("/office/sign-in");
        expect((await stranger.json(address(route), {})).status).toBe(401);
      },
    );
  });

  describe("finding 6: every route's parameters, query and body are checked", () => {
    it.each([
      "/office?q=a&q=b",
      "/office?service=a&service=b",
      "/office?tab=new&tab=all",
      "/office?before=2147483648",
      "/office/data?email=a&email=b",
      "/office/audit?before=99999999999",
      "/office/audit?before=1&before=2",
      "/office/stats?days=7&days=28",
      "/office/me?ended=1&ended=2",
    ])("GET %s answers 400, not 500", async (path) => {
      await confirm(owner);
      expect((await owner.client.get(path)).status).toBe(400);
    });

    it.each([
      "/office/enquiries/2147483648",
      "/office/enquiries/9999999999",
      "/office/enquiries/-1",
      "/office/enquiries/1e3",
      "/office/enquiries/%E2%80%AE1",
    ])("GET %s answers 404, not 500", async (path) => {
      expect((await owner.client.get(path)).status).toBe(404);
    });

    it("refuses ids past 2^31−1 in notes, status and the team's actions with 404", async () => {
      await confirm(owner);
      for (const path of [
        "/office/enquiries/2147483648/notes",
        "/office/enquiries/2147483648/stage",
        "/office/enquiries/2147483648/next-step",
        "/office/enquiries/2147483648/next-step/finish",
        "/office/team/9999999999/revoke",
        "/office/team/2147483648/role",
      ]) {
        const answer = await owner.client.form(path, {
          note: "x",
          stage: "won",
          role: "staff",
          pick: "hour",
          how: "done",
          step: "x",
        });
        expect(answer.status, path).toBe(404);
      }
    });

    it("refuses a repeated form field with 400", async () => {
      await confirm(owner);
      const answer = await owner.client.request("/office/enquiries/1/notes", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: officeOrigin,
          "sec-fetch-site": "same-origin",
        },
        body: `csrf=${owner.client.csrf}&note=a&note=b`,
      });
      expect(answer.status).toBe(400);
    });

    it("answers every route's repeated, huge, negative, non-numeric and Unicode values with 400 or 404, never 500", async () => {
      const nasty = fc.oneof(
        fc.constantFrom("-1", "0", "2147483648", "99999999999999999999", "1e3", "NaN", "\u202e", "٣", "😀", ""),
        fc.string({ unit: "grapheme", maxLength: 20 }),
        fc.integer().map(String),
        fc.constant("x".repeat(5000)),
      );
      // Signing out would leave the rest of the run knocking on the sign-in page.
      const { signOut, signOutOthers, ...rest } = officeRoutes;
      const routes = Object.values(rest) as RouteSpec[];
      expect([signOut, signOutOthers]).toHaveLength(2);
      await confirm(owner);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), nasty, nasty, fc.boolean(), async (route, one, two, repeat) => {
          const path = route.url
            .replace(/:[a-z]+/g, encodeURIComponent(one))
            .replace("*", encodeURIComponent(one || "x"));
          const query = new URLSearchParams();
          for (const key of ["q", "service", "tab", "before", "days", "ended", "email", "phone", "erased", "deleted"]) {
            query.append(key, one);
            if (repeat) query.append(key, two);
          }
          const fields = new URLSearchParams({ csrf: owner.client.csrf });
          for (const key of [
            "note",
            "stage",
            "reason",
            "name",
            "role",
            "passkey",
            "from",
            "to",
            "email",
            "phone",
            "service",
            "came",
            "message",
            "which",
            "sure",
            // Next steps (issue 37).
            "pick",
            "when",
            "how",
            "step",
          ]) {
            fields.append(key, one);
            if (repeat) fields.append(key, two);
          }
          const answer =
            route.method === "GET"
              ? await owner.client.request(`${path}?${query}`)
              : await owner.client.request(path, {
                  method: "POST",
                  headers: {
                    "content-type": "application/x-www-form-urlencoded",
                    origin: officeOrigin,
                    "sec-fetch-site": "same-origin",
                  },
                  body: fields.toString(),
                });
          // Anything but a server error: refused (400, 403, 404, 413, 429), redirected, or done.
          expect(answer.status, `${route.method} ${path}`).toBeLessThan(500);
        }),
        { numRuns: 120, seed: 34 },
      );
      expect((await owner.client.get("/office")).status).toBe(200);
    });
  });
});
