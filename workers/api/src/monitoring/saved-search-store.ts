/**
 * Saved searches (Bevakning, issue 16) in D1 table saved_searches: create (checked through the SearchBackend for its
 * hit count, at most MAX_SAVED_SEARCHES per user, enforced in the INSERT itself), rename, delete, and the companies new
 * at the latest check. Every statement is scoped to the caller: another user's id is SAVED_SEARCH_NOT_FOUND (404).
 */
import { validateSearch, type SearchBackend } from "#search-index";
import {
  COMPANY_SEARCH_ONLY_MESSAGE,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_LIMIT_MESSAGE,
  savedSearchExistsMessage,
  type CreateSavedSearchRequest,
  type NewCompanies,
  type SavedSearch,
} from "#shared/api-contracts/monitoring";
import { notFound, userMessage } from "#shared/errors";
import { deserializeSearchOrThrow, serializeSearch } from "#shared/search/search-serialize";
import { listFilesForSearch } from "../list-files/list-file-numbers";
import { newSharedLinkId } from "../search/shared-link-service";

export const savedSearchNotFound = () => notFound("SAVED_SEARCH_NOT_FOUND", "Bevakningen finns inte.");

export interface SavedSearchRow {
  id: string;
  name: string;
  serialized_search: string;
  hit_count: number;
  previous_hit_count: number | null;
  checked_at: number;
  created_at: number;
  new_count: number;
  removed_count: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function savedSearchFromRow(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    serializedSearch: row.serialized_search,
    hitCount: row.hit_count,
    previousHitCount: row.previous_hit_count,
    newCount: row.new_count,
    removedCount: row.removed_count,
    checkedAt: iso(row.checked_at),
    createdAt: iso(row.created_at),
  };
}

/** The user's saved searches (oldest first) with the unread new / removed companies of each. */
export const SELECT_SAVED_SEARCHES_SQL = `
  SELECT s.id, s.name, s.serialized_search, s.hit_count, s.previous_hit_count, s.checked_at, s.created_at,
    (SELECT COUNT(*) FROM monitoring_alerts a WHERE a.user_id = s.user_id AND a.subject_id = s.id
       AND a.kind = 'SEARCH_NEW' AND a.read_at IS NULL) AS new_count,
    (SELECT COUNT(*) FROM monitoring_alerts a WHERE a.user_id = s.user_id AND a.subject_id = s.id
       AND a.kind = 'SEARCH_REMOVED' AND a.read_at IS NULL) AS removed_count
  FROM saved_searches s WHERE s.user_id = ?`;

async function readSavedSearch(db: D1Database, userId: string, id: string): Promise<SavedSearch> {
  const row = await db.prepare(`${SELECT_SAVED_SEARCHES_SQL} AND s.id = ?`).bind(userId, id).first<SavedSearchRow>();
  if (!row) throw savedSearchNotFound();
  return savedSearchFromRow(row);
}

export async function createSavedSearch(
  db: D1Database,
  backend: SearchBackend,
  userId: string,
  input: CreateSavedSearchRequest,
  now = Date.now(),
): Promise<SavedSearch> {
  const parsed = deserializeSearchOrThrow(input.serializedSearch, "serializedSearch");
  if (parsed.resultType !== "COMPANY") throw userMessage("SAVED_SEARCH_NOT_COMPANIES", COMPANY_SEARCH_ONLY_MESSAGE);
  const search = validateSearch(parsed);
  const listFiles = await listFilesForSearch(db, userId, search.numSet);
  const [results, info] = await Promise.all([backend.search(search, { listFiles }), backend.info()]);
  const id = newSharedLinkId();
  const serialized = serializeSearch(search.normalised);
  const inserted = await db
    .prepare(
      `INSERT INTO saved_searches (id, user_id, name, serialized_search, hit_count, checked_version, checked_at, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM saved_searches WHERE user_id = ?) < ?
         AND NOT EXISTS (SELECT 1 FROM saved_searches WHERE user_id = ? AND serialized_search = ?)`,
    )
    .bind(id, userId, input.name, serialized, results.hitCount, info.version, now, now, userId, MAX_SAVED_SEARCHES, userId, serialized)
    .run();
  if (inserted.meta.changes === 0) {
    const same = await db
      .prepare("SELECT name FROM saved_searches WHERE user_id = ? AND serialized_search = ?")
      .bind(userId, serialized)
      .first<{ name: string }>();
    if (same) throw userMessage("SAVED_SEARCH_EXISTS", savedSearchExistsMessage(same.name));
    throw userMessage("SAVED_SEARCH_LIMIT", SAVED_SEARCH_LIMIT_MESSAGE);
  }
  return readSavedSearch(db, userId, id);
}

export async function renameSavedSearch(db: D1Database, userId: string, id: string, name: string): Promise<SavedSearch> {
  const updated = await db.prepare("UPDATE saved_searches SET name = ? WHERE id = ? AND user_id = ?").bind(name, id, userId).run();
  if (updated.meta.changes === 0) throw savedSearchNotFound();
  return readSavedSearch(db, userId, id);
}

/** Deletes the saved search and its alerts in one batch. */
export async function deleteSavedSearch(db: D1Database, userId: string, id: string): Promise<void> {
  const [deleted] = await db.batch([
    db.prepare("DELETE FROM saved_searches WHERE id = ? AND user_id = ?").bind(id, userId),
    db.prepare("DELETE FROM monitoring_alerts WHERE subject_id = ? AND user_id = ?").bind(id, userId),
  ]);
  if (!deleted || deleted.meta.changes === 0) throw savedSearchNotFound();
}

/** Companies that newly matched the saved search at its latest check (for "Exportera nya"). */
export async function newCompaniesOf(db: D1Database, userId: string, id: string): Promise<NewCompanies> {
  const search = await db
    .prepare("SELECT serialized_search, checked_version FROM saved_searches WHERE id = ? AND user_id = ?")
    .bind(id, userId)
    .first<{ serialized_search: string; checked_version: number }>();
  if (!search) throw savedSearchNotFound();
  const { results } = await db
    .prepare(
      `SELECT org_seq_no FROM monitoring_alerts WHERE user_id = ? AND subject_id = ? AND kind = 'SEARCH_NEW' AND to_version = ?
       ORDER BY org_seq_no LIMIT 1000`,
    )
    .bind(userId, id, search.checked_version)
    .all<{ org_seq_no: number }>();
  return { serializedSearch: search.serialized_search, orgSeqNos: results.map((r) => r.org_seq_no) };
}
