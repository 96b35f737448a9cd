-- Webhooks for Bevakning (issue 47 point 4, docs/decisions/0062-webhooks-for-bevakning.md): an alert names its
-- company by organisation number too, as the reindex saw it (a company removed from the register can no longer be looked up).
-- Empty for rows staged before this column.
ALTER TABLE monitoring_run_items ADD COLUMN org_no TEXT NOT NULL DEFAULT '';
ALTER TABLE monitoring_alerts ADD COLUMN org_no TEXT NOT NULL DEFAULT '';
