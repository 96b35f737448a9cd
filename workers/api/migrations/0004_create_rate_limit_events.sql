-- Sliding-window rate limits: one row per counted event. A new event is inserted only while the bucket holds fewer
-- than the limit inside the window (one INSERT ... SELECT statement, so concurrent requests cannot overshoot).
CREATE TABLE rate_limit_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bucket TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_limit_events_bucket_at ON rate_limit_events (bucket, at);
CREATE INDEX rate_limit_events_at ON rate_limit_events (at);
