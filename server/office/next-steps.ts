import type { Database } from "../data/open";
import type { EnquiryEventsTable, Stage } from "../data/schema";
import { listColumns, type ListRow, toListRow } from "./enquiry-rows";

/** An enquiry's next step as the office shows it (issue 37). */
export interface NextStep {
  /** When it is due (ISO 8601). */
  at: string;
  note: string;
  /** Who set it, by name; null if not known. */
  by: string | null;
}

/** A row of the Due tab: the enquiry, and its step. */
export interface DueRow extends ListRow {
  step: NextStep;
}

/**
 * Another enquiry with this one's phone number or e-mail address, linked when the later one came: an earlier one, or
 * a later one; with its contact details, shown beside this one's (anyone can type a number: issue 55, part 5).
 */
export interface LinkedEnquiry {
  id: number;
  receivedAt: string;
  stage: Stage;
  earlier: boolean;
  name: string;
  phone: string;
  phoneInternational: string | null;
  email: string;
}

/**
 * Next steps (issue 37): set, done or cleared from an enquiry's page, each on its timeline; the Due tab's list and
 * count, oldest first; and the enquiries one with the same phone number or e-mail address is linked to (server/data/enquiries/repeat-visitors.ts).
 * Each query is written once for both engines.
 */
export class NextSteps {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /** Sets (or replaces) an enquiry's next step, due `at` (ms), by `personId`; false if there is no such enquiry. */
  async set(id: number, at: number, note: string, personId: number, now: number): Promise<boolean> {
    const due = new Date(at).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("enquiries")
        .set({ next_step_at: due, next_step_note: note, next_step_by: personId, next_step_alerted_at: null })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      await event(trx, id, personId, now, "next-step", JSON.stringify({ at: due, note }));
      return true;
    });
  }

  /**
   * The step done, or cleared: gone from the enquiry, and on its timeline with its note. Only the step the page
   * showed (`shown`, its moment): one someone else set a moment ago stays. False if there is no such enquiry;
   * true (and nothing done) when the step is already gone or changed.
   */
  async finish(id: number, how: "done" | "cleared", shown: string, personId: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom("enquiries")
        .select(["next_step_at", "next_step_note"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!found) return false;
      if (found.next_step_at === null || found.next_step_at !== shown) return true;
      const gone = await trx
        .updateTable("enquiries")
        .set({ next_step_at: null, next_step_note: null, next_step_by: null, next_step_alerted_at: null })
        .where("id", "=", id)
        .where("next_step_at", "=", shown)
        .executeTakeFirst();
      if (Number(gone.numUpdatedRows) === 1) {
        const detail = JSON.stringify({ at: found.next_step_at, note: found.next_step_note ?? "" });
        await event(trx, id, personId, now, how === "done" ? "next-step-done" : "next-step-cleared", detail);
      }
      return true;
    });
  }

  /** The enquiries whose step is due at `now` (not held as spam), the longest overdue first: at most `limit`. */
  async due(now: number, limit = 100): Promise<{ rows: DueRow[]; total: number }> {
    const at = new Date(now).toISOString();
    const due = this.database.reads
      .selectFrom("enquiries as e")
      .innerJoin("outbox as o", "o.enquiry_id", "e.id")
      .where("e.next_step_at", "<=", at)
      .where("o.status", "!=", "held");
    const [rows, total] = await Promise.all([
      due
        .leftJoin("people as p", "p.id", "e.next_step_by")
        .select(listColumns)
        .select(["e.next_step_at", "e.next_step_note", "p.name as set_by"])
        .orderBy("e.next_step_at")
        .orderBy("e.id")
        .limit(limit)
        .execute(),
      due.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        ...toListRow(row),
        step: { at: row.next_step_at ?? at, note: row.next_step_note ?? "", by: row.set_by },
      })),
      total: Number(total.count),
    };
  }

  /** How many steps are due at `now` (not on held spam): the Due tab's count. */
  async dueCount(now: number): Promise<number> {
    const row = await this.database.reads
      .selectFrom("enquiries as e")
      .innerJoin("outbox as o", "o.enquiry_id", "e.id")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("e.next_step_at", "<=", new Date(now).toISOString())
      .where("o.status", "!=", "held")
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** An enquiry's step, and the enquiries linked to it: the earlier one it was linked to, the later ones linked to it. */
  async ofEnquiry(id: number): Promise<{ step: NextStep | null; linked: LinkedEnquiry[] }> {
    const row = await this.db
      .selectFrom("enquiries as e")
      .leftJoin("people as p", "p.id", "e.next_step_by")
      .select(["e.next_step_at", "e.next_step_note", "e.earlier_id", "p.name"])
      .where("e.id", "=", id)
      .executeTakeFirst();
    if (!row) return { step: null, linked: [] };
    const others = await this.db
      .selectFrom("enquiries")
      .select(["id", "received_at", "stage", "name", "phone", "phone_international", "email"])
      .where((eb) => eb.or([eb("earlier_id", "=", id), ...(row.earlier_id ? [eb("id", "=", row.earlier_id)] : [])]))
      .orderBy("id")
      .execute();
    return {
      step: row.next_step_at ? { at: row.next_step_at, note: row.next_step_note ?? "", by: row.name } : null,
      linked: others.map((other) => ({
        id: other.id,
        receivedAt: other.received_at,
        stage: other.stage,
        earlier: other.id < id,
        name: other.name,
        phone: other.phone,
        phoneInternational: other.phone_international,
        email: other.email,
      })),
    };
  }
}

async function event(
  db: Database["db"],
  id: number,
  personId: number,
  now: number,
  kind: EnquiryEventsTable["kind"],
  detail: string,
): Promise<void> {
  const at = new Date(now).toISOString();
  await db.insertInto("enquiry_events").values({ enquiry_id: id, at, person_id: personId, kind, detail }).execute();
}
