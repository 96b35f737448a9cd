-- The paid-record ledger (issue 17): one row per record (company orgSeqNo, or worksite cfarNo) a user has been charged
-- for in a subscription period (the users.subscription_expires_at in force when it was charged; a renewal that moves
-- it starts a new period). Rows are inserted in the same D1 batch as the job and its quota debit, and the debit is the
-- number of rows that batch inserted, so a record already paid costs nothing and no record is charged twice, however
-- many exports run at once. A refund deletes the job's rows for the records it gives back.
CREATE TABLE export_ledger (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  period TEXT NOT NULL,
  result_type TEXT NOT NULL CHECK (result_type IN ('COMPANY', 'WORKSITE')),
  record_id INTEGER NOT NULL,
  job_id TEXT NOT NULL,
  PRIMARY KEY (user_id, period, result_type, record_id)
) WITHOUT ROWID;
CREATE INDEX export_ledger_job ON export_ledger (job_id, record_id);

-- Records the job was charged for (the ledger rows it inserted); NULL for jobs from before the ledger, which were
-- charged reserved_count. ids_key: the R2 key of the record ids the job exports, frozen when it was requested.
ALTER TABLE export_jobs ADD COLUMN charged_count INTEGER CHECK (charged_count IS NULL OR charged_count BETWEEN 0 AND reserved_count);
ALTER TABLE export_jobs ADD COLUMN ids_key TEXT;
