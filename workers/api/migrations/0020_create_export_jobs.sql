-- Export jobs (spec §2 export popup, §4 export status, §7 extraction call). Creating a job and debiting
-- users.extraction_records_left happen in one D1 batch (docs/decisions: export quota); the CHECK on users keeps the
-- quota from going negative under concurrency. Every refund is recorded here (refunded_count), and the statement that
-- settles a job (DONE or ERROR) stamps settle_token, which the matching refund requires, so a refund happens once.
CREATE TABLE export_jobs (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The client's Idempotency-Key: a replayed request returns the same job and debits nothing.
  idempotency_key TEXT NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  request_hash TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'READY' CHECK (status IN ('READY', 'RUNNING', 'DONE', 'ERROR')),
  result_type TEXT NOT NULL CHECK (result_type IN ('COMPANY', 'WORKSITE')),
  serialized_search TEXT NOT NULL CHECK (length(serialized_search) BETWEEN 1 AND 16000),
  exclude INTEGER NOT NULL CHECK (exclude IN (0, 1)),
  id_numbers_json TEXT NOT NULL,
  -- R2 key of the list-file numbers the search names, frozen at request time (null when it names none).
  list_files_key TEXT,
  reserved_count INTEGER NOT NULL CHECK (reserved_count > 0),
  refunded_count INTEGER NOT NULL DEFAULT 0 CHECK (refunded_count BETWEEN 0 AND reserved_count),
  row_count INTEGER CHECK (row_count IS NULL OR row_count BETWEEN 0 AND reserved_count),
  file_name TEXT NOT NULL,
  r2_key TEXT,
  file_size INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- A consumer owns a RUNNING job while lease_until (epoch ms) lies ahead; a redelivery may take over after it.
  lease_token TEXT,
  lease_until INTEGER,
  settle_token TEXT,
  error_code TEXT,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER,
  expires_at INTEGER NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX export_jobs_expires ON export_jobs (expires_at);
CREATE INDEX export_jobs_status_created ON export_jobs (status, created_at);
