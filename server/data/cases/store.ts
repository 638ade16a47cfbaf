/**
 * The travellers' cases (issue 56, migration 18), for both engines: a case started from an enquiry, its private link
 * (kept as a hash only), its stage and timeline, its papers sealed under the documents key (vault.ts), the
 * resumable uploads that bring them (each chunk sealed as it arrives), and the clean-up that deletes the papers of
 * a closed case after the days kept. Whoever calls it has decided who may: the office for any case, the traveller's
 * page for the case its link opens (every paper is read through its case).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../database";
import type { CaseKind, CasePassportsTable, CaseStage, Schema } from "../schema";
import { type Keyring, MissingKeyError, newFileKey, openWith, sealWith, unwrapFileKey } from "./vault";

/** The stages, in the order a case goes through them; need-more and closed may come at any point. */
export const caseStages = [
  "papers-needed",
  "papers-complete",
  "applied",
  "approved",
  "visa-ready",
  "need-more",
  "closed",
] as const satisfies readonly CaseStage[];

/** A link works while its case is open and this many days after it closed (the visa's download with it). */
export const linkLastsDays = 30;
/** An upload nobody added to for this long is removed (its sealed chunks with it). */
/** A paper's thumbnail seen by one person is logged once in this long. */
const glimpseLoggedMs = 60 * 60 * 1000;

export const abandonedAfterMs = 24 * 60 * 60 * 1000;

const dayMs = 24 * 60 * 60 * 1000;

export interface NewCase {
  enquiryId: number | null;
  name: string;
  phone: string | null;
  email: string | null;
  service: string;
  kind: CaseKind;
  travelDate: string | null;
}

export interface CaseRecord extends NewCase {
  id: number;
  stage: CaseStage;
  stageNote: string | null;
  createdAt: string;
  closedAt: string | null;
  hasLink: boolean;
  linkIssuedAt: string | null;
  filesDeletedAt: string | null;
}

export interface CaseEvent {
  id: number;
  at: string;
  kind: string;
  detail: string;
  /** The person in the office, or null (the traveller, or the server). */
  who: string | null;
}

/** A passport's fields as the traveller confirmed them (server/papers/passport/rules.ts MrzFields). */
export interface PassportFields {
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  issuingState: string;
  /** yyyy-mm-dd */
  birthDate: string;
  expiryDate: string;
  sex: "F" | "M" | "X" | "";
}

export interface NewPassport {
  fields: PassportFields;
  how: CasePassportsTable["how"];
  /** The problems found (rules.ts ProblemCode), for the office. */
  problems: string[];
  /** The passport's photo among the case's papers, when it is known. */
  paperId: string | null;
}

export interface PassportRecord extends Omit<NewPassport, "paperId"> {
  paperId: string | null;
  at: string;
  /** Someone in the office, or null (the traveller). */
  by: number | null;
}

/** A traveller's device, as its browser subscribed it to Web Push. */
export interface CaseDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface NewPaper {
  paperKey: string;
  name: string;
  type: string;
  bytes: Buffer;
  width: number | null;
  height: number | null;
}

export interface PaperRecord {
  id: string;
  paperKey: string;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  status: "sent" | "accepted" | "returned";
  reason: string | null;
  sentAt: string;
  /** Sent by someone in the office (the visa, a paper that came another way); false: by the traveller. */
  byOffice: boolean;
  reviewedAt: string | null;
  deletedAt: string | null;
}

export interface UploadRecord {
  id: string;
  caseId: number;
  paperKey: string;
  name: string;
  length: number;
  received: number;
  /** The paper it became, once whole and kept. */
  paperId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A link's hash, as kept: SHA-256 of the link's token, in hex. */
export function linkHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as issued: 32 random bytes in base64url (43 characters). Anything else is no link. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const caseColumns = [
  "id",
  "enquiry_id",
  "name",
  "phone",
  "email",
  "service",
  "kind",
  "travel_date",
  "stage",
  "stage_note",
  "created_at",
  "closed_at",
  "link_hash",
  "link_issued_at",
  "files_deleted_at",
] as const;

type CaseRow = Pick<Schema["cases"], Exclude<(typeof caseColumns)[number], "id">> & { id: number };

function caseOf(row: CaseRow): CaseRecord {
  return {
    id: Number(row.id),
    enquiryId: row.enquiry_id === null ? null : Number(row.enquiry_id),
    name: row.name,
    phone: row.phone,
    email: row.email,
    service: row.service,
    kind: row.kind,
    travelDate: row.travel_date,
    stage: row.stage,
    stageNote: row.stage_note,
    createdAt: row.created_at,
    closedAt: row.closed_at,
    hasLink: row.link_hash !== null,
    linkIssuedAt: row.link_issued_at,
    filesDeletedAt: row.files_deleted_at,
  };
}

const paperColumns = [
  "id",
  "paper_key",
  "name",
  "type",
  "size",
  "width",
  "height",
  "sha256",
  "status",
  "reason",
  "sent_at",
  "sent_by",
  "reviewed_at",
  "deleted_at",
] as const;

type PaperRow = Pick<Schema["case_papers"], (typeof paperColumns)[number]>;

function paperOf(row: PaperRow): PaperRecord {
  return {
    id: row.id,
    paperKey: row.paper_key,
    name: row.name,
    type: row.type,
    size: Number(row.size),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    sha256: row.sha256,
    status: row.status,
    reason: row.reason,
    sentAt: row.sent_at,
    byOffice: row.sent_by !== null,
    reviewedAt: row.reviewed_at,
    deletedAt: row.deleted_at,
  };
}

/** The row a sealed paper or chunk is bound to (vault.ts: its bytes moved to another row do not open). */
const paperContext = (id: string) => `paper:${id}`;
const uploadContext = (id: string) => `upload:${id}`;
const chunkContext = (id: string, atByte: number) => `upload:${id}:${atByte}`;
const passportContext = (caseId: number) => `passport:${caseId}`;

export class CaseStore {
  private readonly db: Kysely<Schema>;

  constructor(
    readonly database: Database,
    /** The documents keys; null for what opens and seals nothing (the nightly clean-up, the office's lists). */
    private readonly keyring: Keyring | null,
  ) {
    this.db = database.db;
  }

  private get keys(): Keyring {
    if (!this.keyring) throw new Error("the documents key is not loaded here");
    return this.keyring;
  }

  /**
   * Starts a case at "papers needed"; the start is the first line of its timeline. An enquiry has one open case:
   * starting it again (a second tap, another phone at the same moment) gives the case already open.
   */
  async start(input: NewCase, by: number | null, now: Date): Promise<number> {
    const open = () => (input.enquiryId === null ? Promise.resolve(undefined) : this.openCaseOf(input.enquiryId));
    const started = await open();
    if (started) return started;
    try {
      return await this.insertCase(input, by, now);
    } catch (error) {
      // Another tap started it between the look and the insert: one open case per enquiry (migration 19's index).
      const other = await open();
      if (other) return other;
      throw error;
    }
  }

  /** The open case of an enquiry, if it has one. */
  private async openCaseOf(enquiryId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("cases")
      .select("id")
      .where("enquiry_id", "=", enquiryId)
      .where("closed_at", "is", null)
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  private async insertCase(input: NewCase, by: number | null, now: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("cases")
        .values({
          enquiry_id: input.enquiryId,
          name: input.name,
          phone: input.phone,
          email: input.email,
          service: input.service,
          kind: input.kind,
          travel_date: input.travelDate,
          stage: "papers-needed",
          stage_note: null,
          created_at: now.toISOString(),
          created_by: by,
          closed_at: null,
          link_hash: null,
          link_issued_at: null,
          files_deleted_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await addEvent(trx, id, by, "started", "", now);
      return id;
    });
  }

  async get(id: number): Promise<CaseRecord | undefined> {
    const row = await this.db.selectFrom("cases").select(caseColumns).where("id", "=", id).executeTakeFirst();
    return row ? caseOf(row) : undefined;
  }

  /** Every case, the newest first; or those of one enquiry. */
  async list(options: { enquiryId?: number } = {}): Promise<CaseRecord[]> {
    const rows = await this.db
      .selectFrom("cases")
      .select(caseColumns)
      .$if(options.enquiryId !== undefined, (query) => query.where("enquiry_id", "=", options.enquiryId ?? 0))
      .orderBy("id", "desc")
      .execute();
    return rows.map(caseOf);
  }

  /**
   * A new private link for the case: 256 random bits, returned once, kept only as its hash. Any link sent before
   * stops working.
   */
  async issueLink(id: number, by: number | null, now: Date): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("cases")
        .set({ link_hash: linkHash(token), link_issued_at: now.toISOString() })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Error(`no case ${id}`);
      await addEvent(trx, id, by, "link", "", now);
    });
    return token;
  }

  /** The link stops working; a new one may be sent. */
  async revokeLink(id: number, by: number | null, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("cases").set({ link_hash: null }).where("id", "=", id).execute();
      await addEvent(trx, id, by, "link-revoked", "", now);
    });
  }

  /** The case a link opens: not revoked, and its case open or closed less than `linkLastsDays` ago. */
  async byLink(token: string, now: Date): Promise<CaseRecord | undefined> {
    if (!tokenShape.test(token)) return undefined;
    const row = await this.db
      .selectFrom("cases")
      .select(caseColumns)
      .where("link_hash", "=", linkHash(token))
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.closed_at !== null && Date.parse(row.closed_at) + linkLastsDays * dayMs <= now.getTime()) return undefined;
    return caseOf(row);
  }

  /** Moves the case to a stage, with what the traveller is told (`closed` closes it; another stage opens it again). */
  async setStage(id: number, stage: CaseStage, note: string | null, by: number | null, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("cases")
        .set({ stage, stage_note: note, closed_at: stage === "closed" ? now.toISOString() : null })
        .where("id", "=", id)
        .execute();
      await addEvent(trx, id, by, "stage", JSON.stringify({ stage, note }), now);
    });
  }

  /** The case's timeline, the oldest first, with who did each thing in the office. */
  async events(id: number): Promise<CaseEvent[]> {
    const rows = await this.db
      .selectFrom("case_events as e")
      .leftJoin("people as p", "p.id", "e.person_id")
      .select(["e.id", "e.at", "e.kind", "e.detail", "p.name"])
      .where("e.case_id", "=", id)
      .orderBy("e.id")
      .execute();
    return rows.map((row) => ({ id: Number(row.id), at: row.at, kind: row.kind, detail: row.detail, who: row.name }));
  }

  /** Keeps a paper (already checked: server/papers/inspect.ts), sealed; `by` someone in the office, or null. */
  async addPaper(caseId: number, paper: NewPaper, by: number | null, now: Date): Promise<string> {
    const id = randomBytes(16).toString("hex");
    const key = newFileKey(this.keys.current, paperContext(id));
    const data = sealWith(key.key, paper.bytes, paperContext(id));
    key.key.fill(0);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("case_papers")
        .values({
          id,
          case_id: caseId,
          paper_key: paper.paperKey,
          name: paper.name,
          type: paper.type,
          size: paper.bytes.length,
          width: paper.width,
          height: paper.height,
          sha256: createHash("sha256").update(paper.bytes).digest("hex"),
          status: "sent",
          reason: null,
          sent_at: now.toISOString(),
          sent_by: by,
          reviewed_at: null,
          reviewed_by: null,
          key_id: key.keyId,
          wrapped_key: key.wrappedKey,
          data,
          deleted_at: null,
        })
        .execute();
      await addEvent(trx, caseId, by, "paper-sent", JSON.stringify({ paper: id, key: paper.paperKey }), now);
    });
    return id;
  }

  /** The case's papers, in the order they came, without their bytes. */
  async papers(caseId: number): Promise<PaperRecord[]> {
    const rows = await this.db
      .selectFrom("case_papers")
      .select(paperColumns)
      .where("case_id", "=", caseId)
      .orderBy("sent_at")
      .orderBy("id")
      .execute();
    return rows.map(paperOf);
  }

  /** One paper of the case: never one of another case, whatever id is asked for. */
  async paper(caseId: number, paperId: string): Promise<PaperRecord | undefined> {
    const row = await this.db
      .selectFrom("case_papers")
      .select(paperColumns)
      .where("case_id", "=", caseId)
      .where("id", "=", paperId)
      .executeTakeFirst();
    return row ? paperOf(row) : undefined;
  }

  /** A paper's bytes, opened; a documents key this server lacks is a MissingKeyError naming it. */
  async openPaper(caseId: number, paperId: string): Promise<Buffer> {
    const row = await this.db
      .selectFrom("case_papers")
      .select(["key_id", "wrapped_key", "data", "deleted_at"])
      .where("case_id", "=", caseId)
      .where("id", "=", paperId)
      .executeTakeFirst();
    if (!row) throw new Error(`no such paper in case ${caseId}`);
    if (row.data === null || row.wrapped_key === null || row.key_id === null) {
      throw new Error(`the paper was deleted ${row.deleted_at ?? ""}`.trim());
    }
    const key = unwrapFileKey(row.key_id, Buffer.from(row.wrapped_key), this.keys, paperContext(paperId));
    try {
      return openWith(key, Buffer.from(row.data), paperContext(paperId));
    } finally {
      key.fill(0);
    }
  }

  /** Accepts a paper, or sends it back with the reason the traveller will read. */
  async reviewPaper(
    caseId: number,
    paperId: string,
    status: "accepted" | "returned",
    reason: string | null,
    by: number,
    now: Date,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("case_papers")
        .set({ status, reason: status === "returned" ? reason : null, reviewed_at: now.toISOString(), reviewed_by: by })
        .where("case_id", "=", caseId)
        .where("id", "=", paperId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Error(`no such paper in case ${caseId}`);
      const kind = status === "accepted" ? "paper-accepted" : "paper-returned";
      await addEvent(trx, caseId, by, kind, JSON.stringify({ paper: paperId, reason }), now);
    });
  }

  /**
   * A traveller's device to tell when their visa moves (Web Push, as its browser subscribed it). A browser holds one
   * subscription for the site: the same device asking again for another case now follows that one.
   */
  async addDevice(caseId: number, device: CaseDevice, now: Date): Promise<void> {
    const values = { case_id: caseId, p256dh: device.p256dh, auth: device.auth, created_at: now.toISOString() };
    await this.db
      .insertInto("case_push")
      .values({ ...values, endpoint: device.endpoint, last_error: null })
      .onConflict((conflict) => conflict.column("endpoint").doUpdateSet({ ...values, last_error: null }))
      .execute();
  }

  /** The devices of a case, the first asked first. */
  async devices(caseId: number): Promise<(CaseDevice & { id: number })[]> {
    const rows = await this.db
      .selectFrom("case_push")
      .select(["id", "endpoint", "p256dh", "auth"])
      .where("case_id", "=", caseId)
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Stops telling a device (the traveller turned it off, on their case only); whether it was there. */
  async removeDevice(caseId: number, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("case_push")
      .where("case_id", "=", caseId)
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** What became of a push to a device: gone (the push service says so) deletes it; a failure is kept to show. */
  async deviceAnswered(id: number, outcome: { gone: boolean; error: string | null }): Promise<void> {
    if (outcome.gone) {
      await this.db.deleteFrom("case_push").where("id", "=", id).execute();
      return;
    }
    await this.db.updateTable("case_push").set({ last_error: outcome.error }).where("id", "=", id).execute();
  }

  /**
   * The passport's fields as confirmed (issue 57): read on the phone (`read`), read and then corrected (`corrected`),
   * typed (`typed`), or read by the office from a paper (`office-read`); the problems found; sealed like a paper.
   * The latest replaces the one before; each is on the timeline (how and the problems, never the fields).
   */
  async savePassport(caseId: number, passport: NewPassport, by: number | null, now: Date): Promise<void> {
    const context = passportContext(caseId);
    const key = newFileKey(this.keys.current, context);
    const data = sealWith(key.key, Buffer.from(JSON.stringify(passport.fields)), context);
    key.key.fill(0);
    const row = {
      how: passport.how,
      problems: passport.problems.join(","),
      paper_id: passport.paperId,
      key_id: key.keyId,
      wrapped_key: key.wrappedKey,
      data,
      confirmed_at: now.toISOString(),
      confirmed_by: by,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("case_passports")
        .values({ case_id: caseId, ...row })
        .onConflict((conflict) => conflict.column("case_id").doUpdateSet(row))
        .execute();
      const detail = JSON.stringify({ how: passport.how, problems: passport.problems });
      await addEvent(trx, caseId, by, "passport", detail, now);
    });
  }

  /** The passport confirmed on the case, opened; undefined when none is (or it was deleted with the papers). */
  async passport(caseId: number): Promise<PassportRecord | undefined> {
    const row = await this.db.selectFrom("case_passports").selectAll().where("case_id", "=", caseId).executeTakeFirst();
    if (!row) return undefined;
    const context = passportContext(caseId);
    const key = unwrapFileKey(row.key_id, Buffer.from(row.wrapped_key), this.keys, context);
    try {
      const fields = JSON.parse(openWith(key, Buffer.from(row.data), context).toString("utf8")) as PassportFields;
      return {
        fields,
        how: row.how,
        problems: row.problems === "" ? [] : row.problems.split(","),
        paperId: row.paper_id,
        at: row.confirmed_at,
        by: row.confirmed_by,
      };
    } finally {
      key.fill(0);
    }
  }

  /**
   * The passport's fields were shown in the office (the case's page): on the timeline and in the audit log, once an
   * hour for each person, as a paper's thumbnail.
   */
  async logPassportSeen(caseId: number, by: number, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (await loggedWithinGlimpse(trx, caseId, by, "passport-seen", "", now)) return;
      await addEvent(trx, caseId, by, "passport-seen", "", now);
      await trx
        .insertInto("audit_log")
        .values({ at: now.toISOString(), person_id: by, action: "passport seen", detail: `case ${caseId}` })
        .execute();
    });
  }

  /** Someone in the office looked at or downloaded a paper: on the case's timeline and in the owner's audit log. */
  async logPaperOpened(
    caseId: number,
    paperId: string,
    by: number,
    how: "viewed" | "downloaded" | "glimpsed",
    now: Date,
  ): Promise<void> {
    const detail = JSON.stringify({ paper: paperId });
    await this.db.transaction().execute(async (trx) => {
      // A thumbnail shows the paper too, but the case's page draws it at every visit: once an hour is enough.
      if (how === "glimpsed" && (await loggedWithinGlimpse(trx, caseId, by, "paper-glimpsed", detail, now))) return;
      await addEvent(trx, caseId, by, `paper-${how}`, detail, now);
      await trx
        .insertInto("audit_log")
        .values({
          at: now.toISOString(),
          person_id: by,
          action: `paper ${how}`,
          detail: `case ${caseId}, paper ${paperId}`,
        })
        .execute();
    });
  }

  /** The papers a case holds now (not deleted, not the office's own uploads), for its limits. */
  async held(caseId: number): Promise<{ files: number; bytes: number }> {
    const row = await this.db
      .selectFrom("case_papers")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("files"),
        eb.fn.sum<number | string | null>("size").as("bytes"),
      ])
      .where("case_id", "=", caseId)
      .where("deleted_at", "is", null)
      .where("sent_by", "is", null)
      .executeTakeFirstOrThrow();
    return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
  }

  /** The paper kept last (not deleted), to try opening (`npm run doctor`), and how many are kept. */
  async latestPaper(): Promise<{ caseId: number; id: string; kept: number } | undefined> {
    const kept = await this.db
      .selectFrom("case_papers")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("data", "is not", null)
      .executeTakeFirstOrThrow();
    const row = await this.db
      .selectFrom("case_papers")
      .select(["case_id", "id"])
      .where("data", "is not", null)
      .orderBy("sent_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? { caseId: Number(row.case_id), id: row.id, kept: Number(kept.count) } : undefined;
  }

  /** The documents keys the kept papers and uploads were sealed under that this server lacks (none: all open). */
  async missingKeys(): Promise<string[]> {
    const papers = await this.db
      .selectFrom("case_papers")
      .select("key_id")
      .distinct()
      .where("data", "is not", null)
      .execute();
    const uploads = await this.db.selectFrom("case_uploads").select("key_id").distinct().execute();
    const passports = await this.db.selectFrom("case_passports").select("key_id").distinct().execute();
    const ids = new Set(
      [...papers, ...uploads, ...passports].map((row) => row.key_id).filter((id): id is string => id !== null),
    );
    return [...ids].filter((id) => !this.keyring?.find(id)).sort();
  }

  /**
   * The nightly clean-up: the papers (and uploads) of every case closed at least `keepDays` ago are deleted; the
   * case's record and timeline stay. Returns how many cases it cleaned.
   */
  async deleteClosedPapers(now: Date, keepDays: number): Promise<number> {
    const before = new Date(now.getTime() - keepDays * dayMs).toISOString();
    const due = await this.db
      .selectFrom("cases")
      .select("id")
      .where("closed_at", "is not", null)
      .where("closed_at", "<=", before)
      .where("files_deleted_at", "is", null)
      .execute();
    for (const { id } of due) {
      await this.db.transaction().execute(async (trx) => {
        const caseId = Number(id);
        const deleted = await trx
          .updateTable("case_papers")
          .set({ data: null, wrapped_key: null, deleted_at: now.toISOString() })
          .where("case_id", "=", caseId)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        await trx.deleteFrom("case_passports").where("case_id", "=", caseId).execute();
        await trx.deleteFrom("case_upload_chunks").where("upload_id", "in", uploadsOf(trx, caseId)).execute();
        await trx.deleteFrom("case_uploads").where("case_id", "=", caseId).execute();
        await trx.updateTable("cases").set({ files_deleted_at: now.toISOString() }).where("id", "=", caseId).execute();
        await addEvent(trx, caseId, null, "files-deleted", String(Number(deleted.numUpdatedRows)), now);
      });
    }
    return due.length;
  }

  /** A resumable upload begins: its own key, wrapped; its chunks are sealed under it as they arrive. */
  async createUpload(
    input: { caseId: number; paperKey: string; name: string; length: number },
    now: Date,
    /** The id tus named it by (32 hex digits, random); a new one otherwise. */
    named?: string,
  ): Promise<string> {
    const id = named !== undefined && /^[0-9a-f]{32}$/.test(named) ? named : randomBytes(16).toString("hex");
    const key = newFileKey(this.keys.current, uploadContext(id));
    key.key.fill(0);
    await this.db
      .insertInto("case_uploads")
      .values({
        id,
        case_id: input.caseId,
        paper_key: input.paperKey,
        name: input.name,
        length: input.length,
        received: 0,
        paper_id: null,
        key_id: key.keyId,
        wrapped_key: key.wrappedKey,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    return id;
  }

  async upload(id: string): Promise<UploadRecord | undefined> {
    const row = await this.db
      .selectFrom("case_uploads")
      .select(["id", "case_id", "paper_key", "name", "length", "received", "paper_id", "created_at", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      caseId: Number(row.case_id),
      paperKey: row.paper_key,
      name: row.name,
      length: Number(row.length),
      received: Number(row.received),
      paperId: row.paper_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /**
   * Adds a chunk at `atByte`, which must be where the upload stands (tus: Upload-Offset): a chunk sent twice, or
   * by two servers at once, is taken once. Returns the bytes received.
   */
  async appendChunk(id: string, atByte: number, chunk: Buffer, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom("case_uploads")
      .select(["key_id", "wrapped_key", "length"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new Error("no such upload");
    if (atByte + chunk.length > Number(row.length)) throw new Error("the chunk would make the upload longer than said");
    const key = unwrapFileKey(row.key_id, Buffer.from(row.wrapped_key), this.keys, uploadContext(id));
    const sealed = sealWith(key, chunk, chunkContext(id, atByte));
    key.fill(0);
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("case_uploads")
        .set({ received: atByte + chunk.length, updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("received", "=", atByte)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new Error("the chunk is not at the upload's offset");
      if (chunk.length > 0) {
        await trx.insertInto("case_upload_chunks").values({ upload_id: id, at_byte: atByte, data: sealed }).execute();
      }
      return atByte + chunk.length;
    });
  }

  /** The upload's bytes, its chunks opened in order. */
  async uploadBytes(id: string): Promise<Buffer> {
    const upload = await this.db
      .selectFrom("case_uploads")
      .select(["key_id", "wrapped_key"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!upload) throw new Error("no such upload");
    const key = unwrapFileKey(upload.key_id, Buffer.from(upload.wrapped_key), this.keys, uploadContext(id));
    try {
      const chunks = await this.db
        .selectFrom("case_upload_chunks")
        .select(["at_byte", "data"])
        .where("upload_id", "=", id)
        .orderBy("at_byte")
        .execute();
      return Buffer.concat(
        chunks.map((chunk) => openWith(key, Buffer.from(chunk.data), chunkContext(id, Number(chunk.at_byte)))),
      );
    } finally {
      key.fill(0);
    }
  }

  /** The upload became a paper: its chunks go, and the row remembers the paper for a day (a lost last answer). */
  async finishUpload(id: string, paperId: string, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("case_upload_chunks").where("upload_id", "=", id).execute();
      await trx
        .updateTable("case_uploads")
        .set({ paper_id: paperId, updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
    });
  }

  /** The uploads of a case still coming in: they count towards its limits as the papers kept do. */
  async uploading(caseId: number): Promise<{ files: number; bytes: number }> {
    const row = await this.db
      .selectFrom("case_uploads")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("files"),
        eb.fn.sum<number | string | null>("length").as("bytes"),
      ])
      .where("case_id", "=", caseId)
      .where("paper_id", "is", null)
      .executeTakeFirstOrThrow();
    return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
  }

  async removeUpload(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("case_upload_chunks").where("upload_id", "=", id).execute();
      await trx.deleteFrom("case_uploads").where("id", "=", id).execute();
    });
  }

  /** Removes the uploads nobody added to for `abandonedAfterMs`; returns how many. */
  async removeAbandonedUploads(now: Date): Promise<number> {
    const before = new Date(now.getTime() - abandonedAfterMs).toISOString();
    const stale = await this.db.selectFrom("case_uploads").select("id").where("updated_at", "<", before).execute();
    for (const { id } of stale) await this.removeUpload(id);
    return stale.length;
  }
}

function uploadsOf(trx: Kysely<Schema>, caseId: number) {
  return trx.selectFrom("case_uploads").select("id").where("case_id", "=", caseId);
}

/** Whether `by` has an event of `kind` (with `detail`) on the case within glimpseLoggedMs before `now`. */
async function loggedWithinGlimpse(
  trx: Kysely<Schema>,
  caseId: number,
  by: number,
  kind: string,
  detail: string,
  now: Date,
): Promise<boolean> {
  const recent = await trx
    .selectFrom("case_events")
    .select("id")
    .where("case_id", "=", caseId)
    .where("person_id", "=", by)
    .where("kind", "=", kind)
    .where("detail", "=", detail)
    .where("at", ">", new Date(now.getTime() - glimpseLoggedMs).toISOString())
    .executeTakeFirst();
  return recent !== undefined;
}

async function addEvent(
  trx: Kysely<Schema>,
  caseId: number,
  by: number | null,
  kind: string,
  detail: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("case_events")
    .values({ case_id: caseId, at: now.toISOString(), person_id: by, kind, detail })
    .execute();
}

export { MissingKeyError };
