// @vitest-environment node
import { sql } from "kysely";
import { openOfficeData } from "./testing/office-data";
import { submission } from "../testing/submission";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../data/migrate";
import { migrations } from "../data/migrations";
import { openDatabase, type Database } from "../data/open";
import { emptyDatabase, engines } from "../data/testing/engines";
import type { InboxStore } from "../data/enquiries/store";
import { countCap, type Tab, type Work } from "./work";

/*
 * Issue 35, items 4 and 5, in the data layer on both engines: a phone number stored in international form beside
 * what the visitor typed and found however it is typed; a search that looks in every tab, with each tab's count.
 */

const t0 = Date.UTC(2026, 10, 24, 8);

describe.each(engines)("issue 35 on %s", (engine) => {
  let database: Database;
  let work: Work;
  let inbox: InboxStore;
  let personId: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, work, inbox, personId, close } = await openOfficeData(engine, t0));
  });
  afterAll(() => close());

  const stored = (id: number) =>
    database.db
      .selectFrom("enquiries")
      .select(["phone", "phone_international", "phone_flag"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const found = async (search: string, tab: Tab | null = null) =>
    (await work.list({ tab, search })).rows.map((row) => row.name);

  describe("item 4: phone numbers", () => {
    it("are stored as typed, with the international form beside them; a foreign mobile or a non-number is flagged", async () => {
      const [uae, philippine, indian, none] = await inbox.addMany(
        ["050 987 6543", "0917 123 4567", "9845012345", "call me"].map((phone) => ({
          submission: submission({ phone }),
          heldReason: null,
        })),
        new Date(t0),
      );
      expect(await stored(uae ?? 0)).toEqual({
        phone: "050 987 6543",
        phone_international: "+971509876543",
        phone_flag: null,
      });
      expect(await stored(philippine ?? 0)).toEqual({
        phone: "0917 123 4567",
        phone_international: "+639171234567",
        phone_flag: null,
      });
      expect(await stored(indian ?? 0)).toEqual({
        phone: "9845012345",
        phone_international: null,
        phone_flag: "foreign-mobile",
      });
      expect(await stored(none ?? 0)).toEqual({ phone: "call me", phone_international: null, phone_flag: "invalid" });
      const detail = await work.detail(indian ?? 0);
      expect(detail?.phoneFlag).toMatchObject({ flag: "foreign-mobile" });
      expect(detail?.phoneFlag?.candidates[0]).toBe("+919845012345");
    });

    it("a search finds a number however it is typed", async () => {
      await inbox.add(submission({ name: "Omar Haddad", phone: "+971 50 987 6543" }), new Date(t0));
      await inbox.add(submission({ name: "Omar Again", phone: "00971509876543" }), new Date(t0));
      await inbox.add(submission({ name: "Omar Typed Locally", phone: "0509876543" }), new Date(t0));
      await inbox.add(submission({ name: "Someone Else", phone: "+971 50 987 6540" }), new Date(t0));
      for (const typed of ["+971 50 987 6543", "0509876543", "00971509876543", "971509876543", "050-987-6543"]) {
        const names = await found(typed);
        expect(names, typed).toEqual(expect.arrayContaining(["Omar Haddad", "Omar Again", "Omar Typed Locally"]));
        expect(names, typed).not.toContain("Someone Else");
      }
    });

    // Issue 59, item 8: a number typed on an Arabic keyboard (Arabic-Indic digits, or the Persian/Urdu ones).
    it("a search finds a number typed in Arabic-Indic or Eastern Arabic-Indic digits, whole or in part", async () => {
      await inbox.add(submission({ name: "Huda Arabic Digits", phone: "050 123 4567" }), new Date(t0));
      for (const typed of ["٠٥٠١٢٣٤٥٦٧", "۰۵۰۱۲۳۴۵۶۷", "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧", "٤٥٦٧"]) {
        expect(await found(typed), typed).toContain("Huda Arabic Digits");
      }
    });

    it("09171234567 finds +63 917 123 4567", async () => {
      await inbox.add(submission({ name: "Maria Santos", phone: "+63 917 123 4567" }), new Date(t0));
      expect(await found("09171234567")).toContain("Maria Santos");
      expect(await found("+639171234567")).toContain("Maria Santos");
    });

    it("a flagged number is found by its digits, and after staff correct it, by its international form", async () => {
      const id = await inbox.add(submission({ name: "Priya Nair", phone: "98450 12345" }), new Date(t0));
      expect(await found("9845012345")).toContain("Priya Nair");
      expect(await found("+91 98450 12345")).toContain("Priya Nair");

      expect(await work.correctPhone(id, "+919845012345", personId, t0 + 1000)).toBe(true);
      expect(await stored(id)).toEqual({
        phone: "98450 12345",
        phone_international: "+919845012345",
        phone_flag: null,
      });
      const detail = await work.detail(id);
      expect(detail?.phone).toBe("98450 12345");
      expect(detail?.phoneFlag).toBeNull();
      expect(detail?.events[0]).toMatchObject({ kind: "phone", detail: "+919845012345", who: "Ravi Kumar" });
      expect(await found("919845012345")).toContain("Priya Nair");
      expect(await work.correctPhone(999_999, "+919845012345", personId, t0)).toBe(false);
      // Issue 59, item 2: the owner's export carries the corrected number, the typed one beside it.
      const exported = (
        await work.between(new Date(t0 - 1000).toISOString(), new Date(t0 + 60_000).toISOString())
      ).find((each) => each.id === id);
      expect(exported).toMatchObject({ phone: "98450 12345", phoneInternational: "+919845012345" });
    });

    it("the migration gives the enquiries stored before it their international form, or their flag", async () => {
      const empty = await emptyDatabase(engine);
      const old = await openDatabase(empty.setting, { migrate: false });
      try {
        await migrateToLatest(
          old,
          migrations.filter((migration) => migration.version < 10),
        );
        const phones = [
          "050 987 6543",
          "09171234567",
          "9845012345",
          ...Array.from({ length: 600 }, () => "+971 4 234 5678"),
        ];
        for (const [index, phone] of phones.entries()) {
          await sql`insert into enquiries (received_at, kind, name, email, phone, visa_type, travel_date, adult, child, subject, message)
            values (${new Date(t0).toISOString()}, 'enquiry', ${`Before ${index}`}, '', ${phone}, '', '', '', '', '', '')`.execute(
            old.db,
          );
        }
        await migrateToLatest(old);
        const rows = await old.db
          .selectFrom("enquiries")
          .select(["phone", "phone_international", "phone_flag"])
          .orderBy("id")
          .execute();
        expect(rows.slice(0, 3)).toEqual([
          { phone: "050 987 6543", phone_international: "+971509876543", phone_flag: null },
          { phone: "09171234567", phone_international: "+639171234567", phone_flag: null },
          { phone: "9845012345", phone_international: null, phone_flag: "foreign-mobile" },
        ]);
        expect(rows.at(-1)).toEqual({
          phone: "+971 4 234 5678",
          phone_international: "+97142345678",
          phone_flag: null,
        });
      } finally {
        await old.close();
        await empty.remove();
      }
    });
  });

  describe("item 5: a search looks in every tab", () => {
    let ids: Record<"fresh" | "worked" | "won" | "held" | "other", number>;

    beforeAll(async () => {
      const add = (name: string, visaType: string, heldReason: string | null = null) =>
        inbox
          .addMany([{ submission: submission({ name, visaType }), heldReason }], new Date(t0))
          .then(([id]) => id ?? 0);
      ids = {
        fresh: await add("Zainab Fresh", "Oman Visa"),
        worked: await add("Zainab Worked", "Oman Visa"),
        won: await add("Zainab Won", "Visa Change"),
        held: await add("Zainab Held", "Oman Visa", "a link in the message"),
        other: await add("Yusuf Other", "Oman Visa"),
      };
      await work.moveTo(ids.worked, "awaiting", null, personId, t0);
      await work.moveTo(ids.won, "won", null, personId, t0);
    });

    it("finds the answer whatever tab it is in, held as spam too; a tab picked narrows it", async () => {
      expect(await found("zainab")).toEqual(["Zainab Held", "Zainab Won", "Zainab Worked", "Zainab Fresh"]);
      expect(await found("zainab", "progress")).toEqual(["Zainab Worked"]);
      expect(await found("zainab", "held")).toEqual(["Zainab Held"]);
      expect(await found("zainab", "new")).toEqual(["Zainab Fresh"]);
    });

    it("counts each tab's matches, and the service filter applies when chosen", async () => {
      expect(await work.counts({ search: "zainab" })).toEqual({
        tabs: { new: 1, progress: 1, done: 1, held: 1, all: 3 },
        everywhere: 4,
        capped: false,
      });
      expect(await work.counts({ search: "zainab", service: "Oman Visa" })).toEqual({
        tabs: { new: 1, progress: 1, done: 0, held: 1, all: 2 },
        everywhere: 3,
        capped: false,
      });
      const rows = (await work.list({ tab: null, search: "zainab", service: "Oman Visa" })).rows.map((row) => row.name);
      expect(rows).toEqual(["Zainab Held", "Zainab Worked", "Zainab Fresh"]);
      const onlyService = (await work.list({ tab: null, service: "Visa Change" })).rows.map((row) => row.name);
      expect(onlyService).toContain("Zainab Won");
    });

    it("counts a search that finds more than a thousand as the newest thousand and more", async () => {
      const many = Array.from({ length: countCap + 5 }, (_, index) => ({
        submission: submission({ name: `Crowd ${index}`, message: "crowd" }),
        heldReason: null,
      }));
      await inbox.addMany(many, new Date(t0));
      const counts = await work.counts({ search: "crowd" });
      expect(counts.capped).toBe(true);
      expect(counts.everywhere).toBe(countCap + 1);
      expect((await work.list({ tab: null, search: "crowd" })).rows).toHaveLength(25);
      expect(await work.counts({ search: "zainab" })).toMatchObject({ capped: false });
    });

    it("counts every tab without a search, the same as listing them", async () => {
      const counts = await work.counts();
      for (const tab of ["new", "progress", "done", "held", "all"] as const) {
        const listed = await work.list({ tab, limit: 10_000 });
        expect(counts.tabs[tab], tab).toBe(listed.rows.length);
      }
      expect(counts.everywhere).toBe(counts.tabs.all + counts.tabs.held);
    });

    it("says how many came today, a Dubai day, not counting those held as spam", async () => {
      // 20:30 in Dubai on the 25th (16:30 UTC); Dubai's day began at 20:00 UTC on the 24th.
      const now = Date.UTC(2026, 10, 25, 16, 30);
      const before = await work.today(now);
      await inbox.add(submission({ name: "Early Dubai Morning" }), new Date(Date.UTC(2026, 10, 24, 20, 5)));
      await inbox.add(submission({ name: "Late Yesterday" }), new Date(Date.UTC(2026, 10, 24, 19, 55)));
      await inbox.addMany(
        [{ submission: submission({ name: "Spam Today" }), heldReason: "spam" }],
        new Date(now - 60_000),
      );
      expect(await work.today(now)).toBe(before + 1);
    });
  });
});
