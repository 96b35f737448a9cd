/**
 * The export job's life in D1 (table export_jobs), in one place: its states, the events that move it, what each does
 * to the quota, and the SQL guard a store puts on its statement so that a row changes only by an allowed transition.
 * Both workers drive it: the API reserves a job and undoes a reservation it could not queue
 * (workers/api/src/exports/export-job-store.ts); a delivery claims, renews (its heartbeat), releases, finishes or fails
 * it (workers/export/src/jobs/job-store.ts); the dead-letter handler and the scheduled cleanup fail abandoned jobs and
 * delete expired ones (workers/export/src/cleanup/expire-exports.ts). Pure: no I/O, the stores run the statements.
 *
 *   (no job) ─reserve→ READY ─claim→ RUNNING ─finish→ DONE
 *   READY ─undo→ (deleted)          RUNNING ─claim (lease ended), renew (holder), release (holder)→ RUNNING
 *   READY ─abandon→ ERROR           RUNNING ─fail (holder), abandon (lease lapsed)→ ERROR
 *   any state ─expire→ (deleted)
 *
 * Queuing an idle job again (isIdleExportJob in export-job.ts) is no transition: it only sends another message.
 */

export const EXPORT_JOB_STATUSES = ["READY", "RUNNING", "DONE", "ERROR"] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** Settled jobs are never moved again, only deleted when they expire; a delivery that finds one acknowledges it. */
export const SETTLED_EXPORT_JOB_STATUSES: readonly ExportJobStatus[] = ["DONE", "ERROR"];
export const isSettledExportJob = (status: ExportJobStatus) => SETTLED_EXPORT_JOB_STATUSES.includes(status);

export type ExportJobEvent = "reserve" | "undo" | "claim" | "renew" | "release" | "finish" | "fail" | "abandon" | "expire";

/**
 * What must hold besides the from-state:
 * - leaseHeld: the caller holds the lease (lease_token is its token);
 * - leaseEnded: the lease ends no later than now (lease_until <= now), so a lease released now can be claimed at once;
 * - leaseLapsed: the lease ran out before now (lease_until < now), so a lease released now is not yet abandoned;
 * - expired: the job's retention is over (expires_at <= now).
 */
export type ExportJobCondition = "leaseHeld" | "leaseEnded" | "leaseLapsed" | "expired";

/**
 * What a transition does to users.extraction_records_left and the job's export_ledger rows:
 * - charge: debits the records not yet paid in the period (the ledger rows inserted), or the count before the ledger;
 * - refundAll: gives back everything charged (COALESCE(charged_count, reserved_count)) and deletes the ledger rows;
 * - refundUnwritten: gives back the records the file does not hold, and deletes their ledger rows.
 * A settling refund (DONE, ERROR) is recorded in refunded_count and guarded by the settle token, so it happens once.
 */
export type ExportJobQuotaEffect = "none" | "charge" | "refundAll" | "refundUnwritten";

export interface ExportJobTransition {
  readonly event: ExportJobEvent;
  /** null: the job does not exist yet. */
  readonly from: ExportJobStatus | null;
  readonly when?: ExportJobCondition;
  /** null: the row is deleted. */
  readonly to: ExportJobStatus | null;
  readonly quota: ExportJobQuotaEffect;
}

/** Every allowed transition; anything else is refused. */
export const EXPORT_JOB_TRANSITIONS: readonly ExportJobTransition[] = [
  // API: the request creates the job and charges the quota in one batch.
  { event: "reserve", from: null, to: "READY", quota: "charge" },
  // API: the queue refused the job's message; the job is forgotten.
  { event: "undo", from: "READY", to: null, quota: "refundAll" },
  // Delivery: takes a lease (a new token, attempts + 1), also over a lease that has ended.
  { event: "claim", from: "READY", to: "RUNNING", quota: "none" },
  { event: "claim", from: "RUNNING", when: "leaseEnded", to: "RUNNING", quota: "none" },
  // Delivery: the heartbeat while it writes (after each uploaded part, and every few seconds while rows stream) moves
  // the lease forward. Only while the caller still holds it: a claim over an ended lease writes a new token, so a
  // delivery whose lease was taken over finds no row to renew and stops writing (never two deliveries on one job). A
  // lease that ran out but that nobody claimed is still the caller's (no other delivery can write the job).
  { event: "renew", from: "RUNNING", when: "leaseHeld", to: "RUNNING", quota: "none" },
  // Delivery: a transient failure ends the lease now, for the retry to claim.
  { event: "release", from: "RUNNING", when: "leaseHeld", to: "RUNNING", quota: "none" },
  // Delivery: the file is written.
  { event: "finish", from: "RUNNING", when: "leaseHeld", to: "DONE", quota: "refundUnwritten" },
  // Delivery: a permanent failure (the search or its list files are no longer valid).
  { event: "fail", from: "RUNNING", when: "leaseHeld", to: "ERROR", quota: "refundAll" },
  // Dead letters and the cleanup: nobody works on the job any more; a live lease is left to its holder.
  { event: "abandon", from: "READY", to: "ERROR", quota: "refundAll" },
  { event: "abandon", from: "RUNNING", when: "leaseLapsed", to: "ERROR", quota: "refundAll" },
  // Cleanup: the job and its files are deleted EXPORT_RETENTION_DAYS after the request, whatever the state.
  ...EXPORT_JOB_STATUSES.map((from) => ({ event: "expire" as const, from, when: "expired" as const, to: null, quota: "none" as const })),
];

/** The fields of a job row its transitions look at. */
export interface ExportJobState {
  status: ExportJobStatus;
  lease_token: string | null;
  lease_until: number | null;
  expires_at: number;
}

/** When the event happens, and the lease token of the caller (the events that need a held lease). */
export interface ExportJobMoment {
  now: number;
  token?: string;
}

function conditionHolds(condition: ExportJobCondition, job: ExportJobState, { now, token }: ExportJobMoment): boolean {
  switch (condition) {
    case "leaseHeld":
      return job.lease_token !== null && token !== undefined && job.lease_token === token;
    case "leaseEnded":
      return job.lease_until !== null && job.lease_until <= now;
    case "leaseLapsed":
      return job.lease_until !== null && job.lease_until < now;
    case "expired":
      return job.expires_at <= now;
  }
}

/** The transition `event` makes from this job (null: none exists yet), or undefined when it is refused. */
export function findExportJobTransition(
  job: ExportJobState | null,
  event: ExportJobEvent,
  moment: ExportJobMoment,
): ExportJobTransition | undefined {
  return EXPORT_JOB_TRANSITIONS.find(
    (t) =>
      t.event === event &&
      (job === null ? t.from === null : t.from === job.status && (t.when === undefined || conditionHolds(t.when, job, moment))),
  );
}

/** Performs `event` on the job's state: its status afterwards, null when the row is deleted; throws when refused. */
export function nextExportJobStatus(job: ExportJobState | null, event: ExportJobEvent, moment: ExportJobMoment): ExportJobStatus | null {
  const transition = findExportJobTransition(job, event, moment);
  if (!transition) throw new Error(`export job: ${event} refused from ${job ? job.status : "no job"}`);
  return transition.to;
}

const transitionsOf = (event: ExportJobEvent) => EXPORT_JOB_TRANSITIONS.filter((t) => t.event === event);

/** The states `event` moves a job from. */
export function exportJobFromStates(event: ExportJobEvent): ExportJobStatus[] {
  return [...new Set(transitionsOf(event).flatMap((t) => (t.from === null ? [] : [t.from])))];
}

/** The status `event` leaves a job in (the same from every state); throws for the events that delete the row. */
export function exportJobStatusAfter(event: ExportJobEvent): ExportJobStatus {
  const targets = new Set(transitionsOf(event).map((t) => t.to));
  const [to] = targets;
  if (targets.size !== 1 || !to) throw new Error(`export job: ${event} leaves no single status`);
  return to;
}

/** A status as an SQL literal ('READY'): the statuses are fixed words, safe to write into a statement. */
export const sqlStatus = (status: ExportJobStatus) => `'${status}'`;

/** Statuses as an SQL list: ('READY', 'RUNNING'). */
export const sqlStatuses = (statuses: readonly ExportJobStatus[]) => `(${statuses.map(sqlStatus).join(", ")})`;

function conditionSql(condition: ExportJobCondition, { now, token }: Partial<ExportJobMoment>, params: unknown[]): string {
  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`export job guard: ${condition} needs ${name}`);
    return value;
  };
  switch (condition) {
    case "leaseHeld":
      params.push(need(token, "the lease token"));
      return "lease_token = ?";
    case "leaseEnded":
      params.push(need(now, "now"));
      return "lease_until <= ?";
    case "leaseLapsed":
      params.push(need(now, "now"));
      return "lease_until < ?";
    case "expired":
      params.push(need(now, "now"));
      return "expires_at <= ?";
  }
}

/**
 * The condition on an export_jobs row under which `event` may change it, with its parameters in order: a store
 * writes `WHERE id = ? AND <sql>`, so a statement changes a row only by an allowed transition (and of two racing
 * deliveries, D1 running one statement at a time, only the first finds the row as the guard wants it).
 */
export function exportJobGuard(event: ExportJobEvent, moment: Partial<ExportJobMoment> = {}): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const rows = transitionsOf(event).map((t) => {
    if (t.from === null) throw new Error(`export job guard: ${event} creates the job, no row to guard`);
    const parts = [`status = ${sqlStatus(t.from)}`];
    if (t.when) parts.push(conditionSql(t.when, moment, params));
    return parts.length > 1 ? `(${parts.join(" AND ")})` : parts[0]!;
  });
  return { sql: rows.length > 1 ? `(${rows.join(" OR ")})` : rows[0]!, params };
}
