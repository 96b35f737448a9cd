-- Per-user view settings (spec §4 "Financial view"): CONCERN (group) or BUSINESS (parent company) figures in the
-- company detail pane. A user without a row sees the default, CONCERN.
CREATE TABLE user_config (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  company_financial_type TEXT NOT NULL CHECK (company_financial_type IN ('CONCERN', 'BUSINESS')),
  updated_at INTEGER NOT NULL
);
