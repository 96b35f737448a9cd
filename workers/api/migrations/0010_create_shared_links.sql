-- Shared searches (spec §2 "Dela urval", §7 create-shared-link / shared-link): a short unguessable id → the serialised
-- search. Owned by the creating user; readable by any signed-in account until expires_at (epoch milliseconds).
CREATE TABLE shared_links (
  id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  serialized_search TEXT NOT NULL CHECK (length(serialized_search) BETWEEN 1 AND 16000),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX shared_links_owner ON shared_links (owner_user_id, created_at);
CREATE INDEX shared_links_expires ON shared_links (expires_at);
