-- Sessions: one family per sign-in; every refresh rotates the token inside its family.
-- Presenting a rotated (used) token again revokes the whole family (refresh-token reuse detection).
CREATE TABLE session_families (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  -- absolute end of the session in epoch milliseconds, whatever the refreshes
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoke_reason TEXT
);
CREATE INDEX session_families_user ON session_families (user_id);

CREATE TABLE refresh_tokens (
  id TEXT PRIMARY KEY,
  family_id TEXT NOT NULL REFERENCES session_families (id) ON DELETE CASCADE,
  -- SHA-256 of the token's secret part, base64url; the secret itself is never stored
  secret_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
