-- API keys (issue 47 point 1, docs/decisions/0054): a user's keys for /v1, at most 5 live ones (enforced by the insert
-- itself, workers/api/src/api-keys/api-key-store.ts). The key is "urv_" + id + "_" + secret; only the id (the lookup)
-- and an HMAC-SHA256 of the whole key under the server's API_KEY_SECRET are stored, never the key. scopes: a
-- comma-separated subset of search, details, export. last_used_at is written at most once a minute per key.
-- A revoked key keeps its row (revoked_at set) so that the list can show it and its id is never reused.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY CHECK (length(id) = 12),
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  key_hash TEXT NOT NULL CHECK (length(key_hash) = 64),
  scopes TEXT NOT NULL CHECK (length(scopes) BETWEEN 1 AND 40),
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  expires_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_keys_user ON api_keys (user_id, created_at);
