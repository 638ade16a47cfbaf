// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfficeData } from "./testing/office-data";
import { submission } from "../testing/submission";
import type { Database } from "../data/open";
import { engines } from "../data/testing/engines";
import type { InboxStore } from "../data/enquiries/store";
import { claimDueAlerts } from "../data/enquiries/due-alerts";
import type { Accounts } from "./accounts";
import { NextSteps } from "./next-steps";
import type { Work } from "./work";

/*
 * Issue 37, "Nothing forgotten", in the data layer on both engines: a next step on an enquiry, set, done and cleared
 * on its timeline; the Due tab, oldest first; due steps found once for their alert, to the person who set them (the
 * owners when that person is gone); and an enquiry with the phone number or e-mail address of an earlier open one
 * linked to it, what matched kept, the earlier one's stage left as it was (issue 55, part 5: anyone can type them).
 */

const minute = 60_000;
const hour = 60 * minute;
const t0 = Date.UTC(2026, 10, 24, 8);

describe.each(engines)("issue 37, nothing forgotten, on %s", (engine) => {
  let database: Database;
  let work: Work;
  let inbox: InboxStore;
  let accounts: Accounts;
  let personId: number;
  let steps: NextSteps;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, work, inbox, accounts, personId, close } = await openOfficeData(engine, t0));
    steps = new NextSteps(database);
  });
  afterAll(() => close());

  const add = (values: Parameters<typeof submission>[0], at = t0, heldReason: string | null = null) =>
    inbox.addMany([{ submission: submission(values), heldReason }], new Date(at)).then(([id]) => id as number);
  const stageOf = async (id: number) => (await work.detail(id))?.stage;

  describe("a next step", () => {
    it("is set with its moment, note and who set it; replaced; done; each on the timeline", async () => {
      const id = await add({ name: "Step Sara", phone: "+971 50 000 0001", email: "sara@example.com" });
      expect(await steps.ofEnquiry(id)).toEqual({ step: null, linked: [] });
      expect(await steps.set(id, t0 + hour, "Call about the passport copy", personId, t0)).toBe(true);
      expect((await steps.ofEnquiry(id)).step).toEqual({
        at: new Date(t0 + hour).toISOString(),
        note: "Call about the passport copy",
        by: "Ravi Kumar",
      });
      await steps.set(id, t0 + 2 * hour, "Call after lunch", personId, t0 + minute);
      const shown = new Date(t0 + 2 * hour).toISOString();
      // A page showing an older step cannot finish the new one.
      expect(await steps.finish(id, "done", new Date(t0 + hour).toISOString(), personId, t0 + 2 * minute)).toBe(true);
      expect((await steps.ofEnquiry(id)).step?.note).toBe("Call after lunch");
      expect(await steps.finish(id, "done", shown, personId, t0 + 3 * minute)).toBe(true);
      expect((await steps.ofEnquiry(id)).step).toBeNull();
      const events = (await work.detail(id))?.events ?? [];
      expect(events.map((event) => event.kind)).toEqual(["next-step-done", "next-step", "next-step"]);
      expect(JSON.parse(events[0]?.detail ?? "")).toEqual({ at: shown, note: "Call after lunch" });
      expect(events[0]?.who).toBe("Ravi Kumar");
      // Done twice (two people, one moment): once on the timeline.
      expect(await steps.finish(id, "done", shown, personId, t0 + 4 * minute)).toBe(true);
      expect((await work.detail(id))?.events).toHaveLength(3);
      expect(await steps.set(999_999, t0, "", personId, t0)).toBe(false);
      expect(await steps.finish(999_999, "cleared", shown, personId, t0)).toBe(false);
    });

    it("is cleared, on the timeline too", async () => {
      const id = await add({ name: "Clear Chen", phone: "", email: "" });
      await steps.set(id, t0 + hour, "", personId, t0);
      await steps.finish(id, "cleared", new Date(t0 + hour).toISOString(), personId, t0);
      expect((await work.detail(id))?.events[0]?.kind).toBe("next-step-cleared");
      expect((await steps.ofEnquiry(id)).step).toBeNull();
    });
  });

  describe("the Due tab", () => {
    it("lists the steps due or overdue, the longest overdue first, never held spam; counts them", async () => {
      const base = t0 + 10 * 24 * hour;
      const before = await steps.dueCount(base);
      const late = await add({ name: "Late Lina", phone: "", email: "" });
      const later = await add({ name: "Later Leo", phone: "", email: "" });
      const future = await add({ name: "Future Fay", phone: "", email: "" });
      const spam = await add({ name: "Spam Sid", phone: "", email: "" }, t0, "honeypot");
      await steps.set(later, base - hour, "Second", personId, t0);
      await steps.set(late, base - 2 * 24 * hour, "First", personId, t0);
      await steps.set(future, base + hour, "Not yet", personId, t0);
      await steps.set(spam, base - 3 * 24 * hour, "Spam", personId, t0);
      expect(await steps.dueCount(base)).toBe(before + 2);
      const { rows, total } = await steps.due(base);
      expect(total).toBe(before + 2);
      const ours = rows.filter((row) => [late, later, future, spam].includes(row.id));
      expect(ours.map((row) => [row.name, row.step.note, row.step.by])).toEqual([
        ["Late Lina", "First", "Ravi Kumar"],
        ["Later Leo", "Second", "Ravi Kumar"],
      ]);
      expect(await steps.dueCount(base + 2 * hour)).toBe(before + 3);
    });
  });

  describe("a due step's alert", () => {
    it("is handed out once, to the person who set it, or to the owners when that person is gone", async () => {
      const base = t0 + 400 * 24 * hour;
      const { person: owner } = await accounts.invite({
        name: "Olivia Owner",
        role: "owner",
        by: null,
        now: t0,
        validMs: minute,
      });
      const { person: leaver } = await accounts.invite({
        name: "Leaving Lee",
        role: "staff",
        by: null,
        now: t0,
        validMs: minute,
      });
      const mine = await add({ name: "Alert Amal", phone: "", email: "" });
      const orphan = await add({ name: "Orphan Omar", phone: "", email: "" });
      await steps.set(mine, base - hour, "Send the price", personId, t0);
      await steps.set(orphan, base - minute, "Ask for the photo", leaver.id, t0);
      await database.db
        .updateTable("people")
        .set({ revoked_at: new Date(t0).toISOString() })
        .where("id", "=", leaver.id)
        .execute();
      // Not due yet: nothing.
      expect(
        (await claimDueAlerts(database.db, base - 2 * hour)).filter((a) => [mine, orphan].includes(a.enquiryId)),
      ).toEqual([]);
      const alerts = (await claimDueAlerts(database.db, base)).filter((a) => [mine, orphan].includes(a.enquiryId));
      expect(alerts).toEqual([
        {
          enquiryId: mine,
          name: "Alert Amal",
          note: "Send the price",
          dueAt: new Date(base - hour).toISOString(),
          personIds: [personId],
        },
        {
          enquiryId: orphan,
          name: "Orphan Omar",
          note: "Ask for the photo",
          dueAt: new Date(base - minute).toISOString(),
          personIds: [owner.id],
        },
      ]);
      // Once, however many servers ask.
      expect(await claimDueAlerts(database.db, base + hour)).toEqual([]);
      // Set anew: alerted again when that one comes due.
      await steps.set(mine, base + hour, "Send the price again", personId, base);
      expect((await claimDueAlerts(database.db, base + 2 * hour)).map((a) => a.enquiryId)).toEqual([mine]);
      await steps.finish(mine, "done", new Date(base + hour).toISOString(), personId, base);
      await steps.finish(orphan, "done", new Date(base - minute).toISOString(), personId, base);
    });
  });

  describe("a visitor who writes again", () => {
    it("from the same phone: the new enquiry is linked to the earlier open one, with both sets of details; the earlier one keeps its stage", async () => {
      const first = await add({ name: "Repeat Rana", phone: "050 700 0001", email: "rana@example.com" });
      await work.moveTo(first, "awaiting", null, personId, t0);
      const second = await add({ name: "Rana again", phone: "+971507000001", email: "new@example.com" }, t0 + hour);
      // Anyone can type a customer's number: a stranger's enquiry never moves the customer's (issue 55, part 5).
      expect(await stageOf(first)).toBe("awaiting");
      expect((await steps.ofEnquiry(second)).linked).toEqual([
        {
          id: first,
          receivedAt: new Date(t0).toISOString(),
          stage: "awaiting",
          earlier: true,
          name: "Repeat Rana",
          phone: "050 700 0001",
          phoneInternational: "+971507000001",
          email: "rana@example.com",
        },
      ]);
      expect((await steps.ofEnquiry(first)).linked).toEqual([
        {
          id: second,
          receivedAt: new Date(t0 + hour).toISOString(),
          stage: "new",
          earlier: false,
          name: "Rana again",
          phone: "+971507000001",
          phoneInternational: "+971507000001",
          email: "new@example.com",
        },
      ]);
      const [event] = (await work.detail(first))?.events ?? [];
      expect(event).toMatchObject({ kind: "wrote-again", who: null });
      expect(JSON.parse(event?.detail ?? "")).toEqual({ id: second, same: ["phone"] });
    });

    it("from the same e-mail address, whatever its case; also when added by hand in the office", async () => {
      const first = await add({ name: "Mail Maya", phone: "", email: "Maya.K@Example.com" });
      await work.moveTo(first, "contacted", null, personId, t0);
      const second = await work.addByHand(
        {
          name: "Maya",
          phone: "",
          email: "maya.k@example.COM",
          visaType: "",
          visaLabel: null,
          message: "",
          cameBy: "phone",
        },
        personId,
        t0 + hour,
      );
      expect(await stageOf(first)).toBe("contacted");
      expect((await steps.ofEnquiry(second)).linked.map((link) => link.id)).toEqual([first]);
      const [event] = (await work.detail(first))?.events ?? [];
      expect(JSON.parse(event?.detail ?? "")).toEqual({ id: second, same: ["email"] });
    });

    it("never links to an enquiry won or lost, nor when either is held as spam (until let through); a new one already New just notes it", async () => {
      const won = await add({ name: "Won Wael", phone: "050 700 0002", email: "" });
      await work.moveTo(won, "won", null, personId, t0);
      const after = await add({ name: "Wael again", phone: "050 700 0002", email: "" }, t0 + hour);
      expect(await stageOf(won)).toBe("won");
      expect((await steps.ofEnquiry(after)).linked).toEqual([]);

      const open = await add({ name: "Open Omnia", phone: "050 700 0003", email: "" });
      await work.moveTo(open, "contacted", null, personId, t0);
      const spam = await add({ name: "Spam", phone: "050 700 0003", email: "" }, t0 + hour, "honeypot");
      expect(await stageOf(open)).toBe("contacted");
      expect((await steps.ofEnquiry(spam)).linked).toEqual([]);
      expect((await steps.ofEnquiry(open)).linked).toEqual([]);

      // Let through as not spam: linked then; the earlier one keeps its stage.
      expect(await work.notSpam(spam, personId, t0 + 2 * hour)).toBe(true);
      expect(await stageOf(open)).toBe("contacted");
      expect((await steps.ofEnquiry(spam)).linked.map((link) => link.id)).toEqual([open]);

      const heldFirst = await add({ name: "Held Hadi", phone: "050 700 0004", email: "" }, t0, "honeypot");
      const real = await add({ name: "Real Hadi", phone: "050 700 0004", email: "" }, t0 + hour);
      expect((await steps.ofEnquiry(real)).linked).toEqual([]);
      expect((await steps.ofEnquiry(heldFirst)).linked).toEqual([]);

      const fresh = await add({ name: "New Nour", phone: "", email: "nour@example.com" });
      const again = await add({ name: "Nour again", phone: "", email: "nour@example.com" }, t0 + hour);
      expect((await steps.ofEnquiry(again)).linked.map((link) => link.id)).toEqual([fresh]);
      const [event] = (await work.detail(fresh))?.events ?? [];
      expect(JSON.parse(event?.detail ?? "")).toEqual({ id: again, same: ["email"] });
    });

    it("links the enquiries of one batch in their order, to the newest open earlier one", async () => {
      const older = await add({ name: "Batch Bilal", phone: "050 700 0005", email: "" });
      const newer = await add({ name: "Batch Bilal 2", phone: "", email: "bilal@example.com" }, t0 + minute);
      const ids = await inbox.addMany(
        [
          {
            submission: submission({ name: "B3", phone: "050 700 0005", email: "bilal@example.com" }),
            heldReason: null,
          },
          { submission: submission({ name: "B4", phone: "050 700 0005", email: "" }), heldReason: null },
        ],
        new Date(t0 + hour),
      );
      expect((await steps.ofEnquiry(ids[0] as number)).linked.map((link) => link.id)).toEqual([newer, ids[1]]);
      expect((await steps.ofEnquiry(ids[1] as number)).linked.map((link) => link.id)).toEqual([ids[0]]);
      expect((await steps.ofEnquiry(older)).linked).toEqual([]);
      const [event] = (await work.detail(newer))?.events ?? [];
      expect(JSON.parse(event?.detail ?? "")).toEqual({ id: ids[0], same: ["email"] });
      const [later] = (await work.detail(ids[0] as number))?.events ?? [];
      expect(JSON.parse(later?.detail ?? "")).toEqual({ id: ids[1], same: ["phone"] });
    });
  });
});
