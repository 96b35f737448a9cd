-- Webhooks for Bevakning (issue 47 point 4, docs/decisions/0062-webhooks-for-bevakning.md).
-- An endpoint: a user's HTTPS address for one saved search (saved_search_id) or for all of them (NULL). The signing
-- secret is kept to sign with (Standard Webhooks, whsec_…); after a rotation the previous one signs too until
-- previous_secret_until.
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url TEXT NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  saved_search_id TEXT REFERENCES saved_searches (id) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  previous_secret TEXT,
  previous_secret_until INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id, created_at);

-- One event for one endpoint; its id is the webhook-id every attempt carries. The row is the truth of what is owed:
-- the queue only carries it, and a sweep queues again what is due and unclaimed (a worker killed mid-delivery).
CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  -- When this round of attempts began (the event made, or replayed): retries stop 24 hours after it.
  round_started_at INTEGER NOT NULL,
  lease_until INTEGER,
  last_status INTEGER,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER
);
CREATE INDEX webhook_events_endpoint ON webhook_events (endpoint_id, created_at);
CREATE INDEX webhook_events_due ON webhook_events (state, next_attempt_at);

-- The delivery log: one row per attempt.
CREATE TABLE webhook_attempts (
  event_id TEXT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  status INTEGER,
  error TEXT,
  PRIMARY KEY (event_id, attempt)
) WITHOUT ROWID;
