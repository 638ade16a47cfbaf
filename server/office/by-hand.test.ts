// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseOpeningHours } from "../../app/lib/structured-data";
import { openOfficeData } from "./testing/office-data";
import { submission } from "../testing/submission";
import type { Database } from "../data/open";
import { engines } from "../data/testing/engines";
import type { InboxStore } from "../data/enquiries/store";
import { statsReport } from "../data/stats/report";
import type { Work } from "./work";

/*
 * Issue 35, item 6, in the data layer on both engines: an enquiry added by hand (a walk-in, a phone call, a WhatsApp
 * chat) is stored through the inbox's own store, never mailed and never counted as the site's; a wrong e-mail address
 * is corrected on the timeline; staff mark an enquiry as spam (reversible); an owner deletes held spam at once.
 */

const t0 = Date.UTC(2026, 10, 24, 8);

describe.each(engines)("issue 35, item 6 on %s", (engine) => {
  let database: Database;
  let work: Work;
  let inbox: InboxStore;
  let personId: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, work, inbox, personId, close } = await openOfficeData(engine, t0));
  });
  afterAll(() => close());

  const hours = parseOpeningHours("Mon - Sat, 10.00 am to 10.00 pm");
  const enquiriesCounted = async () => (await statsReport(database, 7, hours, t0)).totals.enquiries;
  const outboxOf = (id: number) =>
    database.db
      .selectFrom("outbox")
      .select(["status", "held_reason"])
      .where("enquiry_id", "=", id)
      .executeTakeFirstOrThrow();

  describe("an enquiry added by hand", () => {
    it("is stored like a visitor's, with how it came and who added it, never mailed, never counted as the site's", async () => {
      const counted = await enquiriesCounted();
      const id = await work.addByHand(
        {
          name: "Walk-in Wahid",
          phone: "050 222 3344",
          email: "",
          visaType: "60 Days Dubai Visa",
          visaLabel: "Visa Change Service",
          message: "Came to the office; wants a visa change before the 30th.",
          cameBy: "walk-in",
        },
        personId,
        t0,
      );
      const detail = await work.detail(id);
      expect(detail).toMatchObject({
        name: "Walk-in Wahid",
        phone: "050 222 3344",
        phoneInternational: "+971502223344",
        phoneFlag: null,
        email: "",
        service: "Visa Change Service (sent as 60 Days Dubai Visa)",
        cameBy: "walk-in",
        stage: "new",
        delivery: "office",
        page: null,
        source: null,
      });
      expect(detail?.events[0]).toMatchObject({ kind: "added", detail: "walk-in", who: "Ravi Kumar" });
      // Never claimed by the outbox, so never mailed to the agency as if a visitor had sent it.
      expect(await inbox.claim("worker", t0 + 60 * 60_000, 100, 60_000)).toEqual([]);
      expect((await inbox.health()).pending).toBe(0);
      // In the inbox, its counts, a search and the export, like any other.
      expect((await work.list({ tab: "new" })).rows.map((row) => row.name)).toContain("Walk-in Wahid");
      expect((await work.list({ tab: null, search: "0502223344" })).rows.map((row) => row.id)).toEqual([id]);
      expect((await work.counts({ search: "Wahid" })).tabs.new).toBe(1);
      const exported = await work.between(new Date(t0 - 1000).toISOString(), new Date(t0 + 1000).toISOString());
      expect(exported.find((row) => row.id === id)).toMatchObject({ status: "office", cameBy: "walk-in" });
      // Not a site enquiry in the statistics.
      expect(await enquiriesCounted()).toBe(counted);
    });

    it("keeps a foreign mobile typed without its country code flagged, as a visitor's would be", async () => {
      const id = await work.addByHand(
        {
          name: "Phone Call Priya",
          phone: "9845012345",
          email: "priya@example.com",
          visaType: "",
          visaLabel: null,
          message: "",
          cameBy: "phone",
        },
        personId,
        t0,
      );
      const detail = await work.detail(id);
      expect(detail?.phoneFlag).toMatchObject({ flag: "foreign-mobile" });
      expect(detail?.phoneInternational).toBeNull();
    });
  });

  describe("an e-mail address corrected", () => {
    it("replaces the wrong address, the correction (and the address it replaced) on the timeline", async () => {
      const id = await inbox.add(submission({ name: "Typo Tariq", email: "tariq@gmial.com" }), new Date(t0));
      expect(await work.correctEmail(id, "tariq@gmail.com", personId, t0 + 1000)).toBe(true);
      const detail = await work.detail(id);
      expect(detail?.email).toBe("tariq@gmail.com");
      expect(detail?.events[0]).toMatchObject({ kind: "corrected-email", who: "Ravi Kumar" });
      expect(JSON.parse(detail?.events[0]?.detail ?? "{}")).toEqual({
        from: "tariq@gmial.com",
        to: "tariq@gmail.com",
      });
      // Found by the new address; the same address again changes nothing and logs nothing.
      expect((await work.list({ tab: null, search: "tariq@gmail.com" })).rows.map((row) => row.id)).toEqual([id]);
      expect(await work.correctEmail(id, "tariq@gmail.com", personId, t0 + 2000)).toBe(true);
      expect((await work.detail(id))?.events.filter((event) => event.kind === "corrected-email")).toHaveLength(1);
      expect(await work.correctEmail(999_999, "a@example.com", personId, t0)).toBe(false);
    });
  });

  describe("marked as spam by staff", () => {
    it("moves to Held as spam with who marked it, on the timeline; released, it is back, not counted twice", async () => {
      const id = await inbox.add(submission({ name: "Spammy Sam", message: "Cheap followers!" }), new Date(t0));
      const counted = await enquiriesCounted();
      expect(await work.markSpam(id, "Ravi Kumar", personId, t0 + 1000)).toBe(true);
      expect(await outboxOf(id)).toEqual({ status: "held", held_reason: "marked by Ravi Kumar" });
      expect((await work.list({ tab: "held" })).rows.map((row) => row.id)).toContain(id);
      expect((await work.list({ tab: "new" })).rows.map((row) => row.id)).not.toContain(id);
      expect((await work.detail(id))?.events[0]).toMatchObject({ kind: "spam", who: "Ravi Kumar" });
      // Twice (two people at once): once on the timeline.
      expect(await work.markSpam(id, "Ravi Kumar", personId, t0 + 1500)).toBe(false);
      expect((await work.detail(id))?.events.filter((event) => event.kind === "spam")).toHaveLength(1);
      expect(await work.markSpam(999_999, "Ravi Kumar", personId, t0)).toBe(false);

      // Released with the existing "Not spam": mailed (it never was), and the statistics count it once, as before.
      expect(await work.notSpam(id, personId, t0 + 2000)).toBe(true);
      expect((await outboxOf(id)).status).toBe("pending");
      expect(await enquiriesCounted()).toBe(counted);
    });

    it("one already mailed, released, is not mailed again; one added by hand goes back to not mailed", async () => {
      const mailed = await inbox.add(submission({ name: "Mailed Mona" }), new Date(t0));
      const claimed = await inbox.claim("worker", t0 + 5000, 100, 60_000);
      expect(claimed.map((row) => row.id)).toContain(mailed);
      expect(await inbox.markSent(mailed, "worker", new Date(t0))).toBe(true);
      expect(await work.markSpam(mailed, "Ravi Kumar", personId, t0 + 1000)).toBe(true);
      expect(await work.notSpam(mailed, personId, t0 + 2000)).toBe(true);
      expect((await outboxOf(mailed)).status).toBe("sent");

      const counted = await enquiriesCounted();
      const byHand = await work.addByHand(
        {
          name: "WhatsApp Wafa",
          phone: "+971 55 000 1122",
          email: "",
          visaType: "Tourist Visa",
          visaLabel: "Tourist Visa",
          message: "",
          cameBy: "whatsapp",
        },
        personId,
        t0,
      );
      expect(await work.markSpam(byHand, "Ravi Kumar", personId, t0 + 1000)).toBe(true);
      expect((await outboxOf(byHand)).status).toBe("held");
      expect(await work.notSpam(byHand, personId, t0 + 2000)).toBe(true);
      expect((await outboxOf(byHand)).status).toBe("office");
      expect(await enquiriesCounted()).toBe(counted);
    });
  });

  describe("held spam deleted by an owner", () => {
    it("deletes one held enquiry, or every one, with their timelines; never one that is not held", async () => {
      const [first, second, kept] = await inbox.addMany(
        [
          { submission: submission({ name: "Held One" }), heldReason: "filled in 1 s" },
          { submission: submission({ name: "Held Two" }), heldReason: "filled in 1 s" },
          { submission: submission({ name: "Real Rania" }), heldReason: null },
        ],
        new Date(t0),
      );
      await work.note(first ?? 0, "looks like spam", personId, t0);
      expect(await work.deleteHeld(kept ?? 0)).toBe(0);
      expect(await work.deleteHeld(first ?? 0)).toBe(1);
      expect(await work.detail(first ?? 0)).toBeNull();
      expect(
        await database.db
          .selectFrom("enquiry_events")
          .select("id")
          .where("enquiry_id", "=", first ?? 0)
          .execute(),
      ).toEqual([]);
      expect(await work.detail(second ?? 0)).not.toBeNull();

      const held = (await work.counts()).tabs.held;
      expect(held).toBeGreaterThan(0);
      expect(await work.deleteHeld("all")).toBe(held);
      expect((await work.counts()).tabs.held).toBe(0);
      expect(await work.detail(second ?? 0)).toBeNull();
      expect(await work.detail(kept ?? 0)).not.toBeNull();
      expect(await work.deleteHeld("all")).toBe(0);
    });
  });
});
