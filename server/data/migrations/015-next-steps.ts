import { sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Nothing forgotten (issue 37): each enquiry may carry a next step, a moment and a short note set by someone in the
 * office, with when its alert went out (null until the step is due and alerted; a new step clears it); and a
 * repeat visitor's new enquiry names the earlier open one it was linked to (`earlier_id`, kept null when that one
 * is deleted). Indexes for the Due tab (steps by their moment), for finding a visitor's earlier enquiries by their
 * e-mail address whatever its case (the phone's international form has its index since migration 10), and for
 * showing the later enquiries linked to one.
 *
 * Numbered 15 (issue 37): it is registered in ./index.ts after migration 14, which another branch adds.
 */
export const nextSteps: Migration = {
  version: 15,
  name: "next-steps",
  async up(db) {
    await db.schema.alterTable("enquiries").addColumn("next_step_at", "text").execute();
    await db.schema.alterTable("enquiries").addColumn("next_step_note", "text").execute();
    await db.schema
      .alterTable("enquiries")
      .addColumn("next_step_by", "integer", (column) => column.references("people.id"))
      .execute();
    await db.schema.alterTable("enquiries").addColumn("next_step_alerted_at", "text").execute();
    await db.schema
      .alterTable("enquiries")
      .addColumn("earlier_id", "integer", (column) => column.references("enquiries.id").onDelete("set null"))
      .execute();
    await db.schema.createIndex("enquiries_next_step").on("enquiries").columns(["next_step_at", "id"]).execute();
    await db.schema.createIndex("enquiries_earlier").on("enquiries").column("earlier_id").execute();
    await db.schema
      .createIndex("enquiries_email_lower")
      .on("enquiries")
      .expression(sql`lower(email)`)
      .execute();
  },
};
