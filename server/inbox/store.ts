import type Database from "better-sqlite3";
import type { DeliveryStatus, StoredEnquiry, Submission } from "./types";

interface Row {
  id: number;
  received_at: string;
  kind: StoredEnquiry["kind"];
  name: string;
  email: string;
  phone: string;
  visa_type: string;
  travel_date: string;
  adult: string;
  child: string;
  subject: string;
  message: string;
  status: StoredEnquiry["status"];
  attempts: number;
  rejections: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: string | null;
  held_reason: string | null;
}

/** What GET /healthz reports of the outbox. */
export interface OutboxHealth {
  pending: number;
  /** When the oldest enquiry still waiting to be mailed was received (ms since the epoch), or null. */
  oldestPendingAt: number | null;
  rejected: number;
  held: number;
  /** The error of the latest failed attempt among those not yet sent, or null. */
  lastError: string | null;
}

/** A submission to store; a held one (suspected spam) carries the checks it failed. */
export interface NewEnquiry {
  submission: Submission;
  heldReason: string | null;
}

const selectAll = `
  SELECT e.*, o.status, o.attempts, o.rejections, o.next_attempt_at, o.last_error, o.sent_at, o.held_reason
  FROM enquiries e JOIN outbox o ON o.enquiry_id = e.id`;

function fromRow(row: Row): StoredEnquiry {
  return {
    id: row.id,
    receivedAt: row.received_at,
    kind: row.kind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    visaType: row.visa_type,
    date: row.travel_date,
    adult: row.adult,
    child: row.child,
    subject: row.subject,
    message: row.message,
    status: row.status,
    attempts: row.attempts,
    rejections: row.rejections,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    heldReason: row.held_reason,
  };
}

/** The enquiries and their outbox: every read and write the server and the enquiries command need. */
export class InboxStore {
  private readonly insertEnquiry;
  private readonly insertOutbox;
  private readonly selectLatest;
  private readonly selectEvery;
  private readonly selectByStatus;
  private readonly selectDue;
  private readonly selectNextDue;
  private readonly updateSent;
  private readonly updateFailed;
  private readonly updateBack;
  private readonly selectHealth;
  private readonly selectLastError;
  private readonly addTransaction;

  constructor(readonly db: Database.Database) {
    this.insertEnquiry = db.prepare<[string, Submission], never>(`
      INSERT INTO enquiries (received_at, kind, name, email, phone, visa_type, travel_date, adult, child, subject, message)
      VALUES (?, @kind, @name, @email, @phone, @visaType, @date, @adult, @child, @subject, @message)`);
    this.insertOutbox = db.prepare<[number | bigint, number, DeliveryStatus, string | null], never>(
      "INSERT INTO outbox (enquiry_id, next_attempt_at, status, held_reason) VALUES (?, ?, ?, ?)",
    );
    this.selectLatest = db.prepare<[number], Row>(`${selectAll} ORDER BY e.id DESC LIMIT ?`);
    this.selectEvery = db.prepare<[], Row>(`${selectAll} ORDER BY e.id`);
    this.selectByStatus = db.prepare<[DeliveryStatus], Row>(`${selectAll} WHERE o.status = ? ORDER BY e.id`);
    this.selectDue = db.prepare<[number, number], Row>(
      `${selectAll} WHERE o.status = 'pending' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, e.id LIMIT ?`,
    );
    this.selectNextDue = db.prepare<[], { next: number | null }>(
      "SELECT MIN(next_attempt_at) AS next FROM outbox WHERE status = 'pending'",
    );
    this.updateSent = db.prepare<[string, number], never>(
      "UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE enquiry_id = ?",
    );
    // A permanent refusal counts towards the bound; at the bound the enquiry is set aside as 'rejected'.
    this.updateFailed = db.prepare<{ id: number; error: string; next: number; rejection: 0 | 1; max: number }, never>(`
      UPDATE outbox SET attempts = attempts + 1, last_error = @error, next_attempt_at = @next,
        rejections = rejections + @rejection,
        status = CASE WHEN rejections + @rejection >= @max THEN 'rejected' ELSE status END
      WHERE enquiry_id = @id AND status = 'pending'`);
    this.updateBack = db.prepare<[number, number, DeliveryStatus], never>(
      "UPDATE outbox SET status = 'pending', rejections = 0, next_attempt_at = ? WHERE enquiry_id = ? AND status = ?",
    );
    this.selectHealth = db.prepare<[], { pending: number; oldest: string | null; rejected: number; held: number }>(`
      SELECT
        COUNT(*) FILTER (WHERE o.status = 'pending') AS pending,
        MIN(e.received_at) FILTER (WHERE o.status = 'pending') AS oldest,
        COUNT(*) FILTER (WHERE o.status = 'rejected') AS rejected,
        COUNT(*) FILTER (WHERE o.status = 'held') AS held
      FROM outbox o JOIN enquiries e ON e.id = o.enquiry_id WHERE o.status != 'sent'`);
    this.selectLastError = db.prepare<[], { last_error: string }>(`
      SELECT last_error FROM outbox WHERE status IN ('pending', 'rejected') AND last_error IS NOT NULL
      ORDER BY attempts > 0 DESC, next_attempt_at DESC LIMIT 1`);
    // One transaction: the enquiry and its outbox row are committed (and synced) together, or not at all.
    this.addTransaction = db.transaction((entries: NewEnquiry[], now: Date): number[] =>
      entries.map(({ submission, heldReason }) => {
        const { lastInsertRowid } = this.insertEnquiry.run(now.toISOString(), submission);
        this.insertOutbox.run(lastInsertRowid, now.getTime(), heldReason === null ? "pending" : "held", heldReason);
        return Number(lastInsertRowid);
      }),
    );
  }

  /** Stores a submission with a pending delivery; returns its id once it is on disk. */
  add(submission: Submission, now = new Date()): number {
    return this.addMany([{ submission, heldReason: null }], now)[0] ?? 0;
  }

  /** Stores several submissions in one transaction (one disk sync); returns their ids in order. */
  addMany(entries: NewEnquiry[], now = new Date()): number[] {
    return this.addTransaction.immediate(entries, now);
  }

  latest(limit: number): StoredEnquiry[] {
    return this.selectLatest.all(limit).map(fromRow);
  }

  all(): StoredEnquiry[] {
    return this.selectEvery.all().map(fromRow);
  }

  /** The enquiries in one delivery state, oldest first. */
  withStatus(status: DeliveryStatus): StoredEnquiry[] {
    return this.selectByStatus.all(status).map(fromRow);
  }

  pending(): StoredEnquiry[] {
    return this.withStatus("pending");
  }

  /** Pending deliveries whose next attempt is due, oldest first. */
  due(now: number, limit: number): StoredEnquiry[] {
    return this.selectDue.all(now, limit).map(fromRow);
  }

  /** When the next pending delivery is due (ms since the epoch), or null when nothing is pending. */
  nextDueAt(): number | null {
    return this.selectNextDue.get()?.next ?? null;
  }

  markSent(id: number, now = new Date()): void {
    this.updateSent.run(now.toISOString(), id);
  }

  /**
   * Records a failed attempt. A permanent one (the mail server refused the message outright) counts towards
   * `maxRejections`; at that bound the enquiry is set aside as rejected and no longer tried.
   */
  markFailed(
    id: number,
    error: string,
    nextAttemptAt: number,
    permanent = false,
    maxRejections = Number.MAX_SAFE_INTEGER,
  ): void {
    this.updateFailed.run({ id, error, next: nextAttemptAt, rejection: permanent ? 1 : 0, max: maxRejections });
  }

  /** Queues a rejected enquiry again, from scratch; false when there is no rejected enquiry with that id. */
  requeue(id: number, now = Date.now()): boolean {
    return this.updateBack.run(now, id, "rejected").changes > 0;
  }

  /** Sends a held submission after all; false when there is no held submission with that id. */
  release(id: number, now = Date.now()): boolean {
    return this.updateBack.run(now, id, "held").changes > 0;
  }

  health(): OutboxHealth {
    const counts = this.selectHealth.get();
    return {
      pending: counts?.pending ?? 0,
      oldestPendingAt: counts?.oldest ? Date.parse(counts.oldest) : null,
      rejected: counts?.rejected ?? 0,
      held: counts?.held ?? 0,
      lastError: this.selectLastError.get()?.last_error ?? null,
    };
  }
}
