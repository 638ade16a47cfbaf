// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseOpeningHours } from "../../../app/lib/structured-data";
import { openDatabase, type Database } from "../open";
import { emptyDatabase, engines } from "../testing/engines";
import { InboxStore } from "../enquiries/store";
import { submission } from "../../testing/submission";
import type { EnquiryEventsTable } from "../schema";
import { inOpeningHours, leadRows, leadsOf, percentile, weekOf } from "./leads";
import { formatMinutes } from "./report";

const hours = parseOpeningHours("Mon - Sat, 10.00 am to 10.00 pm");
/** A moment given as the clock in Dubai shows it. */
const dubai = (clock: string) => new Date(`${clock}:00+04:00`);
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000).toISOString();

describe("the agency's opening hours, weeks and percentiles", () => {
  it("tell a moment in the opening hours (Dubai time) from one outside", () => {
    expect(inOpeningHours(hours, dubai("2026-11-17T10:00").getTime())).toBe(true); // Tuesday, opening
    expect(inOpeningHours(hours, dubai("2026-11-17T21:59").getTime())).toBe(true);
    expect(inOpeningHours(hours, dubai("2026-11-17T22:00").getTime())).toBe(false); // closed
    expect(inOpeningHours(hours, dubai("2026-11-17T09:59").getTime())).toBe(false);
    expect(inOpeningHours(hours, dubai("2026-11-22T12:00").getTime())).toBe(false); // Sunday
    expect(inOpeningHours(hours, dubai("2026-11-21T12:00").getTime())).toBe(true); // Saturday
  });

  it("start a week on Monday", () => {
    expect(weekOf("2026-11-16")).toBe("2026-11-16");
    expect(weekOf("2026-11-22")).toBe("2026-11-16");
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
  });

  it("read a time as people do", () => {
    expect([null, 0, 59, 60, 61, 1439, 1440, 1500, 2940].map(formatMinutes)).toEqual([
      "–",
      "0 min",
      "59 min",
      "1 h",
      "1 h 1 min",
      "23 h 59 min",
      "1 d",
      "1 d 1 h",
      "2 d 1 h",
    ]);
  });

  it("take a percentile by nearest rank", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10);
  });
});

describe.each(engines)("the time to a first contact and the enquiries won on %s", (engine) => {
  let database: Database;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const empty = await emptyDatabase(engine);
    remove = empty.remove;
    database = await openDatabase(empty.setting);
    const inbox = new InboxStore(database);
    const enquiry = async (
      at: Date,
      values: {
        source?: string;
        page?: string;
        stage?: "won" | "lost" | "contacted";
        held?: boolean;
        byHand?: boolean;
      },
      events: [minutes: number, kind: EnquiryEventsTable["kind"], detail?: string][],
    ) => {
      const id = await inbox.add(submission({}), at);
      await database.db
        .updateTable("enquiries")
        .set({
          source: values.source ?? null,
          page: values.page ?? null,
          stage: values.stage ?? "new",
          came_by: values.byHand ? "walk-in" : null,
        })
        .where("id", "=", id)
        .execute();
      if (values.held)
        await database.db.updateTable("outbox").set({ status: "held" }).where("enquiry_id", "=", id).execute();
      for (const [minutes, kind, detail] of events) {
        await database.db
          .insertInto("enquiry_events")
          .values({ enquiry_id: id, at: later(at, minutes), person_id: null, kind, detail: detail ?? "" })
          .execute();
      }
    };
    // Week of Monday 16 November: three in the opening hours, one outside.
    await enquiry(dubai("2026-11-17T11:00"), { source: "whatsapp", page: "/dubai-visa/1", stage: "won" }, [
      [2, "opened"],
      [10, "whatsapp"],
      [11, "stage", "contacted"],
      [300, "stage", "won"],
    ]);
    await enquiry(dubai("2026-11-17T11:30"), { source: "google", page: "/", stage: "lost" }, [[30, "call"]]);
    await enquiry(dubai("2026-11-18T15:00"), { source: "google", page: "/" }, [[5, "opened"]]); // not yet contacted
    await enquiry(dubai("2026-11-17T23:00"), { source: "whatsapp", page: "/dubai-visa/1", stage: "won" }, [
      [690, "email"],
    ]);
    // Week of Monday 23 November: one moved to Contacted without a tap, one lost unanswered.
    await enquiry(dubai("2026-11-23T12:00"), { source: "facebook", page: "/contact", stage: "contacted" }, [
      [45, "stage", "contacted"],
    ]);
    await enquiry(dubai("2026-11-23T13:00"), { source: "facebook", page: "/contact", stage: "lost" }, [
      [60, "stage", "lost: no answer"],
    ]);
    // Left out: held spam, an enquiry added by hand, one before the period.
    await enquiry(dubai("2026-11-18T12:00"), { source: "google", page: "/", stage: "won", held: true }, [[1, "call"]]);
    await enquiry(dubai("2026-11-18T12:00"), { stage: "won", byHand: true }, [[0, "call"]]);
    await enquiry(dubai("2026-11-15T12:00"), { source: "google", page: "/", stage: "won" }, [[1, "call"]]);
  });
  afterAll(async () => {
    await database.close();
    await remove();
  });

  it("counts the minutes to the first call, WhatsApp, e-mail or move to Contacted, in the opening hours and outside", async () => {
    const rows = await leadRows(database, "2026-11-16", "2026-11-25");
    expect(rows).toHaveLength(6);
    const leads = leadsOf(rows, hours, "2026-11-16", "2026-11-25");
    expect(leads.firstContact.inHours).toEqual({ enquiries: 5, contacted: 3, medianMinutes: 30, p90Minutes: 45 });
    expect(leads.firstContact.outside).toEqual({ enquiries: 1, contacted: 1, medianMinutes: 690, p90Minutes: 690 });
    expect(leads.firstContact.weeks).toEqual([
      {
        week: "2026-11-16",
        inHours: { enquiries: 3, contacted: 2, medianMinutes: 10, p90Minutes: 30 },
        outside: { enquiries: 1, contacted: 1, medianMinutes: 690, p90Minutes: 690 },
      },
      {
        week: "2026-11-23",
        inHours: { enquiries: 2, contacted: 1, medianMinutes: 45, p90Minutes: 45 },
        outside: { enquiries: 0, contacted: 0, medianMinutes: null, p90Minutes: null },
      },
    ]);
  });

  it("counts the enquiries won per source and per page", async () => {
    const leads = leadsOf(await leadRows(database, "2026-11-16", "2026-11-25"), hours, "2026-11-16", "2026-11-25");
    expect(Object.fromEntries(leads.wonBySource)).toEqual({ whatsapp: 2 });
    expect(Object.fromEntries(leads.wonByPage)).toEqual({ "/dubai-visa/1": 2 });
  });

  it("reads the period by Dubai days", async () => {
    // 23:00 on 17 November in Dubai is 19:00 UTC: inside the 17th, not the 18th.
    expect(await leadRows(database, "2026-11-18", "2026-11-18")).toHaveLength(1);
    expect(await leadRows(database, "2026-11-17", "2026-11-17")).toHaveLength(3);
  });
});
