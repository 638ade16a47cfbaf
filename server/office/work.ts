import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../data/open";
import type { EnquiryEventsTable, Schema, Stage } from "../data/schema";
import type { DeliveryStatus } from "../inbox/types";

/** The inbox's tabs: New, In progress (contacted, awaiting documents), Done (won, lost), Held as spam, All. */
export const tabs = ["new", "progress", "done", "held", "all"] as const;
export type Tab = (typeof tabs)[number];

export const stages: readonly Stage[] = ["new", "contacted", "awaiting", "won", "lost"];
export type ReplyChannel = "call" | "whatsapp" | "email";

export interface ListQuery {
  tab: Tab;
  /** Words that must each appear in the name, phone, e-mail or message. */
  search?: string;
  /** Only enquiries for this visa type (or subject). */
  service?: string;
  /** Paging: only enquiries older than this id. */
  before?: number;
  limit?: number;
}

export interface ListRow {
  id: number;
  receivedAt: string;
  name: string;
  /** The visa type asked for, or the subject of a contact message. */
  service: string;
  page: string | null;
  travelDate: string;
  stage: Stage;
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
  phone: string;
  adult: string;
  child: string;
  subject: string;
  visaType: string;
  message: string;
  lostReason: string | null;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  heldReason: string | null;
  events: TimelineEvent[];
}

/** The most words a search looks for. */
const searchWords = 6;

type Builder = ExpressionBuilder<Schema & { e: Schema["enquiries"]; o: Schema["outbox"] }, "e" | "o">;

/** A LIKE pattern matching `word` anywhere, with the word's own % _ and \ taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function tabFilter(eb: Builder, tab: Tab) {
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
  const phone =
    digits.length >= 3
      ? sql<boolean>`replace(replace(${eb.ref("e.phone")}, ' ', ''), '-', '') like ${containing(digits)} escape '\\'`
      : sql<boolean>`${eb.ref("e.phone")} like ${pattern} escape '\\'`;
  return eb.or([like("e.name"), like("e.email"), like("e.message"), phone]);
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

  async list(query: ListQuery): Promise<{ rows: ListRow[]; older: number | null }> {
    const limit = query.limit ?? 25;
    const words = (query.search ?? "").split(/\s+/).filter(Boolean).slice(0, searchWords);
    let select = this.db
      .selectFrom("enquiries as e")
      .innerJoin("outbox as o", "o.enquiry_id", "e.id")
      .select([
        "e.id",
        "e.received_at",
        "e.name",
        "e.kind",
        "e.visa_type",
        "e.subject",
        "e.page",
        "e.travel_date",
        "e.stage",
        "e.opened_at",
        "o.status",
      ])
      .where((eb) => tabFilter(eb, query.tab));
    for (const word of words) select = select.where((eb) => wordFilter(eb, word));
    if (query.service) {
      const service = query.service;
      select = select.where((eb) => eb.or([eb("e.visa_type", "=", service), eb("e.subject", "=", service)]));
    }
    if (query.before !== undefined) select = select.where("e.id", "<", query.before);
    const rows = await select
      .orderBy("e.id", "desc")
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit).map((row): ListRow => ({
      id: row.id,
      receivedAt: row.received_at,
      name: row.name,
      service: serviceOf(row),
      page: row.page,
      travelDate: row.travel_date,
      stage: row.stage,
      opened: row.opened_at !== null,
      delivery: row.status,
    }));
    const last = page.at(-1);
    return { rows: page, older: rows.length > limit && last ? last.id : null };
  }

  /** The visa types and subjects asked for, for the service filter. */
  async services(): Promise<string[]> {
    const rows = await this.db
      .selectFrom("enquiries")
      .select("visa_type as service")
      .where("visa_type", "!=", "")
      .union(this.db.selectFrom("enquiries").select("subject as service").where("subject", "!=", ""))
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
      id: row.id,
      receivedAt: row.received_at,
      name: row.name,
      service: serviceOf(row),
      page: row.page,
      travelDate: row.travel_date,
      stage: row.stage,
      opened: row.opened_at !== null,
      delivery: row.status,
      kind: row.kind,
      email: row.email,
      phone: row.phone,
      adult: row.adult,
      child: row.child,
      subject: row.subject,
      visaType: row.visa_type,
      message: row.message,
      lostReason: row.lost_reason,
      attempts: row.attempts,
      lastError: row.last_error,
      sentAt: row.sent_at,
      heldReason: row.held_reason,
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

function serviceOf(row: { kind: string; visa_type: string; subject: string }): string {
  if (row.visa_type) return row.visa_type;
  if (row.subject) return row.subject;
  return row.kind === "contact" ? "Contact message" : "Enquiry";
}
