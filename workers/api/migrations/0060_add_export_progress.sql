-- Export progress (issue 28): the export worker's heartbeat renews its lease and records how many rows it has
-- written, so the popup and "Mina exporter" show progress and a dead delivery is noticed within a short lease.
ALTER TABLE export_jobs ADD COLUMN rows_written INTEGER NOT NULL DEFAULT 0 CHECK (rows_written >= 0);
ALTER TABLE export_jobs ADD COLUMN heartbeat_at INTEGER;
