/**
 * The filed annual-report documents of a register dataset into R2 (issue 45 point 4, docs/decisions/0050): each
 * report's XHTML under annual-reports/<sha256>.xhtml in SEARCH_INDEX, content-addressed, so a nightly run stores only
 * the documents that are new and a corrected filing never overwrites the one it replaced. Runs before the new index
 * version goes live, so every report a search can list has its document in place.
 */
import { existsSync, openSync, closeSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import { readAnnualReportLines } from "../data/annual-reports/load-annual-reports";

/** R2 key of a filed document (the API's reader: workers/api/src/details/annual-report-document.ts). */
export const documentKey = (sha256: string) => `annual-reports/${sha256}.xhtml`;

export interface SmallObjectStore {
  putSmallObjects(
    objects: readonly { key: string; bytes: Uint8Array }[],
    contentType: string,
  ): Promise<{ stored: number; present: number }>;
}

/** About 4 MB a call: few round trips, and a body the local runtime takes at once. */
const BATCH_BYTES = 4 * 2 ** 20;

/** Whether a dataset directory carries filed annual reports (a register load does; a generated dataset does not). */
export const hasAnnualReportDocuments = (sourceDir: string) => existsSync(path.join(sourceDir, "annual-reports", "reports.ndjson"));

/** The number of reports the annual-report loader wrote (its manifest), for the progress bar. */
export const annualReportCount = (sourceDir: string): number =>
  (JSON.parse(readFileSync(path.join(sourceDir, "annual-reports", "manifest.json"), "utf8")) as { reports: number }).reports;

export async function storeAnnualReportDocuments(
  sourceDir: string,
  store: SmallObjectStore,
  onProgress?: (done: number) => void,
): Promise<{ documents: number; stored: number; present: number }> {
  const dir = path.join(sourceDir, "annual-reports");
  const fd = openSync(path.join(dir, "documents.bin"), "r");
  const seen = new Set<string>();
  const totals = { documents: 0, stored: 0, present: 0 };
  let batch: { key: string; bytes: Uint8Array }[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await store.putSmallObjects(batch, "application/xhtml+xml");
    totals.stored += result.stored;
    totals.present += result.present;
    batch = [];
    batchBytes = 0;
    onProgress?.(totals.documents);
  };
  try {
    for await (const line of readAnnualReportLines(dir)) {
      const { sha256, offset, length } = line.document;
      if (seen.has(sha256)) continue;
      seen.add(sha256);
      const bytes = new Uint8Array(length);
      if (readSync(fd, bytes, 0, length, offset) !== length) throw new Error(`${dir}/documents.bin ends before ${sha256}`);
      batch.push({ key: documentKey(sha256), bytes });
      batchBytes += length;
      totals.documents++;
      if (batchBytes >= BATCH_BYTES) await flush();
    }
    await flush();
  } finally {
    closeSync(fd);
  }
  return totals;
}
