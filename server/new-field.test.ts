import { strFromU8, unzipSync } from "fflate";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as Described from "../app/lib/forms/enquiry-fields";
import type { EnquiryFieldDescription } from "../app/lib/forms/enquiry-fields";
import { buildEnquiryFormData } from "../app/lib/forms/submit-enquiry";
import { openDatabase, type Database } from "./data/open";
import type { Migration } from "./data/migrations/migration";
import type { DatabaseSetting } from "./data/settings";
import { emptyDatabase, engines } from "./data/testing/engines";
import { Enquiry } from "./office/pages/enquiry";
import { between } from "./office/retention";
import { Work } from "./office/work";
import { toXlsx } from "./office/xlsx";
import { toCsv } from "./data/enquiries/csv";
import { composeMail } from "./inbox/mail";
import { readJson, type Fields } from "./inbox/parse";
import { InboxStore } from "./data/enquiries/store";
import { toSubmission } from "./inbox/submission";

/*
 * The recipe "A new form field" (docs/architecture.md), followed for a field that exists only in this test: its
 * description (the entry below, added to app/lib/forms/enquiry-fields.ts's) and its migration (the column, below).
 * Nothing else is written for it, and it goes from the form's payload through the inbox's reading, the store (both
 * engines), the mail, the CSV, the spreadsheet and the office's enquiry page.
 */

const { nationality } = vi.hoisted(() => ({
  nationality: {
    sent: ["nationality"],
    column: "nationality",
    label: "Nationality",
    shown: "line",
    optional: true,
    form: { state: "nationality", input: { label: "Nationality", type: "text" } },
  } satisfies EnquiryFieldDescription,
}));

vi.mock("../app/lib/forms/enquiry-fields", async (importOriginal) => {
  const real = await importOriginal<typeof Described>();
  const enquiryFields = { ...real.enquiryFields, nationality };
  return { ...real, enquiryFields, ...real.listFields(enquiryFields) };
});

/** The field's migration, as server/data/migrations/NNN-nationality.ts would hold it. */
const addNationality: Migration = {
  version: 999,
  name: "nationality",
  async up(db) {
    await db.schema.alterTable("enquiries").addColumn("nationality", "text").execute();
  },
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function databaseWithTheColumn(engine: DatabaseSetting["engine"]): Promise<Database> {
  const { setting, remove } = await emptyDatabase(engine);
  cleanups.push(remove);
  const database = await openDatabase(setting);
  cleanups.push(() => database.close());
  await addNationality.up(database.db, engine);
  return database;
}

const spec: [string, string][] = [
  ["access_key", ""],
  ["name", "Maria Santos"],
  ["email", "maria@example.com"],
  ["phone", "0501234567"],
  ["visa_type", "Tourist Visa"],
  ["date", "2026-12-07"],
  ["message", "Two adults"],
  ["to_email", "agency@example.com"],
];

describe("a new field, described once, flows everywhere (issue 36, item 2: the recipe followed)", () => {
  it("the form sends it to the site's own inbox only, when filled; an external service gets the spec's payload", () => {
    const values = {
      name: "Maria",
      email: "maria@example.com",
      phone: "050",
      visa: "Tourist Visa",
      adult: "",
      child: "",
      date: "2026-12-07",
      message: "Hi",
      nationality: "Filipino",
    };
    const config = { accessKey: "k", toEmail: "agency@example.com" };
    const own = buildEnquiryFormData(values, { ...config, endpoint: "/api/submit" });
    expect(own.get("nationality")).toBe("Filipino");
    const external = buildEnquiryFormData(values, { ...config, endpoint: "https://forms.example.test/submit" });
    expect([...external.keys()]).toEqual(spec.map(([name]) => name));
    const blank = { ...values, nationality: " " };
    expect(buildEnquiryFormData(blank, { ...config, endpoint: "/api/submit" }).has("nationality")).toBe(false);
  });

  it("the inbox reads it from either form, and it is null when not sent", () => {
    const fields: Fields = new Map([...spec, ["nationality", "Filipino"]]);
    expect(toSubmission("enquiry", fields)).toMatchObject({ name: "Maria Santos", nationality: "Filipino" });
    expect(toSubmission("contact", readJson({ name: "Ana", nationality: "Indian" }))).toMatchObject({
      nationality: "Indian",
    });
    expect(toSubmission("enquiry", new Map(spec))).toMatchObject({ nationality: null });
  });

  describe.each(engines)("on %s", (engine) => {
    it("is stored, mailed, exported (CSV and spreadsheet) and shown on the office's enquiry page", async () => {
      const database = await databaseWithTheColumn(engine);
      const store = new InboxStore(database);
      const now = new Date("2026-11-26T08:00:00.000Z");
      const id = await store.add(toSubmission("enquiry", new Map([...spec, ["nationality", "Filipino"]])), now);
      const without = await store.add(toSubmission("enquiry", new Map(spec)), now);

      const stored = (await store.all()).find((enquiry) => enquiry.id === id);
      expect(stored).toMatchObject({ nationality: "Filipino" });
      expect((await store.all()).find((enquiry) => enquiry.id === without)).toMatchObject({ nationality: null });

      if (!stored) throw new Error("not stored");
      const mail = composeMail(stored, "agency@example.com", "Site <site@example.com>");
      expect(mail.text).toContain("Nationality: Filipino\n");
      expect(mail.html).toContain(
        '<th align="left" valign="top">Nationality</th><td style="white-space:pre-wrap">Filipino</td>',
      );

      const exported = await between(database, "2026-11-26T00:00:00.000Z", "2026-11-27T00:00:00.000Z");
      const [header = "", first = "", second = ""] = toCsv(exported).replace("\uFEFF", "").split("\r\n");
      const at = header.split(",").indexOf("nationality");
      expect(at).toBeGreaterThan(header.split(",").indexOf("message"));
      expect(first.split(",")[at]).toBe("Filipino");
      expect(second.split(",")[at]).toBe("");

      const worksheet = strFromU8(unzipSync(toXlsx(exported))["xl/worksheets/sheet1.xml"] ?? new Uint8Array());
      expect(worksheet).toContain(">Nationality</t>");
      expect(worksheet).toContain(">Filipino</t>");

      const replies = { call: null, whatsapp: null, email: null, greeting: "Hello" };
      const detail = await new Work(database).detail(id);
      if (!detail) throw new Error("no detail");
      const page = renderToString(h(Enquiry, { enquiry: detail, replies, mailOn: true }));
      expect(page).toContain("<dt>Nationality</dt><dd>Filipino</dd>");
      const bare = await new Work(database).detail(without);
      if (!bare) throw new Error("no detail");
      expect(renderToString(h(Enquiry, { enquiry: bare, replies, mailOn: true }))).not.toContain("Nationality");
    });
  });
});
