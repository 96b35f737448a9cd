/**
 * After a reindex switched versions, the API enqueues one alert job per affected user (issue 16). The reindex leaves a
 * monitoring_runs row in state STAGED; the first API call that dispatches claims it (ENQUEUING, so only one does),
 * sends the jobs in batches and marks it ENQUEUED. A claim older than CLAIM_EXPIRY_MS (its dispatcher died) is taken
 * over; jobs enqueued twice are harmless (each is idempotent per user and version pair).
 */
import type { MonitoringJobMessage } from "#shared/monitoring-job";
import { log } from "#shared/log";

const CLAIM_EXPIRY_MS = 5 * 60_000;
const SEND_BATCH = 100;

export interface DispatchResult {
  runs: number;
  jobs: number;
}

export async function dispatchMonitoringRuns(
  db: D1Database,
  queue: Queue<MonitoringJobMessage>,
  origin: string,
  now = Date.now(),
): Promise<DispatchResult> {
  const { results: runs } = await db
    .prepare(
      `UPDATE monitoring_runs SET state = 'ENQUEUING', enqueued_at = ?
       WHERE state = 'STAGED' OR (state = 'ENQUEUING' AND enqueued_at < ?) RETURNING from_version, to_version`,
    )
    .bind(now, now - CLAIM_EXPIRY_MS)
    .all<{ from_version: number; to_version: number }>();
  let jobs = 0;
  for (const run of runs) {
    const { results: users } = await db
      .prepare(
        `SELECT user_id FROM monitoring_run_items WHERE from_version = ?1 AND to_version = ?2
         UNION SELECT user_id FROM monitoring_run_hits WHERE from_version = ?1 AND to_version = ?2`,
      )
      .bind(run.from_version, run.to_version)
      .all<{ user_id: string }>();
    const messages = users.map(({ user_id: userId }) => ({
      body: { userId, fromVersion: run.from_version, toVersion: run.to_version, origin },
    }));
    for (let at = 0; at < messages.length; at += SEND_BATCH) await queue.sendBatch(messages.slice(at, at + SEND_BATCH));
    await db
      .prepare("UPDATE monitoring_runs SET state = 'ENQUEUED' WHERE from_version = ? AND to_version = ?")
      .bind(run.from_version, run.to_version)
      .run();
    jobs += messages.length;
    log("info", "monitoring run enqueued", { fromVersion: run.from_version, toVersion: run.to_version, jobs: messages.length });
  }
  return { runs: runs.length, jobs };
}
