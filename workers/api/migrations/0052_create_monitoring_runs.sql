-- Bevakning (issue 16): what a reindex from from_version to to_version found for the users, staged by the reindex
-- before its switch and turned into alerts by one queue job per user (see docs/decisions/0024-bevakning.md).
-- A run row appears once the new version is live (state STAGED); the API then enqueues the jobs (ENQUEUING → ENQUEUED).
CREATE TABLE monitoring_runs (
  from_version INTEGER NOT NULL,
  to_version INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('STAGED', 'ENQUEUING', 'ENQUEUED')),
  users INTEGER NOT NULL,
  added INTEGER NOT NULL,
  removed INTEGER NOT NULL,
  changed INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  enqueued_at INTEGER,
  PRIMARY KEY (from_version, to_version)
) WITHOUT ROWID;
CREATE INDEX monitoring_runs_state ON monitoring_runs (state);

-- One staged alert (the columns of monitoring_alerts that the job copies).
CREATE TABLE monitoring_run_items (
  from_version INTEGER NOT NULL,
  to_version INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('SEARCH_NEW', 'SEARCH_REMOVED', 'COMPANY_CHANGED')),
  subject_id TEXT NOT NULL,
  org_seq_no INTEGER NOT NULL,
  company_name TEXT NOT NULL,
  changes TEXT NOT NULL,
  PRIMARY KEY (from_version, to_version, user_id, kind, subject_id, org_seq_no)
) WITHOUT ROWID;

-- A saved search's hit count in to_version.
CREATE TABLE monitoring_run_hits (
  from_version INTEGER NOT NULL,
  to_version INTEGER NOT NULL,
  saved_search_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  hit_count INTEGER NOT NULL,
  PRIMARY KEY (from_version, to_version, saved_search_id)
) WITHOUT ROWID;
CREATE INDEX monitoring_run_hits_user ON monitoring_run_hits (from_version, to_version, user_id);

-- Alert jobs that could not be processed (invalid message, or every retry failed): kept for the operator.
CREATE TABLE monitoring_dead_jobs (
  id INTEGER PRIMARY KEY,
  body TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
