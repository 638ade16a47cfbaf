-- Every submission, kept as given; the outbox row says whether it has been e-mailed to the agency yet.
CREATE TABLE enquiries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received_at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('enquiry', 'contact')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  visa_type TEXT NOT NULL,
  travel_date TEXT NOT NULL,
  adult TEXT NOT NULL,
  child TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL
);

CREATE TABLE outbox (
  enquiry_id INTEGER PRIMARY KEY REFERENCES enquiries (id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Milliseconds since the epoch, so the worker compares numbers.
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  sent_at TEXT
);

CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
