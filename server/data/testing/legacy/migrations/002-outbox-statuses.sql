-- The outbox learns two more states: 'rejected' (the mail server refused it outright too many times; the agency
-- can queue it again) and 'held' (suspected spam: stored, not mailed, until the agency releases it).
-- SQLite cannot change a CHECK constraint, so the table is rebuilt.
CREATE TABLE outbox_new (
  enquiry_id INTEGER PRIMARY KEY REFERENCES enquiries (id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'rejected', 'held')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Permanent (5xx) refusals among the attempts; the outbox stops at a bound.
  rejections INTEGER NOT NULL DEFAULT 0,
  -- Milliseconds since the epoch, so the worker compares numbers.
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  sent_at TEXT,
  -- Why a held submission looked like spam (the checks it failed).
  held_reason TEXT
);

INSERT INTO outbox_new (enquiry_id, status, attempts, next_attempt_at, last_error, sent_at)
SELECT enquiry_id, status, attempts, next_attempt_at, last_error, sent_at FROM outbox;

DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

-- Secrets the server makes once and keeps across restarts (the proof-of-work's signing keys), so a challenge a
-- visitor received before a restart is still good after it.
CREATE TABLE secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
