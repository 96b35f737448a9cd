-- One-time sign-in codes: 6 digits, stored as an HMAC, valid 10 minutes, single use, at most 5 attempts.
-- user_id is NULL for decoy codes answered to unknown identities (never confirmable).
CREATE TABLE one_time_codes (
  id TEXT PRIMARY KEY,
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  used_at INTEGER,
  aborted_at INTEGER
);
CREATE INDEX one_time_codes_user ON one_time_codes (user_id);
