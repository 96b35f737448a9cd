/**
 * Export jobs for the cluster-fault tests: reserved exactly as the API reserves them (quota debited), queued to the
 * real export worker only once the test has set up its fault, and read back from D1 when settled.
 */
import { reserveExportJob } from "#api/exports/export-job-store";
import type { TestUser, UrvalHarness } from "../../support/factories";
import { vad } from "./export-support";

export interface SettledJob {
  status: "DONE" | "ERROR";
  reserved_count: number;
  refunded_count: number;
  row_count: number | null;
  error_code: string | null;
  attempts: number;
}

/** A job for the first `count` companies of the default search, reserved (not queued). */
export async function reserveJob(harness: UrvalHarness, user: TestUser, count: number): Promise<string> {
  const now = Date.now();
  const job = await reserveExportJob((await harness.api().getEnv()).DB, {
    id: crypto.randomUUID(),
    userId: user.userId,
    idempotencyKey: `cluster-fault-${crypto.randomUUID()}`,
    requestHash: "cluster-faults",
    resultType: "COMPANY",
    serializedSearch: vad(),
    exclude: false,
    idNumbers: [],
    listFilesKey: null,
    count,
    fileName: "urval-foretag-20261201-1200.xlsx",
    createdAt: now,
    expiresAt: now + 7 * 86_400_000,
  });
  return job.id;
}

export async function queueJob(harness: UrvalHarness, jobId: string): Promise<void> {
  await (await harness.api().getEnv()).EXPORT_QUEUE.send({ jobId });
}

/** Polls the job's row until it is DONE or ERROR. */
export async function settledJob(harness: UrvalHarness, jobId: string, timeoutMs = 50_000): Promise<SettledJob> {
  const { DB } = await harness.api().getEnv();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await DB.prepare(
      "SELECT status, reserved_count, refunded_count, row_count, error_code, attempts FROM export_jobs WHERE id = ?",
    )
      .bind(jobId)
      .first<SettledJob>();
    if (row && (row.status === "DONE" || row.status === "ERROR")) return row;
    if (Date.now() > deadline) throw new Error(`export job ${jobId} still ${row?.status ?? "missing"}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
