import { type Kysely, sql } from "kysely";
import { dubaiDay, dubaiDayStart } from "../data/dubai-days";
import type { Database } from "../data/open";
import type { EnquiryEventsTable, Schema, Stage } from "../data/schema";
import { selectEnquiries } from "../data/enquiries/rows";
import { InboxStore } from "../data/enquiries/store";
import type { ExportedEnquiry } from "../data/enquiries/types";
import {
  type ByHand,
  type EnquiryDetail,
  listColumns,
  type ListRow,
  type ReplyChannel,
  toDetail,
  toListRow,
} from "./enquiry-rows";
import * as retention from "./retention";
import { found, type ListQuery, tabCounts, type TabCounts, tabFilter } from "./search";

export {
  type ByHand,
  type EnquiryDetail,
  type ListRow,
  type ReplyChannel,
  stages,
  type TimelineEvent,
} from "./enquiry-rows";
export { countCap, type ListQuery, type Tab, type TabCounts, tabs } from "./search";

/**
 * How the agency works the enquiries: the inbox's lists, one enquiry with its timeline, and what people do to it
 * (open it, reply, move it on, add a note). Each query is written once for both engines. Lists page by id
 * (newest first, "older than this one"), so a page costs the same at the 100,000th enquiry as at the first.
 */
export class Work {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /** The office's reads of many rows (lists, counts, search): off the server's thread on SQLite (server/data/reads.ts). */
  private get reads() {
    return this.database.reads;
  }

  async list(query: ListQuery): Promise<{ rows: ListRow[]; older: number | null }> {
    const limit = query.limit ?? 25;
    let select = found(this.reads, query)
      .select(listColumns)
      .where((eb) => tabFilter(eb, query.tab));
    if (query.before !== undefined) select = select.where("e.id", "<", query.before);
    const rows = await select
      .orderBy("e.id", "desc")
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit).map(toListRow);
    const last = page.at(-1);
    return { rows: page, older: rows.length > limit && last ? last.id : null };
  }

  /** How many each tab holds, of what the search and service filter find (search.ts). */
  counts(query: Pick<ListQuery, "search" | "service"> = {}): Promise<TabCounts> {
    return tabCounts(this.reads, query);
  }

  /** How many enquiries came today, a Dubai day (not those held as spam). */
  async today(now: number): Promise<number> {
    const start = new Date(dubaiDayStart(dubaiDay(now))).toISOString();
    const row = await this.reads
      .selectFrom("enquiries as e")
      .innerJoin("outbox as o", "o.enquiry_id", "e.id")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("e.received_at", ">=", start)
      .where("o.status", "!=", "held")
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * The services asked for, for the service filter: each visa option by the label the visitor picked (its value
   * when the form did not say, issue 35), and each contact subject.
   */
  async services(): Promise<string[]> {
    const rows = await this.reads
      .selectFrom("enquiries")
      .select((eb) => eb.fn.coalesce("visa_label", "visa_type").as("service"))
      .where("visa_type", "!=", "")
      .union(this.reads.selectFrom("enquiries").select("subject as service").where("subject", "!=", ""))
      .execute();
    return rows.map((row) => row.service).sort((a, b) => a.localeCompare(b));
  }

  async detail(id: number): Promise<EnquiryDetail | null> {
    const row = await selectEnquiries(this.db).where("e.id", "=", id).executeTakeFirst();
    if (!row) return null;
    const events = await this.db
      .selectFrom("enquiry_events as v")
      .leftJoin("people as p", "p.id", "v.person_id")
      .select(["v.id", "v.at", "v.kind", "v.detail", "p.name"])
      .where("v.enquiry_id", "=", id)
      .orderBy("v.id", "desc")
      .execute();
    return toDetail(
      row,
      events.map((event) => ({ id: event.id, at: event.at, who: event.name, kind: event.kind, detail: event.detail })),
    );
  }

  /** The first opening is kept (the inbox shows unopened ones in bold) and put on the timeline. */
  async opened(id: number, personId: number, now: number): Promise<void> {
    const at = new Date(now).toISOString();
    await this.db.transaction().execute(async (trx) => {
      const first = await trx
        .updateTable("enquiries")
        .set({ opened_at: at })
        .where("id", "=", id)
        .where("opened_at", "is", null)
        .executeTakeFirst();
      if (Number(first.numUpdatedRows) === 1) await onTimeline(trx, id, personId, now, "opened");
    });
  }

  /**
   * A tap on Call, WhatsApp or E-mail: on the timeline (with the name of the ready text sent, if one was: issue 37),
   * and a new enquiry becomes contacted.
   */
  async replied(id: number, channel: ReplyChannel, personId: number, now: number, text = ""): Promise<boolean> {
    const at = new Date(now).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom("enquiries").select("stage").where("id", "=", id).executeTakeFirst();
      if (!found) return false;
      await onTimeline(trx, id, personId, now, channel, text);
      const moved = await trx
        .updateTable("enquiries")
        .set({ stage: "contacted", opened_at: sql`coalesce(opened_at, ${at})` })
        .where("id", "=", id)
        .where("stage", "=", "new")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) await onTimeline(trx, id, personId, now, "stage", "contacted");
      return true;
    });
  }

  /** Moves an enquiry to a stage; Lost needs its reason. False if there is no such enquiry. */
  async moveTo(id: number, stage: Stage, reason: string | null, personId: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("enquiries")
        .set({ stage, lost_reason: stage === "lost" ? reason : null })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await onTimeline(trx, id, personId, now, "stage", stage === "lost" && reason ? `lost: ${reason}` : stage);
      return true;
    });
  }

  /**
   * Held as spam by mistake: into the inbox, and mailed. Once, however many people press it at the same moment:
   * only the one whose update finds it still held puts it on the timeline.
   */
  async notSpam(id: number, personId: number, now: number): Promise<boolean> {
    if (!(await new InboxStore(this.database).release(id, now))) return false;
    await onTimeline(this.db, id, personId, now, "not-spam");
    return true;
  }

  /** The mail server refused it for good: send it again (once the cause is fixed). */
  async resend(id: number, personId: number, now: number): Promise<boolean> {
    if (!(await new InboxStore(this.database).requeue(id, now))) return false;
    await onTimeline(this.db, id, personId, now, "resend");
    return true;
  }

  /** The owner's export of the enquiries received in [from, to), with how the office worked them (retention.ts). */
  between(from: string, to: string): Promise<ExportedEnquiry[]> {
    return retention.between(this.database, from, to);
  }

  /** A data-protection request: erases every enquiry of this e-mail or phone number; how many (retention.ts). */
  erase(who: { email?: string; phone?: string }): Promise<number> {
    return retention.erase(this.db, who);
  }

  /** The enquiries a person's e-mail or phone number finds, for the owner to see before erasing (retention.ts). */
  matching(who: { email?: string; phone?: string }): Promise<{ id: number; name: string; receivedAt: string }[]> {
    return retention.matching(this.db, who);
  }

  /** The nightly sweep: enquiries older than `retentionMonths`, held spam after 30 days (retention.ts). */
  sweep(now: number, retentionMonths: number): Promise<{ old: number; spam: number; alerts: number }> {
    return retention.sweep(this.db, now, retentionMonths);
  }

  /**
   * For the daily digest: enquiries still New a day after they arrived (not held), the oldest first (at most
   * `limit`, and how many in all), and how many are held as suspected spam.
   */
  async waiting(now: number, limit = 50): Promise<{ rows: ListRow[]; total: number; held: number }> {
    const dayAgo = new Date(now - 24 * 60 * 60_000).toISOString();
    const waiting = this.db
      .selectFrom("enquiries as e")
      .innerJoin("outbox as o", "o.enquiry_id", "e.id")
      .where("e.stage", "=", "new")
      .where("o.status", "!=", "held")
      .where("e.received_at", "<", dayAgo);
    const [rows, total, held] = await Promise.all([
      waiting.select(listColumns).orderBy("e.id").limit(limit).execute(),
      waiting.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      this.db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", "held")
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map(toListRow),
      total: Number(total.count),
      held: Number(held.count),
    };
  }

  /**
   * Someone in the office corrects a flagged or wrong number: its international form is set and the flag cleared,
   * the number as the visitor typed it kept, and the correction put on the timeline. False if there is no such
   * enquiry; the number must be one (readPhone's international form, checked by the caller).
   */
  async correctPhone(id: number, international: string, personId: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("enquiries")
        .set({ phone_international: international, phone_flag: null })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      await onTimeline(trx, id, personId, now, "phone", international);
      return true;
    });
  }

  /**
   * An enquiry added by hand (a walk-in, a phone call, a WhatsApp chat): stored through the inbox's own store, so it
   * is in the inbox, its counts, a search and the export like a visitor's, but never mailed to the agency and never
   * counted by the statistics as the site's (InboxStore, cameBy). Who added it, and how it came, on the timeline.
   */
  async addByHand(entry: ByHand, personId: number, now: number): Promise<number> {
    const [id] = await new InboxStore(this.database).addMany(
      [
        {
          submission: {
            kind: "enquiry",
            name: entry.name,
            email: entry.email,
            phone: entry.phone,
            visaType: entry.visaType,
            visaLabel: entry.visaLabel,
            date: "",
            adult: "",
            child: "",
            subject: "",
            message: entry.message,
          },
          heldReason: null,
          cameBy: entry.cameBy,
        },
      ],
      new Date(now),
    );
    if (id === undefined) throw new Error("The enquiry was not stored.");
    await onTimeline(this.db, id, personId, now, "added", entry.cameBy);
    return id;
  }

  /**
   * A wrong e-mail address corrected: the new one replaces it (the E-mail reply and a search use it), and the
   * timeline keeps both. The same address again changes nothing. False if there is no such enquiry; the address
   * is checked by the caller (the site's form's rule).
   */
  async correctEmail(id: number, email: string, personId: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom("enquiries").select("email").where("id", "=", id).executeTakeFirst();
      if (!found) return false;
      if (found.email === email) return true;
      await trx.updateTable("enquiries").set({ email }).where("id", "=", id).execute();
      const change = JSON.stringify({ from: found.email, to: email });
      await onTimeline(trx, id, personId, now, "corrected-email", change);
      return true;
    });
  }

  /**
   * Marked as spam by someone in the office: held (not mailed, if it was still waiting), with "marked by <name>" as
   * the reason, and on the timeline; the inbox's "Not spam" lets it back. Once, however many press it: false when
   * there is no such enquiry or it is held already.
   */
  async markSpam(id: number, personName: string, personId: number, now: number): Promise<boolean> {
    const marked = await this.db
      .updateTable("outbox")
      .set({ status: "held", held_reason: `marked by ${personName}`, lease_owner: null, lease_until: null })
      .where("enquiry_id", "=", id)
      .where("status", "!=", "held")
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await onTimeline(this.db, id, personId, now, "spam");
    return true;
  }

  /** An owner deletes held spam now: one held enquiry, or every one; how many (retention.ts). */
  deleteHeld(which: number | "all"): Promise<number> {
    return retention.deleteHeld(this.db, which);
  }

  /** A note on the timeline; false if there is no such enquiry. */
  async note(id: number, text: string, personId: number, now: number): Promise<boolean> {
    const found = await this.db.selectFrom("enquiries").select("id").where("id", "=", id).executeTakeFirst();
    if (!found) return false;
    await onTimeline(this.db, id, personId, now, "note", text);
    return true;
  }
}

/** Puts on an enquiry's timeline what someone did, and when (in the caller's transaction, when it is one). */
async function onTimeline(
  db: Kysely<Schema>,
  id: number,
  personId: number,
  now: number,
  kind: EnquiryEventsTable["kind"],
  detail = "",
): Promise<void> {
  const at = new Date(now).toISOString();
  await db.insertInto("enquiry_events").values({ enquiry_id: id, at, person_id: personId, kind, detail }).execute();
}
