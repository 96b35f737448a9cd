-- Bevakning's retention (docs/decisions/0024): the API's cron deletes alerts, job rows and dead jobs older than 180
-- days a bounded batch at a time, oldest first; these indexes find them without scanning the tables.
CREATE INDEX monitoring_alerts_created ON monitoring_alerts (created_at);
CREATE INDEX monitoring_alert_jobs_created ON monitoring_alert_jobs (created_at);
CREATE INDEX monitoring_dead_jobs_created ON monitoring_dead_jobs (created_at);
CREATE INDEX monitoring_runs_enqueued ON monitoring_runs (state, enqueued_at);
