-- List files (issue 10, spec §2 "Listfiler", §7 list-file calls): organisation-number lists a subscriber uploaded in
-- one search context (seq_no), with the match report shown in the popup. The numbers themselves are stored compactly
-- in list_file_numbers: ascending ten-digit keys, delta-encoded as unsigned LEB128 varints, in chunks of at most 512 kB.
CREATE TABLE list_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq_no INTEGER NOT NULL CHECK (seq_no >= 0),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
  format TEXT NOT NULL CHECK (format IN ('xlsx', 'xls', 'docx', 'text')),
  encoding TEXT,
  rows_read INTEGER NOT NULL CHECK (rows_read >= 0),
  valid_count INTEGER NOT NULL CHECK (valid_count > 0),
  invalid_count INTEGER NOT NULL CHECK (invalid_count >= 0),
  -- JSON array of the first few invalid spellings.
  invalid_examples TEXT NOT NULL DEFAULT '[]',
  duplicate_count INTEGER NOT NULL CHECK (duplicate_count >= 0),
  found_count INTEGER NOT NULL CHECK (found_count >= 0),
  worksite_count INTEGER NOT NULL CHECK (worksite_count >= 0),
  created_at INTEGER NOT NULL
);
CREATE INDEX list_files_owner ON list_files (user_id, seq_no, id);

CREATE TABLE list_file_numbers (
  file_id INTEGER NOT NULL REFERENCES list_files (id) ON DELETE CASCADE,
  chunk INTEGER NOT NULL CHECK (chunk >= 0),
  key_count INTEGER NOT NULL CHECK (key_count > 0),
  keys BLOB NOT NULL,
  PRIMARY KEY (file_id, chunk)
) WITHOUT ROWID;
