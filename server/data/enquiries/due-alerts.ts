import type { Kysely } from "kysely";
import type { Schema } from "../schema";

/** A next step that has come due, not yet alerted, and who should be told (issue 37). */
export interface DueAlert {
  enquiryId: number;
  /** The visitor's name and the step's note, as stored: the sender decides what a locked screen shows. */
  name: string;
  note: string;
  /** When the step was due (ISO 8601). */
  dueAt: string;
  /**
   * Who is told: the person who set the step; every owner (not revoked) when that person is revoked or unknown.
   * Empty only when the agency has nobody left, which the office cannot be.
   */
  personIds: number[];
}

/**
 * The next steps due at `now` that no alert has gone out for, oldest first (at most `limit`), with whom to tell, on
 * enquiries not held as spam; each is marked alerted as it is handed out, and only if it is still the same step
 * (someone may have changed or done it a moment ago). Give it a transaction (`db`) to put the alerts on a durable
 * queue in the same one: a step is then alerted once, by whichever server claims it first, and never lost.
 */
export async function claimDueAlerts(db: Kysely<Schema>, now: number, limit = 100): Promise<DueAlert[]> {
  const at = new Date(now).toISOString();
  const due = await db
    .selectFrom("enquiries as e")
    .innerJoin("outbox as o", "o.enquiry_id", "e.id")
    .leftJoin("people as p", "p.id", "e.next_step_by")
    .select(["e.id", "e.name", "e.next_step_at", "e.next_step_note", "e.next_step_by", "p.revoked_at"])
    .where("e.next_step_at", "<=", at)
    .where("e.next_step_alerted_at", "is", null)
    .where("o.status", "!=", "held")
    .orderBy("e.next_step_at")
    .orderBy("e.id")
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  let owners: number[] | null = null;
  const alerts: DueAlert[] = [];
  for (const row of due) {
    if (row.next_step_at === null) continue;
    const claimed = await db
      .updateTable("enquiries")
      .set({ next_step_alerted_at: at })
      .where("id", "=", row.id)
      .where("next_step_at", "=", row.next_step_at)
      .where("next_step_alerted_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const setterHere = row.next_step_by !== null && row.revoked_at === null;
    if (!setterHere && owners === null) {
      owners = (
        await db
          .selectFrom("people")
          .select("id")
          .where("role", "=", "owner")
          .where("revoked_at", "is", null)
          .orderBy("id")
          .execute()
      ).map((person) => person.id);
    }
    alerts.push({
      enquiryId: row.id,
      name: row.name,
      note: row.next_step_note ?? "",
      dueAt: row.next_step_at,
      personIds: setterHere && row.next_step_by !== null ? [row.next_step_by] : (owners ?? []),
    });
  }
  return alerts;
}
