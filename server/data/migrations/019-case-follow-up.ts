import { sql } from "kysely";
import type { Migration } from "./migration";

/**
 * The traveller's case, followed up (issue 56):
 * - one open case per enquiry: a unique index on `cases.enquiry_id` while the case is open (`closed_at` null), so
 *   that two taps on "Start a case", from two phones at once, start one case. A case closed lets the enquiry have
 *   another (a second trip). Twins an earlier version let in are kept, the later ones no longer tied to the
 *   enquiry (their timeline says so), rather than refuse to upgrade.
 * - `case_push`: the traveller's devices that asked to be told when their visa moves (Web Push, the same keys as
 *   the office's alerts: server/push/). A subscription belongs to one case and goes with it.
 */
export const caseFollowUp: Migration = {
  version: 19,
  name: "case-follow-up",
  async up(db, engine) {
    const twins = await db
      .selectFrom("cases as later")
      .innerJoin("cases as first", (join) =>
        join.onRef("first.enquiry_id", "=", "later.enquiry_id").onRef("first.id", "<", "later.id"),
      )
      .select("later.id")
      .distinct()
      .where("later.closed_at", "is", null)
      .where("first.closed_at", "is", null)
      .execute();
    const now = new Date().toISOString();
    for (const { id } of twins) {
      await db.updateTable("cases").set({ enquiry_id: null }).where("id", "=", id).execute();
      await db
        .insertInto("case_events")
        .values({ case_id: id, at: now, person_id: null, kind: "twin-detached", detail: "" })
        .execute();
    }
    await db.schema
      .createIndex("cases_one_open_per_enquiry")
      .unique()
      .on("cases")
      .column("enquiry_id")
      .where(sql.ref("closed_at"), "is", null)
      .execute();

    await db.schema
      .createTable("case_push")
      .addColumn("id", "integer", (column) =>
        engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn("case_id", "integer", (column) => column.notNull().references("cases.id").onDelete("cascade"))
      .addColumn("endpoint", "text", (column) => column.notNull().unique())
      .addColumn("p256dh", "text", (column) => column.notNull())
      .addColumn("auth", "text", (column) => column.notNull())
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("last_error", "text")
      .execute();
    await db.schema.createIndex("case_push_case").on("case_push").column("case_id").execute();
  },
};
