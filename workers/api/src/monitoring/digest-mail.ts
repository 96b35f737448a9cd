/**
 * The digest e-mail of an alert job (issue 16): due by the user's setting (DAILY: 20 hours since the last one, so a
 * nightly reindex mails every day; WEEKLY: six and a half days; NONE: never). Alerts not yet mailed are collected;
 * mail_state is claimed before sending, so a redelivered job never sends a second e-mail. A failed send releases the
 * claim and throws (the job is retried).
 */
import type { Digest } from "#shared/api-contracts/monitoring";
import type { MonitoringJobMessage } from "#shared/monitoring-job";
import type { Messenger } from "../messaging/outbound-message";
import { digestSubject, digestText, type DigestAlert } from "./digest-text";
import { DEFAULT_DIGEST } from "./monitoring-overview";

const HOUR = 3_600_000;
const DUE_AFTER_MS: Record<Digest, number> = { DAILY: 20 * HOUR, WEEKLY: 156 * HOUR, NONE: Infinity };
const MAX_ALERTS_MAILED = 500;
const JOB_KEY = "user_id = ? AND from_version = ? AND to_version = ?";

interface MailUser {
  email: string;
  first_name: string;
  digest: Digest | null;
  last_digest_at: number | null;
}

const isDue = (digest: Digest, last: number | null, now: number) =>
  digest !== "NONE" && (last === null || now - last >= DUE_AFTER_MS[digest]);

async function unmailedAlerts(db: D1Database, userId: string) {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.kind, s.name AS subject_name, a.company_name, a.changes FROM monitoring_alerts a
       LEFT JOIN saved_searches s ON s.id = a.subject_id
       WHERE a.user_id = ? AND a.mailed_at IS NULL ORDER BY a.id LIMIT ${MAX_ALERTS_MAILED}`,
    )
    .bind(userId)
    .all<{ id: number; kind: DigestAlert["kind"]; subject_name: string | null; company_name: string; changes: string }>();
  return results;
}

export async function sendDigestIfDue(db: D1Database, messenger: Messenger, job: MonitoringJobMessage, now: number): Promise<boolean> {
  const key = [job.userId, job.fromVersion, job.toVersion] as const;
  const user = await db
    .prepare(
      `SELECT u.email, u.first_name, m.digest, m.last_digest_at FROM users u
       LEFT JOIN monitoring_settings m ON m.user_id = u.id WHERE u.id = ?`,
    )
    .bind(job.userId)
    .first<MailUser>();
  const digest = user?.digest ?? DEFAULT_DIGEST;
  const skip = () =>
    db
      .prepare(`UPDATE monitoring_alert_jobs SET mail_state = 'SKIPPED' WHERE ${JOB_KEY} AND mail_state IS NULL`)
      .bind(...key)
      .run();
  if (!user || !isDue(digest, user.last_digest_at, now)) return (await skip(), false);
  const claimed = await db
    .prepare(`UPDATE monitoring_alert_jobs SET mail_state = 'SENDING' WHERE ${JOB_KEY} AND mail_state IS NULL`)
    .bind(...key)
    .run();
  if (claimed.meta.changes === 0) return false;
  const rows = await unmailedAlerts(db, job.userId);
  if (rows.length === 0) {
    await db
      .prepare(`UPDATE monitoring_alert_jobs SET mail_state = 'SKIPPED' WHERE ${JOB_KEY}`)
      .bind(...key)
      .run();
    return false;
  }
  const alerts = rows.map((r) => ({
    kind: r.kind,
    subjectName: r.subject_name,
    companyName: r.company_name,
    changes: JSON.parse(r.changes) as string[],
  }));
  try {
    await messenger.sendEmail({
      to: user.email,
      subject: digestSubject(alerts),
      text: digestText({ firstName: user.first_name, digest, origin: job.origin, alerts }),
    });
  } catch (error) {
    await db
      .prepare(`UPDATE monitoring_alert_jobs SET mail_state = NULL WHERE ${JOB_KEY}`)
      .bind(...key)
      .run();
    throw error;
  }
  const lastId = rows[rows.length - 1]?.id ?? 0;
  await db.batch([
    db
      .prepare("UPDATE monitoring_alerts SET mailed_at = ? WHERE user_id = ? AND mailed_at IS NULL AND id <= ?")
      .bind(now, job.userId, lastId),
    db.prepare(`UPDATE monitoring_alert_jobs SET mail_state = 'SENT' WHERE ${JOB_KEY}`).bind(...key),
    db
      .prepare(
        `INSERT INTO monitoring_settings (user_id, digest, last_digest_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET last_digest_at = excluded.last_digest_at`,
      )
      .bind(job.userId, digest, now, now),
  ]);
  return true;
}
