import type Database from "better-sqlite3";
import type { StoredEnquiry, Submission } from "./types";

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
  next_attempt_at: number;
  last_error: string | null;
  sent_at: string | null;
}

const selectAll = `
  SELECT e.*, o.status, o.attempts, o.next_attempt_at, o.last_error, o.sent_at
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
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
  };
}

/** The enquiries and their outbox: every read and write the server and the enquiries command need. */
export class InboxStore {
  private readonly insertEnquiry;
  private readonly insertOutbox;
  private readonly selectLatest;
  private readonly selectEvery;
  private readonly selectPending;
  private readonly selectDue;
  private readonly selectNextDue;
  private readonly updateSent;
  private readonly updateFailed;
  private readonly addTransaction;

  constructor(readonly db: Database.Database) {
    this.insertEnquiry = db.prepare<[string, Submission], never>(`
      INSERT INTO enquiries (received_at, kind, name, email, phone, visa_type, travel_date, adult, child, subject, message)
      VALUES (?, @kind, @name, @email, @phone, @visaType, @date, @adult, @child, @subject, @message)`);
    this.insertOutbox = db.prepare<[number | bigint, number], never>(
      "INSERT INTO outbox (enquiry_id, next_attempt_at) VALUES (?, ?)",
    );
    this.selectLatest = db.prepare<[number], Row>(`${selectAll} ORDER BY e.id DESC LIMIT ?`);
    this.selectEvery = db.prepare<[], Row>(`${selectAll} ORDER BY e.id`);
    this.selectPending = db.prepare<[], Row>(`${selectAll} WHERE o.status = 'pending' ORDER BY e.id`);
    this.selectDue = db.prepare<[number, number], Row>(
      `${selectAll} WHERE o.status = 'pending' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, e.id LIMIT ?`,
    );
    this.selectNextDue = db.prepare<[], { next: number | null }>(
      "SELECT MIN(next_attempt_at) AS next FROM outbox WHERE status = 'pending'",
    );
    this.updateSent = db.prepare<[string, number], never>(
      "UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE enquiry_id = ?",
    );
    this.updateFailed = db.prepare<[string, number, number], never>(
      "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE enquiry_id = ?",
    );
    // One transaction: the enquiry and its outbox row are committed (and synced) together, or not at all.
    this.addTransaction = db.transaction((submissions: Submission[], now: Date): number[] =>
      submissions.map((submission) => {
        const { lastInsertRowid } = this.insertEnquiry.run(now.toISOString(), submission);
        this.insertOutbox.run(lastInsertRowid, now.getTime());
        return Number(lastInsertRowid);
      }),
    );
  }

  /** Stores a submission with a pending delivery; returns its id once it is on disk. */
  add(submission: Submission, now = new Date()): number {
    return this.addMany([submission], now)[0] ?? 0;
  }

  /** Stores several submissions in one transaction (one disk sync); returns their ids in order. */
  addMany(submissions: Submission[], now = new Date()): number[] {
    return this.addTransaction.immediate(submissions, now);
  }

  latest(limit: number): StoredEnquiry[] {
    return this.selectLatest.all(limit).map(fromRow);
  }

  all(): StoredEnquiry[] {
    return this.selectEvery.all().map(fromRow);
  }

  pending(): StoredEnquiry[] {
    return this.selectPending.all().map(fromRow);
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

  markFailed(id: number, error: string, nextAttemptAt: number): void {
    this.updateFailed.run(error, nextAttemptAt, id);
  }
}
