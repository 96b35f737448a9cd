/**
 * Bevakning's client state shared by the header badge, the cards, the detail pane and /bevakningar: the unread count
 * and the ids of the watched companies (loaded once per page, changed by watch/unwatch). A small external store.
 */
import { useEffect, useSyncExternalStore } from "react";
import { errorMessage } from "../api-error";
import { fetchUnread, fetchWatchedIds, unwatchCompany, watchCompany } from "./monitoring-calls";

interface MonitoringSnapshot {
  unread: number;
  watched: ReadonlySet<number> | null;
}

let snapshot: MonitoringSnapshot = { unread: 0, watched: null };
let watchedLoading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<MonitoringSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: MonitoringSnapshot = { unread: 0, watched: null };

export function useMonitoringSnapshot(): MonitoringSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
}

/** The header polls the unread count (a reindex's alerts arrive while the user is on the site). */
export const UNREAD_POLL_MS = 60_000;

export async function refreshUnread(): Promise<void> {
  try {
    update({ unread: (await fetchUnread()).unread });
  } catch {
    // The badge is a hint: a failed poll keeps the last count.
  }
}

export const clearUnread = () => update({ unread: 0 });

export function useUnreadPolling(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    void refreshUnread();
    const timer = setInterval(() => void refreshUnread(), UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, [isActive]);
}

/** Loads the watched ids once (the cards and the pane call this). */
export function useWatchedIds(): ReadonlySet<number> | null {
  const { watched } = useMonitoringSnapshot();
  useEffect(() => {
    if (snapshot.watched || watchedLoading) return;
    watchedLoading = fetchWatchedIds()
      .then((answer) => update({ watched: new Set(answer.orgSeqNos) }))
      .catch(() => undefined)
      .finally(() => {
        watchedLoading = null;
      });
  }, []);
  return watched;
}

/** Watches or stops watching; the Swedish message of a refusal (e.g. the limit) is returned, null on success. */
export async function toggleWatch(orgSeqNo: number, watch: boolean): Promise<string | null> {
  try {
    if (watch) await watchCompany(orgSeqNo);
    else await unwatchCompany(orgSeqNo);
  } catch (error) {
    return errorMessage(error);
  }
  const next = new Set(snapshot.watched ?? []);
  if (watch) next.add(orgSeqNo);
  else next.delete(orgSeqNo);
  update({ watched: next });
  return null;
}
