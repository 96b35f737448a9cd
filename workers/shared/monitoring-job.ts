/**
 * Bevakning's alert job (issue 16): one queue message per user and index version pair, enqueued by the API once a
 * reindex has gone live (see workers/api/src/monitoring/dispatch-runs.ts). `origin` is the site the digest links to.
 */
import { z } from "zod";

export const MonitoringJobMessageSchema = z.strictObject({
  userId: z.string().min(1).max(64),
  fromVersion: z.number().int().positive(),
  toVersion: z.number().int().positive(),
  origin: z.url({ protocol: /^https?$/ }),
});
export type MonitoringJobMessage = z.infer<typeof MonitoringJobMessageSchema>;

export const MONITORING_DEAD_LETTER_QUEUE = "urval-monitoring-dead";
