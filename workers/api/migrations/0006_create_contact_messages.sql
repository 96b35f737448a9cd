-- Messages from the public contact form (spec §2 Kontakt), kept for staff follow-up.
CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  company TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  client_ip TEXT,
  created_at INTEGER NOT NULL,
  forwarded_at INTEGER
);
CREATE INDEX contact_messages_created ON contact_messages (created_at);
