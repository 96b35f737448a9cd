/**
 * The user's exports in the browser (issue 28), shared by the header ('Mina exporter', "Export pågår", the notice when
 * an export is done) and the /exporter page: the list is loaded when the header mounts and polled while an export
 * runs that no open popup is watching, so a running export is found again after the popup is closed or the page
 * reloaded, and its end is told once. A small external store, like Bevakning's.
 */
import { useEffect, useSyncExternalStore } from "react";
import type { ExtractionJobListItem } from "#shared/api-contracts/extraction";
import { errorMessage } from "../api-error";
import { fetchExportList } from "../search/search-calls";
import { isRunning, settledNotice } from "./export-list-text";

export const EXPORT_LIST_POLL_MS = 2_000;

export interface ExportNotice {
  jobId: string;
  text: string;
  failed: boolean;
}

interface ExportsSnapshot {
  jobs: readonly ExtractionJobListItem[] | null;
  error: string | null;
  notice: ExportNotice | null;
}

const EMPTY: ExportsSnapshot = { jobs: null, error: null, notice: null };
let snapshot = EMPTY;
const listeners = new Set<() => void>();
/** Jobs an open export popup polls and reports itself. */
const watched = new Set<string>();
/** Jobs whose end has been told (by the popup or the notice). */
const told = new Set<string>();
let pollers = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<void> | null = null;

function update(next: Partial<ExportsSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function schedule() {
  clearTimeout(timer);
  const unwatchedRunning = snapshot.jobs?.some((job) => isRunning(job) && !watched.has(job.jobId)) ?? false;
  if (pollers > 0 && unwatchedRunning) timer = setTimeout(() => void refreshExports(), EXPORT_LIST_POLL_MS);
}

async function load(): Promise<void> {
  try {
    const { jobs } = await fetchExportList();
    const wasRunning = new Set(snapshot.jobs?.filter(isRunning).map((job) => job.jobId));
    const ended = jobs.find((job) => wasRunning.has(job.jobId) && !isRunning(job) && !watched.has(job.jobId) && !told.has(job.jobId));
    if (ended) told.add(ended.jobId);
    const notice = ended ? { jobId: ended.jobId, text: settledNotice(ended), failed: ended.status === "ERROR" } : snapshot.notice;
    update({ jobs, error: null, notice });
  } catch (error) {
    update({ error: errorMessage(error) });
  }
}

/** Loads the list now (one call at a time) and polls on while an unwatched export runs. */
export async function refreshExports(): Promise<void> {
  inFlight ??= load().finally(() => {
    inFlight = null;
  });
  await inFlight;
  schedule();
}

/** The popup polls this job itself and says when it is done. */
export function watchExport(jobId: string): void {
  watched.add(jobId);
  void refreshExports();
}

/** The popup closed: a job it saw end was told there; one still running is the store's again. */
export function releaseExport(jobId: string, settled: boolean): void {
  watched.delete(jobId);
  if (settled) told.add(jobId);
  void refreshExports();
}

export const dismissExportNotice = () => update({ notice: null });

export function useExports(): ExportsSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
}

/** Keeps the list loaded (and polled while an export runs) while the caller is mounted; isActive once terms are accepted. */
export function useExportPolling(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    pollers += 1;
    // In a task of its own, not in the one that runs the effects of a whole hydrated page (decision 0071).
    const first = setTimeout(() => void refreshExports(), 0);
    return () => {
      clearTimeout(first);
      pollers -= 1;
      if (pollers === 0) clearTimeout(timer);
    };
  }, [isActive]);
}
