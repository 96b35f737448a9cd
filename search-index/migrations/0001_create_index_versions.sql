-- Search documents database (SEARCH_DB). The reindex CLI builds each index version beside the live one
-- (tables suffixed _v<N>) and flips is_current in one statement; this table is the pointer.
CREATE TABLE IF NOT EXISTS index_versions (
  version INTEGER PRIMARY KEY,
  backend TEXT NOT NULL,
  document_count INTEGER NOT NULL DEFAULT 0,
  company_count INTEGER NOT NULL DEFAULT 0,
  worksite_count INTEGER NOT NULL DEFAULT 0,
  snapshot_key TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  is_current INTEGER NOT NULL DEFAULT 0 CHECK (is_current IN (0, 1))
);
CREATE UNIQUE INDEX IF NOT EXISTS index_versions_one_current ON index_versions (is_current) WHERE is_current = 1;
