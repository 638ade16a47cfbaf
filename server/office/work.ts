import { type Expression, type ExpressionBuilder, sql } from "kysely";
import { dubaiDay } from "../data/dubai-days";
import type { Database } from "../data/open";
import type { CameBy, EnquiryEventsTable, Schema, Stage } from "../data/schema";
import { nationalDigits, readPhone, searchedNumber } from "../inbox/phone";
import { InboxStore } from "../inbox/store";
import { serviceName } from "../../app/lib/forms/visa-service";
import { internationalDigits } from "./replies";
import type { DeliveryStatus, ExportedEnquiry, ExportedNote } from "../inbox/types";

/** The inbox's tabs: New, In progress (contacted, awaiting documents), Done (won, lost), Held as spam, All. */
export const tabs = ["new", "progress", "done", "held", "all"] as const;
export type Tab = (typeof tabs)[number];

export const stages: readonly Stage[] = ["new", "contacted", "awaiting", "won", "lost"];
export type ReplyChannel = "call" | "whatsapp" | "email";

export interface ListQuery {
  /** null: every tab, held as spam too (a search looks everywhere until someone picks a tab, issue 35). */
  tab: Tab | null;
  /**
   * Words that must each appear in the name, phone, e-mail or message; or a whole phone number, however typed,
   * which finds the enquiries with that number (its international form, or a flagged number holding its digits).
   */
  search?: string;
  /** Only enquiries for this visa type (or subject). */
  service?: string;
  /** Paging: only enquiries older than this id. */
  before?: number;
  limit?: number;
}

/** How many each tab holds (of what the search and service filter find, when given), and how many came today. */
export interface TabCounts {
  tabs: Record<Tab, number>;
  /** Every tab together, held as spam too: what a search finds everywhere. */
  everywhere: number;
  /** A search that finds more than countCap: its counts are of the newest it found, at least so many. */
  capped: boolean;
}

export interface ListRow {
  id: number;
  receivedAt: string;
  name: string;
  /** The service asked for (serviceName: the visa label picked, beside the value sent), or a contact's subject. */
  service: string;
  page: string | null;
  travelDate: string;
  stage: Stage;
  /** Why it was lost, for the Done list (issue 35, item 8); null unless lost. */
  lostReason: string | null;
  opened: boolean;
  delivery: DeliveryStatus;
}

export interface TimelineEvent {
  id: number;
  at: string;
  who: string | null;
  kind: EnquiryEventsTable["kind"];
  detail: string;
}

export interface EnquiryDetail extends ListRow {
  kind: "enquiry" | "contact";
  email: string;
  /** As the visitor typed it, never changed. */
  phone: string;
  /** In international form (E.164), for Call and WhatsApp; null while flagged. */
  phoneInternational: string | null;
  /** Why the number needs a look, with the numbers it could be (server/inbox/phone.ts); null when it is certain. */
  phoneFlag: { flag: "invalid" | "foreign-mobile"; candidates: string[] } | null;
  adult: string;
  child: string;
  subject: string;
  visaType: string;
  /** The label of the visa option picked, when known (issue 35). */
  visaLabel: string | null;
  message: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  heldReason: string | null;
  /** Where the visit came from (app/lib/statistics/source.ts) and the device class, when known. */
  source: string | null;
  device: string | null;
  /** How an enquiry added by hand came; null for one sent from the site. */
  cameBy: CameBy | null;
  events: TimelineEvent[];
}

/** An enquiry someone in the office adds by hand (issue 35, item 6), as the add form's checks left it. */
export interface ByHand {
  name: string;
  /** As typed: read like a visitor's (international form, or flagged). */
  phone: string;
  email: string;
  /** One of the site's visa options, its value and label (app/lib/forms/visa-service.ts); empty when not said. */
  visaType: string;
  visaLabel: string | null;
  message: string;
  cameBy: CameBy;
}

/**
 * The most matches a search counts: counting one that finds thousands would read every enquiry, while its page
 * stops at the first 25; past this its tabs say "1,000+".
 */
export const countCap = 1000;

/** The most words a search looks for. */
const searchWords = 6;

type Builder = ExpressionBuilder<Schema & { e: Schema["enquiries"]; o: Schema["outbox"] }, "e" | "o">;

/** A LIKE pattern matching `word` anywhere, with the word's own % _ and \ taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Whether a phone number as typed (with spaces or dashes) holds these digits. */
const phoneHas = (phone: Expression<string>, digits: string) =>
  sql<boolean>`replace(replace(${phone}, ' ', ''), '-', '') like ${containing(digits)} escape '\\'`;

function tabFilter(eb: Builder, tab: Tab | null) {
  if (tab === null) return eb.lit(true);
  if (tab === "held") return eb("o.status", "=", "held");
  const notHeld = eb("o.status", "!=", "held");
  if (tab === "new") return eb.and([notHeld, eb("e.stage", "=", "new")]);
  if (tab === "progress") return eb.and([notHeld, eb("e.stage", "in", ["contacted", "awaiting"])]);
  if (tab === "done") return eb.and([notHeld, eb("e.stage", "in", ["won", "lost"])]);
  return notHeld;
}

function wordFilter(eb: Builder, word: string) {
  const pattern = containing(word.toLowerCase());
  const like = (column: "e.name" | "e.email" | "e.message") =>
    sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`;
  const digits = word.replace(/[^0-9]/g, "");
  // A word without a digit is not looked for in phone numbers, which hold nothing else worth finding: so each of
  // the conditions has its index on PostgreSQL (migration 13), and the search reads the indexes, not every row.
  const phone =
    digits.length >= 3
      ? [phoneHas(eb.ref("e.phone"), digits)]
      : digits.length > 0
        ? [sql<boolean>`${eb.ref("e.phone")} like ${pattern} escape '\\'`]
        : [];
  return eb.or([like("e.name"), like("e.email"), like("e.message"), ...phone]);
}

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

  /** The enquiries the search and service filter find, before a tab or a page narrows them. */
  private found(query: Pick<ListQuery, "search" | "service">) {
    let select = this.reads.selectFrom("enquiries as e").innerJoin("outbox as o", "o.enquiry_id", "e.id");
    const search = query.search ?? "";
    const number = searchedNumber(search);
    if (number !== null) {
      // Its international form (indexed), or one of the few flagged numbers whose digits hold its own.
      const national = nationalDigits(number);
      select = select.where((eb) =>
        eb.or([
          eb("e.phone_international", "=", number),
          eb.and([eb("e.phone_flag", "is not", null), phoneHas(eb.ref("e.phone"), national)]),
        ]),
      );
    } else {
      const words = search.split(/\s+/).filter(Boolean).slice(0, searchWords);
      for (const word of words) select = select.where((eb) => wordFilter(eb, word));
    }
    if (query.service) {
      const service = query.service;
      // What the visitor picked (the label, when the form said it), as the filter's choices name it (services()).
      select = select.where((eb) =>
        eb.or([
          eb("e.visa_label", "=", service),
          eb.and([eb("e.visa_label", "is", null), eb("e.visa_type", "=", service)]),
          eb("e.subject", "=", service),
        ]),
      );
    }
    return select;
  }

  async list(query: ListQuery): Promise<{ rows: ListRow[]; older: number | null }> {
    const limit = query.limit ?? 25;
    let select = this.found(query)
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

  /**
   * How many each tab holds, of what the search and service filter find (issue 35). Unfiltered, one statement
   * counts the stages from their index and looks up only the held enquiries' stages (never 100,000 rows joined);
   * filtered, one grouped count of the newest matches, at most countCap of them.
   */
  async counts(query: Pick<ListQuery, "search" | "service"> = {}): Promise<TabCounts> {
    const filtered = Boolean(query.search?.trim()) || Boolean(query.service);
    const rows: { stage: Stage; held: number; count: number | string | bigint }[] = filtered
      ? await this.reads
          .selectFrom(
            this.found(query)
              .select((eb) => ["e.stage", eb.case().when("o.status", "=", "held").then(1).else(0).end().as("held")])
              .orderBy("e.id", "desc")
              .limit(countCap + 1)
              .as("m"),
          )
          .select((eb) => ["m.stage", "m.held", eb.fn.countAll<number>().as("count")])
          .groupBy(["m.stage", "m.held"])
          .execute()
      : await this.reads
          .selectFrom("enquiries")
          .select((eb) => ["stage", sql<number>`0`.as("held"), eb.fn.countAll<number>().as("count")])
          .groupBy("stage")
          .unionAll(
            // Each held one's stage by its id: a few thousand lookups, never a second pass over every enquiry.
            this.reads
              .selectFrom("outbox as o")
              .select((eb) => [
                sql<Stage>`(select e.stage from enquiries e where e.id = ${eb.ref("o.enquiry_id")})`.as("stage"),
                sql<number>`1`.as("held"),
                eb.fn.countAll<number>().as("count"),
              ])
              .where("o.status", "=", "held")
              .groupBy("stage"),
          )
          .execute();
    // Unfiltered, a stage's row counts its held enquiries too: they are taken off it.
    const notHeld: Record<Stage, number> = { new: 0, contacted: 0, awaiting: 0, won: 0, lost: 0 };
    let held = 0;
    for (const row of rows) {
      const count = Number(row.count);
      if (Number(row.held) !== 1) notHeld[row.stage] += count;
      else {
        held += count;
        if (!filtered) notHeld[row.stage] -= count;
      }
    }
    const counts: Record<Tab, number> = {
      new: notHeld.new,
      progress: notHeld.contacted + notHeld.awaiting,
      done: notHeld.won + notHeld.lost,
      held,
      all: notHeld.new + notHeld.contacted + notHeld.awaiting + notHeld.won + notHeld.lost,
    };
    const everywhere = counts.all + counts.held;
    return { tabs: counts, everywhere, capped: filtered && everywhere > countCap };
  }

  /** How many enquiries came today, a Dubai day (not those held as spam). */
  async today(now: number): Promise<number> {
    const start = new Date(Date.parse(`${dubaiDay(now)}T00:00:00+04:00`)).toISOString();
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
    const row = await this.db
      .selectFrom("enquiries as e")
      .innerJoin("outbox as o", "o.enquiry_id", "e.id")
      .selectAll("e")
      .select(["o.status", "o.attempts", "o.last_error", "o.sent_at", "o.held_reason"])
      .where("e.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    const events = await this.db
      .selectFrom("enquiry_events as v")
      .leftJoin("people as p", "p.id", "v.person_id")
      .select(["v.id", "v.at", "v.kind", "v.detail", "p.name"])
      .where("v.enquiry_id", "=", id)
      .orderBy("v.id", "desc")
      .execute();
    return {
      ...toListRow(row),
      kind: row.kind,
      email: row.email,
      phone: row.phone,
      phoneInternational: row.phone_international,
      phoneFlag: row.phone_flag ? { flag: row.phone_flag, candidates: readPhone(row.phone).candidates } : null,
      adult: row.adult,
      child: row.child,
      subject: row.subject,
      visaType: row.visa_type,
      visaLabel: row.visa_label,
      message: row.message,
      attempts: row.attempts,
      lastError: row.last_error,
      sentAt: row.sent_at,
      heldReason: row.held_reason,
      source: row.source,
      device: row.device,
      cameBy: row.came_by,
      events: events.map((event) => ({
        id: event.id,
        at: event.at,
        who: event.name,
        kind: event.kind,
        detail: event.detail,
      })),
    };
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
      if (Number(first.numUpdatedRows) === 1) {
        await trx
          .insertInto("enquiry_events")
          .values({ enquiry_id: id, at, person_id: personId, kind: "opened", detail: "" })
          .execute();
      }
    });
  }

  /** A tap on Call, WhatsApp or E-mail: on the timeline, and a new enquiry becomes contacted. */
  async replied(id: number, channel: ReplyChannel, personId: number, now: number): Promise<boolean> {
    const at = new Date(now).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom("enquiries").select("stage").where("id", "=", id).executeTakeFirst();
      if (!found) return false;
      await trx
        .insertInto("enquiry_events")
        .values({ enquiry_id: id, at, person_id: personId, kind: channel, detail: "" })
        .execute();
      const moved = await trx
        .updateTable("enquiries")
        .set({ stage: "contacted", opened_at: sql`coalesce(opened_at, ${at})` })
        .where("id", "=", id)
        .where("stage", "=", "new")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) {
        await trx
          .insertInto("enquiry_events")
          .values({ enquiry_id: id, at, person_id: personId, kind: "stage", detail: "contacted" })
          .execute();
      }
      return true;
    });
  }

  /** Moves an enquiry to a stage; Lost needs its reason. False if there is no such enquiry. */
  async moveTo(id: number, stage: Stage, reason: string | null, personId: number, now: number): Promise<boolean> {
    const at = new Date(now).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("enquiries")
        .set({ stage, lost_reason: stage === "lost" ? reason : null })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto("enquiry_events")
        .values({
          enquiry_id: id,
          at,
          person_id: personId,
          kind: "stage",
          detail: stage === "lost" && reason ? `lost: ${reason}` : stage,
        })
        .execute();
      return true;
    });
  }

  /**
   * Held as spam by mistake: into the inbox, and mailed. Once, however many people press it at the same moment:
   * only the one whose update finds it still held puts it on the timeline.
   */
  async notSpam(id: number, personId: number, now: number): Promise<boolean> {
    if (!(await new InboxStore(this.database).release(id, now))) return false;
    await this.event(id, "not-spam", "", personId, now);
    return true;
  }

  /** The mail server refused it for good: send it again (once the cause is fixed). */
  async resend(id: number, personId: number, now: number): Promise<boolean> {
    if (!(await new InboxStore(this.database).requeue(id, now))) return false;
    await this.event(id, "resend", "", personId, now);
    return true;
  }

  private async event(id: number, kind: EnquiryEventsTable["kind"], detail: string, personId: number, now: number) {
    await this.db
      .insertInto("enquiry_events")
      .values({ enquiry_id: id, at: new Date(now).toISOString(), person_id: personId, kind, detail })
      .execute();
  }

  /**
   * The enquiries received in [from, to) (ISO times), oldest first, with their mail status and how the office
   * worked them: stage, lost reason, notes (who, when) and the people on each timeline. The owner's export.
   */
  async between(from: string, to: string): Promise<ExportedEnquiry[]> {
    const rows = await new InboxStore(this.database).receivedBetween(from, to);
    const stages = await this.db
      .selectFrom("enquiries as e")
      .select(["e.id", "e.stage", "e.lost_reason"])
      .where("e.received_at", ">=", from)
      .where("e.received_at", "<", to)
      .execute();
    const events = await this.db
      .selectFrom("enquiry_events as ev")
      .innerJoin("enquiries as e", "e.id", "ev.enquiry_id")
      .leftJoin("people as p", "p.id", "ev.person_id")
      .select(["ev.enquiry_id", "ev.at", "ev.kind", "ev.detail", "p.name"])
      .where("e.received_at", ">=", from)
      .where("e.received_at", "<", to)
      .orderBy("ev.id")
      .execute();
    const worked = new Map<number, { notes: ExportedNote[]; workedBy: Set<string> }>();
    for (const event of events) {
      const entry = worked.get(event.enquiry_id) ?? { notes: [], workedBy: new Set<string>() };
      worked.set(event.enquiry_id, entry);
      if (event.name !== null) entry.workedBy.add(event.name);
      if (event.kind === "note") entry.notes.push({ at: event.at, who: event.name, text: event.detail });
    }
    const stageOf = new Map(stages.map((row) => [row.id, row]));
    return rows.map((row) => ({
      ...row,
      stage: stageOf.get(row.id)?.stage ?? "new",
      lostReason: stageOf.get(row.id)?.lost_reason ?? null,
      notes: worked.get(row.id)?.notes ?? [],
      workedBy: [...(worked.get(row.id)?.workedBy ?? [])],
    }));
  }

  /**
   * A data-protection request: every enquiry with this e-mail (any case) or this phone number (its digits), with
   * its timeline and outbox row. Returns how many; what they held is gone, the count is what the audit log keeps.
   */
  async erase(who: { email?: string; phone?: string }): Promise<number> {
    const matches = await this.matching(who);
    if (matches.length === 0) return 0;
    const ids = matches.map((match) => match.id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("enquiry_events").where("enquiry_id", "in", ids).execute();
      await trx.deleteFrom("outbox").where("enquiry_id", "in", ids).execute();
      await trx.deleteFrom("enquiries").where("id", "in", ids).execute();
    });
    return ids.length;
  }

  /**
   * The enquiries a person's e-mail (any case) or phone number finds, for the owner to see before erasing. A phone
   * is compared as WhatsApp would dial it (050 123 4567 and +971 50 123 4567 are one number).
   */
  async matching(who: { email?: string; phone?: string }): Promise<{ id: number; name: string; receivedAt: string }[]> {
    const email = who.email?.trim().toLowerCase() ?? "";
    const number = who.phone ? internationalDigits(who.phone) : null;
    if (email === "" && number === null) return [];
    // The last seven digits narrow the rows in the database; the whole number decides.
    const tail = number?.slice(-7) ?? null;
    const rows = await this.db
      .selectFrom("enquiries as e")
      .select(["e.id", "e.name", "e.received_at", "e.email", "e.phone"])
      .where((eb) =>
        eb.or([
          ...(email ? [eb(eb.fn("lower", ["e.email"]), "=", email)] : []),
          ...(tail ? [phoneHas(eb.ref("e.phone"), tail)] : []),
        ]),
      )
      .orderBy("e.id")
      .execute();
    return rows
      .filter(
        (row) =>
          (email !== "" && row.email.trim().toLowerCase() === email) ||
          (number !== null && internationalDigits(row.phone) === number),
      )
      .map((row) => ({ id: row.id, name: row.name, receivedAt: row.received_at }));
  }

  /**
   * What is kept, and for how long: enquiries older than `retentionMonths`, and held spam after 30 days. Returns
   * how many were deleted. Run nightly by every server (deleting what is already gone is harmless).
   */
  async sweep(now: number, retentionMonths: number): Promise<{ old: number; spam: number }> {
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - retentionMonths);
    const spamCutoff = new Date(now - 30 * 24 * 60 * 60_000).toISOString();
    const old = await this.db
      .selectFrom("enquiries")
      .select("id")
      .where("received_at", "<", cutoff.toISOString())
      .execute();
    const spam = await this.db
      .selectFrom("enquiries as e")
      .innerJoin("outbox as o", "o.enquiry_id", "e.id")
      .select("e.id")
      .where("o.status", "=", "held")
      .where("e.received_at", "<", spamCutoff)
      .execute();
    const ids = [...new Set([...old, ...spam].map((row) => row.id))];
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom("enquiry_events").where("enquiry_id", "in", chunk).execute();
        await trx.deleteFrom("outbox").where("enquiry_id", "in", chunk).execute();
        await trx.deleteFrom("enquiries").where("id", "in", chunk).execute();
      });
    }
    const spamIds = new Set(spam.map((row) => row.id));
    return { old: old.filter((row) => !spamIds.has(row.id)).length, spam: spamIds.size };
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
      await trx
        .insertInto("enquiry_events")
        .values({
          enquiry_id: id,
          at: new Date(now).toISOString(),
          person_id: personId,
          kind: "phone",
          detail: international,
        })
        .execute();
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
    await this.event(id, "added", entry.cameBy, personId, now);
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
      await trx
        .insertInto("enquiry_events")
        .values({
          enquiry_id: id,
          at: new Date(now).toISOString(),
          person_id: personId,
          kind: "corrected-email",
          detail: JSON.stringify({ from: found.email, to: email }),
        })
        .execute();
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
    await this.event(id, "spam", "", personId, now);
    return true;
  }

  /**
   * An owner deletes held spam now rather than after 30 days: one held enquiry, or every one, with its timeline.
   * Never one that is not held. Returns how many were deleted (the audit log keeps the count).
   */
  async deleteHeld(which: number | "all"): Promise<number> {
    let held = this.db.selectFrom("outbox").select("enquiry_id").where("status", "=", "held");
    if (which !== "all") held = held.where("enquiry_id", "=", which);
    const ids = (await held.execute()).map((row) => row.enquiry_id);
    let deleted = 0;
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      await this.db.transaction().execute(async (trx) => {
        // Only those still held: one let through meanwhile stays.
        const still = (
          await trx
            .deleteFrom("outbox")
            .where("enquiry_id", "in", chunk)
            .where("status", "=", "held")
            .returning("enquiry_id")
            .execute()
        ).map((row) => row.enquiry_id);
        if (still.length === 0) return;
        await trx.deleteFrom("enquiry_events").where("enquiry_id", "in", still).execute();
        await trx.deleteFrom("enquiries").where("id", "in", still).execute();
        deleted += still.length;
      });
    }
    return deleted;
  }

  /** A note on the timeline; false if there is no such enquiry. */
  async note(id: number, text: string, personId: number, now: number): Promise<boolean> {
    const found = await this.db.selectFrom("enquiries").select("id").where("id", "=", id).executeTakeFirst();
    if (!found) return false;
    await this.db
      .insertInto("enquiry_events")
      .values({ enquiry_id: id, at: new Date(now).toISOString(), person_id: personId, kind: "note", detail: text })
      .execute();
    return true;
  }
}

/** The columns a list row is made from. */
const listColumns = [
  "e.id",
  "e.received_at",
  "e.name",
  "e.kind",
  "e.visa_type",
  "e.visa_label",
  "e.subject",
  "e.page",
  "e.travel_date",
  "e.stage",
  "e.lost_reason",
  "e.opened_at",
  "o.status",
] as const;

function toListRow(row: {
  id: number;
  received_at: string;
  name: string;
  kind: string;
  visa_type: string;
  visa_label: string | null;
  subject: string;
  page: string | null;
  travel_date: string;
  stage: Stage;
  lost_reason: string | null;
  opened_at: string | null;
  status: DeliveryStatus;
}): ListRow {
  return {
    id: row.id,
    receivedAt: row.received_at,
    name: row.name,
    service: serviceOf(row),
    page: row.page,
    travelDate: row.travel_date,
    stage: row.stage,
    lostReason: row.stage === "lost" ? row.lost_reason : null,
    opened: row.opened_at !== null,
    delivery: row.status,
  };
}

/** What the office, the digest and the replies call the service: one name everywhere (serviceName, issue 35). */
function serviceOf(row: { kind: string; visa_type: string; visa_label: string | null; subject: string }): string {
  if (row.visa_type) return serviceName(row.visa_type, row.visa_label);
  if (row.subject) return row.subject;
  return row.kind === "contact" ? "Contact message" : "Enquiry";
}
