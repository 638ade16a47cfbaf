import { sql } from "kysely";
import { readPhone } from "../enquiries/phone";
import type { Migration } from "./migration";

/**
 * Each enquiry's phone number in international form (E.164), beside the number as the visitor typed it, which is
 * never changed (issue 35): Call and WhatsApp dial it, and a search finds it however it is typed. A number that is
 * none anywhere, or a foreign mobile typed without its country code, has no international form but a flag, until
 * someone in the office corrects it. The enquiries already stored are read here once, in pieces of 500 (a few
 * seconds at 100,000), with the rules of server/data/enquiries/phone.ts as they are at this migration, so every list and
 * search reads a column and never a library.
 */
export const phoneNumbers: Migration = {
  version: 10,
  name: "phone-numbers",
  async up(db) {
    await db.schema.alterTable("enquiries").addColumn("phone_international", "text").execute();
    await db.schema.alterTable("enquiries").addColumn("phone_flag", "text").execute();
    // A search for a whole number: its international form, or among the few flagged numbers.
    await db.schema
      .createIndex("enquiries_phone_international")
      .on("enquiries")
      .column("phone_international")
      .execute();
    await db.schema.createIndex("enquiries_phone_flag").on("enquiries").column("phone_flag").execute();
    // The inbox says how many came today: today's rows only, among 100,000.
    await db.schema.createIndex("enquiries_received").on("enquiries").column("received_at").execute();
    let after = 0;
    for (;;) {
      const rows: { id: number; phone: string }[] = await db
        .selectFrom("enquiries")
        .select(["id", "phone"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(500)
        .execute();
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
      const values = rows.map(({ id, phone }) => {
        const { international, flag } = readPhone(phone);
        return sql`(cast(${id} as integer), cast(${international} as text), cast(${flag} as text))`;
      });
      // One statement per piece, the same on both engines: UPDATE … FROM (SQLite since 3.33), and VALUES's own
      // column names (column1…), since SQLite names no columns of a derived table.
      await sql`update enquiries set phone_international = v.column2, phone_flag = v.column3
        from (values ${sql.join(values)}) as v where enquiries.id = v.column1`.execute(db);
    }
  },
};
