/**
 * Bevakning's client state shared by the header badge, the cards, the detail pane and /bevakningar: the unread count
 * and the ids of the watched companies (loaded once per page, changed by watch/unwatch). A small external store.
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
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
    // In a task of its own, not in the one that runs the effects of a whole hydrated page (decision 0071).
    const first = setTimeout(() => void refreshUnread(), 0);
    const timer = setInterval(() => void refreshUnread(), UNREAD_POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [isActive]);
}

function loadWatchedIds(): void {
  if (snapshot.watched || watchedLoading) return;
  watchedLoading = fetchWatchedIds()
    .then((answer) => update({ watched: new Set(answer.orgSeqNos) }))
    .catch(() => undefined)
    .finally(() => {
      watchedLoading = null;
    });
}

/** Loads the watched ids once (the cards and the pane call this). */
export function useWatchedIds(): ReadonlySet<number> | null {
  const { watched } = useMonitoringSnapshot();
  useEffect(loadWatchedIds, []);
  return watched;
}

/**
 * What a server-rendered page knew of the watched companies: which of the companies it checked are watched (the /sok
 * loader's first page, decision 0071). Per page and request, so a context, never the module's store: on the server that
 * is shared by every request.
 */
export interface KnownWatched {
  checked: ReadonlySet<number>;
  watched: ReadonlySet<number>;
}

export const KnownWatchedContext = createContext<KnownWatched | null>(null);

/**
 * Whether a company is watched, null until known: from the store once it has loaded, before that from what the page
 * knew when it was rendered, so a card the server checked renders its button at once and hydrates as it is, and the page
 * asks for no list at load. Only a change of this company's answer renders the caller again.
 */
export function useIsWatched(orgSeqNo: number): boolean | null {
  const known = useContext(KnownWatchedContext);
  const fromPage = known?.checked.has(orgSeqNo) ? known.watched.has(orgSeqNo) : null;
  const isWatched = useSyncExternalStore(
    subscribe,
    () => (snapshot.watched ? snapshot.watched.has(orgSeqNo) : fromPage),
    () => fromPage,
  );
  // The list is asked for when a company the page did not check needs it ('Visa fler', another record's pane).
  useEffect(() => {
    if (fromPage === null) loadWatchedIds();
  }, [fromPage]);
  return isWatched;
}

/** Watches or stops watching; the Swedish message of a refusal (e.g. the limit) is returned, null on success. */
export async function toggleWatch(orgSeqNo: number, watch: boolean): Promise<string | null> {
  try {
    if (watch) await watchCompany(orgSeqNo);
    else await unwatchCompany(orgSeqNo);
  } catch (error) {
    return errorMessage(error);
  }
  // A button the page rendered from its own data can be pressed before the store's list has come: the list first, or
  // the other cards would read a list of this company alone.
  if (!snapshot.watched) {
    loadWatchedIds();
    await watchedLoading;
  }
  const next = new Set(snapshot.watched ?? []);
  if (watch) next.add(orgSeqNo);
  else next.delete(orgSeqNo);
  update({ watched: next });
  return null;
}
