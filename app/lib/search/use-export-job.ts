/**
 * The export popup's job (spec §4 "Export popup status", §7; calls of issue 9): READY → RUNNING on 'Ladda ner urval'
 * (the job is queued with an idempotency key and polled) → DONE when the file has been handed to the browser, or ERROR.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ExportStatus } from "#shared/api-contracts/extraction";
import { exportFileHref, fetchExportJob, requestExport, type ExportRequestBody } from "./search-calls";

export const EXPORT_POLL_MS = 1_000;
/** Give up polling after this long (the export worker retries for minutes before it fails a job). */
export const EXPORT_POLL_LIMIT_MS = 15 * 60_000;

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
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(
    async (serializedSearch: string, count: number, selection: ExportRequestBody) => {
      setStatus("RUNNING");
      try {
        let job = await requestExport(serializedSearch, count, selection, crypto.randomUUID());
        const started = Date.now();
        while (job.status !== "DONE" && job.status !== "ERROR" && Date.now() - started < EXPORT_POLL_LIMIT_MS && alive.current) {
          await sleep(EXPORT_POLL_MS);
          job = await fetchExportJob(job.jobId);
        }
        if (job.status !== "DONE") throw new Error(`export ${job.jobId} ended ${job.status}`);
        download(exportFileHref(job.jobId));
        if (alive.current) setStatus("DONE");
        onDone();
      } catch (error) {
        console.warn(JSON.stringify({ level: "warn", msg: "export failed", error: String(error) }));
        if (alive.current) setStatus("ERROR");
      }
    },
    [onDone],
  );
  return { status, start };
}
