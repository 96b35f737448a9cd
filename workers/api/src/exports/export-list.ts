/** GET /sapi/extraction: "Mina exporter" (issue 28), the user's exports of the subscription period, newest first. */
import { searchCodeTexts } from "#search-index";
import type { ExtractionJobList } from "#shared/api-contracts/extraction";
import { isIdleExportJob, type ExportJobRow } from "#shared/export-job";
import { describeError, log } from "#shared/log";
import { describeSearch, summarizeSearch } from "#shared/search/search-description";
import { deserializeSearch } from "#shared/search/search-serialize";
import type { IdleJobRecovery } from "./export-download";
import { listJobsForUser } from "./export-job-store";
import { toExtractionJobListItem } from "./export-view";

/** The job's search in one line; a search that no longer reads (an older format) is named by its result type only. */
export function summaryOf(job: Pick<ExportJobRow, "serialized_search" | "id_numbers_json" | "exclude" | "result_type">): string {
  const search = deserializeSearch(job.serialized_search);
  if (!search.success) return job.result_type === "COMPANY" ? "Företag" : "Arbetsställen";
  const ids: unknown = JSON.parse(job.id_numbers_json);
  const marked = Array.isArray(ids) ? ids.length : 0;
  return summarizeSearch(describeSearch(search.data, { exclude: job.exclude === 1, count: marked }, searchCodeTexts));
}

/**
 * The list; like the status call, a job whose delivery died or whose message was lost is queued again while its owner
 * watches it (the list is what a reloaded page polls).
 */
export async function listExports(
  db: D1Database,
  userId: string,
  limit: number,
  recovery?: IdleJobRecovery,
  now = Date.now(),
): Promise<ExtractionJobList> {
  const rows = await listJobsForUser(db, userId, limit);
  if (recovery) {
    const idle = rows.filter((job) => job.expires_at > now && isIdleExportJob(job, now, recovery.leaseMs)).map((job) => job.id);
    if (idle.length > 0)
      await recovery.queue.sendBatch(idle.map((jobId) => ({ body: { jobId } }))).then(
        () => log("warn", "idle export jobs queued again", { jobIds: idle }),
        (error: unknown) => log("error", "idle export jobs not queued again", { jobIds: idle, ...describeError(error) }),
      );
  }
  return { jobs: rows.map((row) => toExtractionJobListItem(row, summaryOf(row), now)) };
}
