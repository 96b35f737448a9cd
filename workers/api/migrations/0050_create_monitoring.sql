-- Bevakning (issue 16): a user's saved searches, watched companies and digest setting.
-- Saved search: a named, serialised company search; hit_count is its hit count at the latest check (index version
-- checked_version), previous_hit_count at the check before. At most 50 per user (enforced by the API).
CREATE TABLE saved_searches (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  serialized_search TEXT NOT NULL CHECK (length(serialized_search) BETWEEN 1 AND 16000),
  hit_count INTEGER NOT NULL CHECK (hit_count >= 0),
  previous_hit_count INTEGER CHECK (previous_hit_count >= 0),
  checked_version INTEGER NOT NULL,
  checked_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, created_at);

-- Watched company: one row per (user, company); name and org_no as they were when last seen, for the page's list.
-- At most 1 000 per user (enforced by the API).
CREATE TABLE watched_companies (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  org_seq_no INTEGER NOT NULL,
  org_no TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, org_seq_no)
) WITHOUT ROWID;
CREATE INDEX watched_companies_company ON watched_companies (org_seq_no);

-- Digest e-mail per user: DAILY, WEEKLY or NONE. A user without a row gets the default, DAILY.
CREATE TABLE monitoring_settings (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  digest TEXT NOT NULL CHECK (digest IN ('DAILY', 'WEEKLY', 'NONE')),
  last_digest_at INTEGER,
  updated_at INTEGER NOT NULL
);
