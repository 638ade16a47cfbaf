import { afterEach, describe, expect, it } from "vitest";
import { enquiryFieldList, type EnquiryFieldColumns } from "../../../app/lib/forms/enquiry-fields";
import { openDatabase } from "../open";
import { emptyDatabase, engines } from "../testing/engines";
import { submission } from "../../testing/submission";
import { InboxStore } from "./store";

/*
 * The schema's enquiry columns are taken from the fields' description (app/lib/forms/enquiry-fields.ts), so the
 * compiler cannot see a column that no migration made: this does. A field described without its migration fails here.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(engines)("every described field has its column on %s", (engine) => {
  it("and an enquiry stored reads back with each field", async () => {
    const { setting, remove } = await emptyDatabase(engine);
    cleanups.push(remove);
    const database = await openDatabase(setting);
    cleanups.push(() => database.close());
    const store = new InboxStore(database);
    const id = await store.add(submission({ visaType: "60 Days Dubai Visa", visaLabel: "Visa Change Service" }));
    const columns = enquiryFieldList.map(({ column }) => column as keyof EnquiryFieldColumns);
    // Selecting a column no migration made is an error on both engines.
    const rows = await database.db.selectFrom("enquiries").select(columns).execute();
    expect(rows).toHaveLength(1);
    expect((await store.all()).find((enquiry) => enquiry.id === id)).toMatchObject({
      name: "Aisha Khan",
      visaType: "60 Days Dubai Visa",
      visaLabel: "Visa Change Service",
      date: "2026-12-20",
    });
  });
});
