-- Development mailbox: outgoing e-mail and SMS stored here instead of being sent, only when DEV_MAILBOX = "true"
-- (never in production configuration). Read with `npm run mailbox` and by the integration tests.
CREATE TABLE dev_mailbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  recipient TEXT NOT NULL,
  subject TEXT,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX dev_mailbox_recipient ON dev_mailbox (recipient, id);
