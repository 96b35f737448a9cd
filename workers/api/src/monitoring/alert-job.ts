/**
 * One alert job (issue 16): turns what the reindex staged for (user, fromVersion, toVersion) into the user's alerts and
 * updates the saved searches' hit counts, all in one D1 batch guarded by the job row, then sends the digest e-mail
 * when the user's setting says one is due. Idempotent: a redelivered job writes no rows (the job row is done, the
 * alerts' unique key) and sends no second e-mail (mail_state is claimed before sending).
 */
import type { MonitoringJobMessage } from "#shared/monitoring-job";
import type { Messenger } from "../messaging/outbound-message";
import { sendDigestIfDue } from "./digest-mail";

export type AlertJobOutcome = "done" | "unknown-user";

const JOB_KEY = "user_id = ? AND from_version = ? AND to_version = ?";

function materialiseStatements(db: D1Database, job: MonitoringJobMessage, now: number): D1PreparedStatement[] {
  const key = [job.userId, job.fromVersion, job.toVersion] as const;
  return [
    db
      .prepare("INSERT OR IGNORE INTO monitoring_alert_jobs (user_id, from_version, to_version, created_at) VALUES (?, ?, ?, ?)")
      .bind(...key, now),
    db.prepare(`UPDATE monitoring_alert_jobs SET attempts = attempts + 1 WHERE ${JOB_KEY}`).bind(...key),
    db
      .prepare(
        `INSERT OR IGNORE INTO monitoring_alerts
           (user_id, from_version, to_version, kind, subject_id, org_seq_no, company_name, org_no, changes, created_at)
         SELECT i.user_id, i.from_version, i.to_version, i.kind, i.subject_id, i.org_seq_no, i.company_name, i.org_no, i.changes, ?
         FROM monitoring_run_items i
         JOIN monitoring_alert_jobs j ON j.user_id = i.user_id AND j.from_version = i.from_version
           AND j.to_version = i.to_version AND j.done_at IS NULL
         WHERE i.user_id = ? AND i.from_version = ? AND i.to_version = ?
           AND ((i.kind = 'COMPANY_CHANGED' AND EXISTS (SELECT 1 FROM watched_companies w
                  WHERE w.user_id = i.user_id AND w.org_seq_no = i.org_seq_no))
             OR (i.kind <> 'COMPANY_CHANGED' AND EXISTS (SELECT 1 FROM saved_searches s
                  WHERE s.id = i.subject_id AND s.user_id = i.user_id)))`,
      )
      .bind(now, ...key),
    db
      .prepare(
        `UPDATE saved_searches SET previous_hit_count = hit_count,
           hit_count = (SELECT h.hit_count FROM monitoring_run_hits h
                        WHERE h.from_version = ?2 AND h.to_version = ?3 AND h.saved_search_id = saved_searches.id),
           checked_version = ?3, checked_at = ?4
         WHERE user_id = ?1 AND checked_version = ?2 AND id IN (SELECT saved_search_id FROM monitoring_run_hits
                        WHERE from_version = ?2 AND to_version = ?3 AND user_id = ?1)`,
      )
      .bind(...key, now),
    db
      .prepare(
        `UPDATE watched_companies SET name = (SELECT i.company_name FROM monitoring_run_items i WHERE i.user_id = ?1
           AND i.from_version = ?2 AND i.to_version = ?3 AND i.kind = 'COMPANY_CHANGED' AND i.org_seq_no = watched_companies.org_seq_no)
         WHERE user_id = ?1 AND org_seq_no IN (SELECT org_seq_no FROM monitoring_run_items WHERE user_id = ?1
           AND from_version = ?2 AND to_version = ?3 AND kind = 'COMPANY_CHANGED')`,
      )
      .bind(...key),
    db.prepare(`UPDATE monitoring_alert_jobs SET done_at = ? WHERE ${JOB_KEY} AND done_at IS NULL`).bind(now, ...key),
  ];
}

export async function processAlertJob(
  db: D1Database,
  messenger: Messenger,
  job: MonitoringJobMessage,
  now = Date.now(),
): Promise<AlertJobOutcome> {
  const user = await db.prepare("SELECT id FROM users WHERE id = ?").bind(job.userId).first<{ id: string }>();
  if (!user) return "unknown-user";
  await db.batch(materialiseStatements(db, job, now));
  await sendDigestIfDue(db, messenger, job, now);
  return "done";
}
