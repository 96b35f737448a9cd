/**
 * The export popup's job (spec §4 "Export popup status", §7; calls of issue 9): READY → RUNNING on 'Ladda ner urval'
 * (the job is queued with an idempotency key and polled) → DONE when the file has been handed to the browser, or ERROR.
 * While it runs, the rows written so far (the export worker's heartbeat, issue 28) give the popup's progress bar. The
 * popup may be closed meanwhile: the job is then the export store's (the header tells when it is done).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ExportStatus } from "#shared/api-contracts/extraction";
import { releaseExport, watchExport } from "../exports/export-jobs-store";
import { exportFileHref, fetchExportJob, requestExport, type ExportRequestBody } from "./search-calls";

export const EXPORT_POLL_MS = 1_000;
/** Give up polling after this long (the export worker retries for minutes before it fails a job). */
export const EXPORT_POLL_LIMIT_MS = 15 * 60_000;

export interface ExportProgress {
  rowsWritten: number;
  count: number;
}

function download(href: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useExportJob(onDone: () => void) {
  const [status, setStatus] = useState<ExportStatus>("READY");
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const alive = useRef(true);
  /** The job this popup watches, and whether it has seen it end. */
  const watching = useRef<{ jobId: string; settled: boolean } | null>(null);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (watching.current) releaseExport(watching.current.jobId, watching.current.settled);
      watching.current = null;
    };
  }, []);

  const start = useCallback(
    async (serializedSearch: string, count: number, selection: ExportRequestBody) => {
      setStatus("RUNNING");
      setProgress({ rowsWritten: 0, count });
      try {
        let job = await requestExport(serializedSearch, count, selection, crypto.randomUUID());
        if (!alive.current) return;
        watching.current = { jobId: job.jobId, settled: false };
        watchExport(job.jobId);
        const started = Date.now();
        while (job.status !== "DONE" && job.status !== "ERROR" && Date.now() - started < EXPORT_POLL_LIMIT_MS && alive.current) {
          setProgress({ rowsWritten: job.rowsWritten, count: job.count });
          await sleep(EXPORT_POLL_MS);
          if (!alive.current) return;
          job = await fetchExportJob(job.jobId);
        }
        if (!alive.current) return;
        watching.current = { jobId: job.jobId, settled: job.status === "DONE" || job.status === "ERROR" };
        if (job.status !== "DONE") throw new Error(`export ${job.jobId} ended ${job.status}`);
        setProgress({ rowsWritten: job.rowsWritten, count: job.count });
        download(exportFileHref(job.jobId));
        setStatus("DONE");
        onDone();
      } catch (error) {
        console.warn(JSON.stringify({ level: "warn", msg: "export failed", error: String(error) }));
        if (alive.current) setStatus("ERROR");
      }
    },
    [onDone],
  );
  return { status, progress, start };
}
