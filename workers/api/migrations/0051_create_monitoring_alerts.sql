-- Bevakning (issue 16): what a reindex changed for a user, written by the alert job of (user, from_version, to_version).
-- kind SEARCH_NEW / SEARCH_REMOVED: a company newly matches / no longer matches saved search subject_id;
-- kind COMPANY_CHANGED: a watched company changed (subject_id ''), changes = JSON array of Swedish change lines.
-- The unique key makes a redelivered job write no duplicate rows.
CREATE TABLE monitoring_alerts (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_version INTEGER NOT NULL,
  to_version INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('SEARCH_NEW', 'SEARCH_REMOVED', 'COMPANY_CHANGED')),
  subject_id TEXT NOT NULL,
  org_seq_no INTEGER NOT NULL,
  company_name TEXT NOT NULL,
  changes TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  read_at INTEGER,
  mailed_at INTEGER,
  UNIQUE (user_id, from_version, to_version, kind, subject_id, org_seq_no)
);
CREATE INDEX monitoring_alerts_unread ON monitoring_alerts (user_id, read_at);
CREATE INDEX monitoring_alerts_subject ON monitoring_alerts (subject_id, to_version);

-- One row per alert job (user, version pair): done_at set once its rows are written; mail_state moves
-- NULL → SENDING → SENT (claimed before sending, so a redelivered job never sends a second e-mail).
CREATE TABLE monitoring_alert_jobs (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_version INTEGER NOT NULL,
  to_version INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  done_at INTEGER,
  mail_state TEXT CHECK (mail_state IN ('SENDING', 'SENT', 'SKIPPED')),
  failed_reason TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, from_version, to_version)
) WITHOUT ROWID;
