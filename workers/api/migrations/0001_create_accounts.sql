-- Accounts are created by operators (npm run accounts -- create), never self-service.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email TEXT NOT NULL COLLATE NOCASE,
  phone TEXT,
  personal_id TEXT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  -- "<algorithm>$<parameters>$<salt>$<hash>", so the hash can be upgraded at sign-in.
  password_hash TEXT,
  extraction_records_left INTEGER NOT NULL DEFAULT 0 CHECK (extraction_records_left >= 0),
  subscription_expires_at TEXT NOT NULL,
  signed_terms_at TEXT,
  disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX users_email ON users (email);
CREATE UNIQUE INDEX users_personal_id ON users (personal_id) WHERE personal_id IS NOT NULL;
