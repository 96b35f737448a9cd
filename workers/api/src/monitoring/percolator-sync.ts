/**
 * Bevakning on Elasticsearch (docs/decisions/0024): after a saved search is written to or deleted from D1, its stored
 * query in the `saved_searches` percolator index follows. D1 stays the source of truth: the write runs after the
 * answer, a failure is logged, and every Elasticsearch reindex resyncs the whole index before it percolates, so a lost
 * update heals by the next run. A rename changes nothing there (the stored query holds no name). On the embedded
 * backend there is no such index and nothing happens.
 */
import { parseSavedSearch, type SavedSearchIndex } from "#search-index";
import { describeError, log } from "#shared/log";

export type SavedSearchChange = { kind: "put"; id: string; userId: string; serializedSearch: string } | { kind: "delete"; id: string };

export async function syncPercolator(index: SavedSearchIndex | null, change: SavedSearchChange, requestId?: string): Promise<void> {
  if (!index) return;
  try {
    if (change.kind === "delete") {
      await index.remove(change.id);
      return;
    }
    const search = parseSavedSearch(change.serializedSearch);
    if (!search) throw new Error(`saved search ${change.id} does not parse`);
    await index.put({ id: change.id, userId: change.userId, search });
  } catch (error) {
    log("error", "saved-search percolator update failed (the next reindex resyncs it)", {
      requestId,
      savedSearchId: change.id,
      ...describeError(error),
    });
  }
}
