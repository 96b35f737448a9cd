-- Export designer (issue 17): each user's saved column templates, the user's default template per result type (a
-- built-in id such as 'standard' or one of the user's own), and the format and columns an export job was asked for.
CREATE TABLE export_templates (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  result_type TEXT NOT NULL CHECK (result_type IN ('COMPANY', 'WORKSITE')),
  -- [{ "id": "<catalogue column id>", "header"?: "<header>" }], validated against the catalogue before it is stored.
  columns_json TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX export_templates_user ON export_templates (user_id, created_at);

CREATE TABLE export_template_defaults (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  result_type TEXT NOT NULL CHECK (result_type IN ('COMPANY', 'WORKSITE')),
  template_id TEXT NOT NULL,
  PRIMARY KEY (user_id, result_type)
);

-- Jobs requested before this migration are XLSX files with template Standard (columns_json NULL).
ALTER TABLE export_jobs ADD COLUMN format TEXT NOT NULL DEFAULT 'xlsx' CHECK (format IN ('xlsx', 'csv'));
ALTER TABLE export_jobs ADD COLUMN columns_json TEXT;
