import type { ExpressionBuilder, UpdateObject } from "kysely";
import { dubaiDay } from "../dubai-days";
import { enquiryAlert } from "../alert-texts";
import { queueAlerts } from "../push";
import type { Database } from "../database";
import type { Schema } from "../schema";
import { countEnquiries } from "../stats/counting";
import { type OutboxHealth, outboxHealth } from "./outbox-health";
import { linkRepeatVisitors } from "./repeat-visitors";
import { type EnquiryInput, fromRow, selectEnquiries, toRow } from "./rows";
import type { DeliveryStatus, StoredEnquiry, Submission } from "./types";

export type { OutboxHealth } from "./outbox-health";

/** A good proof of work, to be recorded as used until it expires (ms since the epoch). */
export interface UsedProof {
  signature: string;
  expiresAt: number;
}

/** A submission to store; a held one (suspected spam) carries the checks it failed. */
export interface NewEnquiry extends EnquiryInput {
  heldReason: string | null;
  /** The good proof of work it carried (server/inbox/spam.ts): accepted once, on whichever server stores it first. */
  proof?: UsedProof | null;
}

export const proofUsedBefore = "proof of work used before";

const rowsPerInsert = 1000;

/**
 * The enquiries and their outbox: every read and write the server and the enquiries command need, each written
 * once for both engines (server/data). Several servers may share the database: the outbox is worked through
 * leases (claim, then markSent or markFailed by the lease holder only).
 */
export class InboxStore {
  constructor(readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /** Stores a submission with a pending delivery; returns its id once it is committed. */
  async add(submission: Submission, now = new Date()): Promise<number> {
    return (await this.addMany([{ submission, heldReason: null }], now))[0] ?? 0;
  }

  /**
   * Stores several submissions in one transaction (one disk sync); returns their ids in order. A proof of work
   * some server has stored before holds its enquiry as suspected spam. An entry whose key (the form's
   * Idempotency-Key) is stored already, before or earlier in the batch, stores nothing: it gets the id of the
   * enquiry its key stored, and is neither mailed nor counted again.
   */
  async addMany(entries: NewEnquiry[], now = new Date()): Promise<number[]> {
    if (entries.length === 0) return [];
    // Three statements for the whole batch (the enquiries a thousand at a time): each is a round trip to PostgreSQL.
    return this.db.transaction().execute(async (trx) => {
      const proofs = entries.flatMap(({ proof }) => (proof ? [proof] : []));
      const fresh = new Set<string>();
      if (proofs.length > 0) {
        const recorded = await trx
          .insertInto("used_proofs")
          .values(proofs.map((proof) => ({ signature: proof.signature, expires_at: proof.expiresAt })))
          .onConflict((conflict) => conflict.column("signature").doNothing())
          .returning("signature")
          .execute();
        for (const { signature } of recorded) fresh.add(signature);
      }
      const heldReasons = entries.map(({ heldReason, proof }) => {
        // A proof recorded before this batch, or by an earlier entry of it, is used.
        if (!proof || fresh.delete(proof.signature)) return heldReason;
        return heldReason ? `${heldReason}, ${proofUsedBefore}` : proofUsedBefore;
      });
      // At most 1,000 rows a statement: SQLite takes 32,766 values in one, and a row has 19 (issue 38 added one).
      // A key stored before (by this server or another, even one committing at this very moment) stores nothing:
      // the entry is a send tried again, and gets the id of the enquiry its first send stored.
      const inserted: { id: number; submission_key: string | null }[] = [];
      for (let first = 0; first < entries.length; first += rowsPerInsert) {
        const rows = await trx
          .insertInto("enquiries")
          .values(entries.slice(first, first + rowsPerInsert).map((entry) => toRow(entry, now)))
          .onConflict((conflict) => conflict.column("submission_key").doNothing())
          .returning(["id", "submission_key"])
          .execute();
        inserted.push(...rows);
      }
      // The ids are handed out in the order of the rows: ascending, they are the stored entries' in order.
      inserted.sort((a, b) => a.id - b.id);
      const storedKeys = new Set(inserted.flatMap((row) => (row.submission_key === null ? [] : [row.submission_key])));
      const stored = entries.map((entry) => !entry.key || storedKeys.delete(entry.key));
      const newIds = inserted.map((row) => row.id);
      const repeated = entries.flatMap((entry, index) => (stored[index] || !entry.key ? [] : [entry.key]));
      const firstIds = new Map<string, number>();
      if (repeated.length > 0) {
        const found = await trx
          .selectFrom("enquiries")
          .select(["id", "submission_key"])
          .where("submission_key", "in", repeated)
          .execute();
        for (const row of found) if (row.submission_key !== null) firstIds.set(row.submission_key, row.id);
      }
      let next = 0;
      const ids = entries.map((entry, index) =>
        stored[index] ? (newIds[next++] ?? 0) : (firstIds.get(entry.key ?? "") ?? 0),
      );
      const added = entries.flatMap((entry, index) =>
        stored[index] ? [{ entry, id: ids[index] ?? 0, heldReason: heldReasons[index] ?? null }] : [],
      );
      if (added.length > 0) {
        await trx
          .insertInto("outbox")
          .values(
            added.map(({ entry, id, heldReason }) => ({
              enquiry_id: id,
              next_attempt_at: now.getTime(),
              status:
                heldReason !== null ? ("held" as const) : entry.cameBy ? ("office" as const) : ("pending" as const),
              held_reason: heldReason,
              last_error: null,
              sent_at: null,
              lease_owner: null,
              lease_until: null,
            })),
          )
          .execute();
      }
      // An alert to every phone with alerts on, committed with the enquiry (issue 37): never for held spam, nor
      // for one added by hand in the office (someone there is already working it).
      await queueAlerts(
        trx,
        "everyone-on",
        added.flatMap(({ entry, id, heldReason }) =>
          heldReason === null && !entry.cameBy ? [enquiryAlert(id, entry.submission)] : [],
        ),
        now.getTime(),
      );
      // A visitor writing again while an earlier enquiry is open: linked to it, and it back to New (issue 37).
      await linkRepeatVisitors(
        trx,
        added.map(({ id }) => id),
        added.map(({ heldReason }) => heldReason !== null),
        now,
      );
      // The statistics count what is let through; a held one counts when someone lets it through (release).
      const day = dubaiDay(now.getTime());
      await countEnquiries(
        trx,
        added.flatMap(({ entry, heldReason }) =>
          heldReason === null && !entry.cameBy
            ? [{ day, page: entry.page ?? null, source: entry.source ?? null, device: entry.device ?? null }]
            : [],
        ),
      );
      return ids;
    });
  }

  /** Forgets the used proofs that have expired: an expired proof is refused anyway. */
  async sweepUsedProofs(now = Date.now()): Promise<void> {
    await this.db.deleteFrom("used_proofs").where("expires_at", "<", now).execute();
  }

  async latest(limit: number): Promise<StoredEnquiry[]> {
    return (await selectEnquiries(this.db).orderBy("e.id", "desc").limit(limit).execute()).map(fromRow);
  }

  async all(): Promise<StoredEnquiry[]> {
    return (await selectEnquiries(this.db).orderBy("e.id").execute()).map(fromRow);
  }

  /** The enquiries received in [from, to) (ISO 8601 times), oldest first. */
  async receivedBetween(from: string, to: string): Promise<StoredEnquiry[]> {
    const rows = await selectEnquiries(this.db)
      .where("e.received_at", ">=", from)
      .where("e.received_at", "<", to)
      .orderBy("e.id")
      .execute();
    return rows.map(fromRow);
  }

  /** The enquiries in one delivery state, oldest first. */
  async withStatus(status: DeliveryStatus): Promise<StoredEnquiry[]> {
    return (await selectEnquiries(this.db).where("o.status", "=", status).orderBy("e.id").execute()).map(fromRow);
  }

  pending(): Promise<StoredEnquiry[]> {
    return this.withStatus("pending");
  }

  /**
   * Claims up to `limit` pending deliveries whose attempt is due and that no other server holds, oldest first, for
   * `worker` until now + leaseMs. On PostgreSQL the rows another server is claiming at the same moment are skipped
   * (FOR UPDATE SKIP LOCKED); SQLite has one writer at a time, so the statement alone is enough.
   */
  async claim(worker: string, now: number, limit: number, leaseMs: number): Promise<StoredEnquiry[]> {
    const free = this.db
      .selectFrom("outbox")
      .select("enquiry_id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
      .orderBy("next_attempt_at")
      .orderBy("enquiry_id")
      .limit(limit)
      .$if(this.database.engine === "postgres", (query) => query.forUpdate().skipLocked());
    const claimed = await this.db
      .updateTable("outbox")
      .set({ lease_owner: worker, lease_until: now + leaseMs })
      .where("enquiry_id", "in", free)
      .returning("enquiry_id")
      .execute();
    if (claimed.length === 0) return [];
    const ids = claimed.map((row) => row.enquiry_id);
    const rows = await selectEnquiries(this.db)
      .where("e.id", "in", ids)
      .orderBy("o.next_attempt_at")
      .orderBy("e.id")
      .execute();
    return rows.map(fromRow);
  }

  /** Lets go of every pending delivery `worker` has claimed and not settled. */
  async releaseClaims(worker: string): Promise<void> {
    await this.db
      .updateTable("outbox")
      .set({ lease_owner: null, lease_until: null })
      .where("lease_owner", "=", worker)
      .where("status", "=", "pending")
      .execute();
  }

  /** When the next pending delivery is due (ms since the epoch), or null when nothing is pending. */
  async nextDueAt(): Promise<number | null> {
    const row = await this.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.min("next_attempt_at").as("next"))
      .where("status", "=", "pending")
      .executeTakeFirst();
    return row?.next === null || row?.next === undefined ? null : Number(row.next);
  }

  /** Marks a delivery sent; false when `worker` no longer holds it (its lease ran out and another took it). */
  async markSent(id: number, worker: string, now = new Date()): Promise<boolean> {
    return this.settle(id, worker, (eb) => ({
      status: "sent",
      attempts: eb("attempts", "+", 1),
      sent_at: now.toISOString(),
      last_error: null,
    }));
  }

  /**
   * Records a failed attempt by the lease holder and lets the delivery go. A permanent one (the mail server refused
   * the message outright) counts towards `maxRejections`; at that bound the enquiry is set aside as rejected.
   */
  async markFailed(
    id: number,
    worker: string,
    error: string,
    nextAttemptAt: number,
    permanent = false,
    maxRejections = Number.MAX_SAFE_INTEGER,
  ): Promise<boolean> {
    const rejection = permanent ? 1 : 0;
    return this.settle(id, worker, (eb) => ({
      attempts: eb("attempts", "+", 1),
      last_error: error,
      next_attempt_at: nextAttemptAt,
      rejections: eb("rejections", "+", rejection),
      // Only a permanent refusal can reach the bound (kept within a 32-bit integer, as the column is).
      status: permanent
        ? eb
            .case()
            .when(eb("rejections", "+", rejection), ">=", Math.min(maxRejections, 2 ** 31 - 1))
            .then("rejected" as const)
            .else(eb.ref("status"))
            .end()
        : eb.ref("status"),
    }));
  }

  /** Ends `worker`'s claim on a pending delivery with `changes`; false when the claim is no longer its own. */
  private async settle(
    id: number,
    worker: string,
    changes: (eb: ExpressionBuilder<Schema, "outbox">) => UpdateObject<Schema, "outbox">,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("outbox")
      .set((eb) => ({ ...changes(eb), lease_owner: null, lease_until: null }))
      .where("enquiry_id", "=", id)
      .where("status", "=", "pending")
      .where("lease_owner", "=", worker)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Queues a rejected enquiry again, from scratch; false when there is no rejected enquiry with that id. */
  requeue(id: number, now = Date.now()): Promise<boolean> {
    return this.backToPending(id, now, "rejected");
  }

  /**
   * Lets a held enquiry through after all: mailed, and counted by the statistics, unless it was before. One the
   * office marked as spam (issue 35, item 6) goes back to where it was: mailed already, or added by hand (never
   * mailed), and the statistics counted it when it came (or when it was let through before it was marked). False
   * when there is no held enquiry with that id (or it was released).
   */
  async release(id: number, now = Date.now()): Promise<boolean> {
    const result = await this.db
      .updateTable("outbox")
      .set((eb) => ({
        status: eb
          .case()
          .when("sent_at", "is not", null)
          .then("sent" as const)
          .when(
            eb.exists(eb.selectFrom("enquiries").select("id").where("id", "=", id).where("came_by", "is not", null)),
          )
          .then("office" as const)
          .else("pending" as const)
          .end(),
        rejections: 0,
        next_attempt_at: now,
        lease_owner: null,
        lease_until: null,
      }))
      .where("enquiry_id", "=", id)
      .where("status", "=", "held")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    // Two statements, not one transaction: two SQLite connections of one process (two people pressing "Not spam")
    // would wait on each other's lock inside the event loop. A crash between them loses one count, never the
    // enquiry; the update above lets one caller through, so it is counted once.
    const row = await this.db
      .selectFrom("enquiries as e")
      .select(["e.received_at", "e.page", "e.source", "e.device", "e.came_by"])
      .select(["e.kind", "e.name", "e.visa_type", "e.visa_label", "e.subject"])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("enquiry_events as v")
              .select("v.id")
              .whereRef("v.enquiry_id", "=", "e.id")
              .where("v.kind", "=", "spam"),
          )
          .as("marked"),
      )
      .where("e.id", "=", id)
      .executeTakeFirst();
    if (row && row.came_by === null && !Number(row.marked)) {
      const { received_at, page, source, device } = row;
      await countEnquiries(this.db, [{ day: dubaiDay(Date.parse(received_at)), page, source, device }]);
      // Held by the spam guard, it was never alerted: let through, the phones hear of it as of one just come (one
      // the office marked as spam was alerted when it came).
      const { kind, name, visa_type: visaType, visa_label: visaLabel, subject } = row;
      await queueAlerts(this.db, "everyone-on", [enquiryAlert(id, { kind, name, visaType, visaLabel, subject })], now);
    }
    // Not spam after all: a visitor who wrote before is linked now, as if it had just come (issue 37).
    await linkRepeatVisitors(this.db, [id], [false], new Date(now));
    return true;
  }

  private async backToPending(id: number, now: number, from: DeliveryStatus): Promise<boolean> {
    const result = await this.db
      .updateTable("outbox")
      .set({ status: "pending", rejections: 0, next_attempt_at: now, lease_owner: null, lease_until: null })
      .where("enquiry_id", "=", id)
      .where("status", "=", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The outbox at a glance: what waits, what was refused or held, the latest error (outbox-health.ts). */
  health(): Promise<OutboxHealth> {
    return outboxHealth(this.db);
  }
}
