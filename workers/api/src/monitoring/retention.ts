/**
 * Bevakning's retention (docs/decisions/0024), run by the API's cron: alerts, alert job rows, dead jobs and run rows
 * are kept ALERT_RETENTION_MS (180 days); a run's staged rows (monitoring_run_items / _hits) only until
 * STAGED_RETENTION_MS after it was enqueued: 14 days, the longest a queue keeps a message, so no job that still needs
 * them can be delivered after that. A STAGED run (not enqueued yet) keeps its rows. Each call deletes at most
 * BATCH_ROWS rows per table, so a backlog drains over a few cron runs instead of one long D1 query.
 */
const DAY_MS = 86_400_000;
export const ALERT_RETENTION_MS = 180 * DAY_MS;
export const STAGED_RETENTION_MS = 14 * DAY_MS;
const BATCH_ROWS = 5000;

/** The staged rows of runs enqueued before ?1, at most ?2 of them (row values: the tables have no rowid). */
const stagedOf = (table: string, key: string) =>
  `DELETE FROM ${table} WHERE (${key}) IN (
     SELECT ${key} FROM ${table} t WHERE EXISTS (SELECT 1 FROM monitoring_runs r WHERE r.state = 'ENQUEUED' AND r.enqueued_at < ?1
       AND r.from_version = t.from_version AND r.to_version = t.to_version) LIMIT ?2)`;

export interface PruneResult {
  alerts: number;
  jobs: number;
  staged: number;
}

export async function pruneMonitoring(db: D1Database, now = Date.now()): Promise<PruneResult> {
  const old = now - ALERT_RETENTION_MS;
  const [alerts, jobs, dead, items, hits, runs] = await db.batch([
    db
      .prepare("DELETE FROM monitoring_alerts WHERE id IN (SELECT id FROM monitoring_alerts WHERE created_at < ? LIMIT ?)")
      .bind(old, BATCH_ROWS),
    db
      .prepare(
        `DELETE FROM monitoring_alert_jobs WHERE (user_id, from_version, to_version) IN
           (SELECT user_id, from_version, to_version FROM monitoring_alert_jobs WHERE created_at < ? LIMIT ?)`,
      )
      .bind(old, BATCH_ROWS),
    db
      .prepare("DELETE FROM monitoring_dead_jobs WHERE id IN (SELECT id FROM monitoring_dead_jobs WHERE created_at < ? LIMIT ?)")
      .bind(old, BATCH_ROWS),
    db
      .prepare(stagedOf("monitoring_run_items", "from_version, to_version, user_id, kind, subject_id, org_seq_no"))
      .bind(now - STAGED_RETENTION_MS, BATCH_ROWS),
    db.prepare(stagedOf("monitoring_run_hits", "from_version, to_version, saved_search_id")).bind(now - STAGED_RETENTION_MS, BATCH_ROWS),
    // A run row goes last, once none of its staged rows is left (their deletion above finds them through it).
    db
      .prepare(
        `DELETE FROM monitoring_runs WHERE state = 'ENQUEUED' AND enqueued_at < ?
           AND NOT EXISTS (SELECT 1 FROM monitoring_run_items i WHERE i.from_version = monitoring_runs.from_version AND i.to_version = monitoring_runs.to_version)
           AND NOT EXISTS (SELECT 1 FROM monitoring_run_hits h WHERE h.from_version = monitoring_runs.from_version AND h.to_version = monitoring_runs.to_version)`,
      )
      .bind(old),
  ]);
  const changes = (result: D1Result | undefined) => result?.meta.changes ?? 0;
  return { alerts: changes(alerts), jobs: changes(jobs) + changes(dead) + changes(runs), staged: changes(items) + changes(hits) };
}
