/**
 * Bevakning's reindex stage (issue 16, docs/decisions/0024-bevakning.md): with the change set of the live version
 * → the new one, finds what changed for each user and stages it in the app database (monitoring_run_items / _hits);
 * after the switch, markRunStaged() lets the API enqueue one alert job per affected user.
 *
 * - Saved searches: only changed ids can enter or leave a search, so each search runs through the SearchBackend
 *   interface on two small embedded indexes built from the candidates' documents: the old version's documents of the
 *   changed and removed ids, the new version's of the added and changed ones ("percolating" the changed documents).
 *   New = matches now and not before; removed = matched before and not now. A search naming list files runs with
 *   its owner's files from the app database (build/monitoring/list-files.ts).
 * - Watched companies: field diffs (company-changes.ts) only for watched ids among the changed and removed.
 *
 * The flow is written once (stageMonitoring); what differs per backend is behind MonitoringSource: where the
 * candidates' documents come from and how the saved searches are matched against them (embedded: the two small
 * indexes above, embedded-source.ts; Elasticsearch: the percolator, elasticsearch-source.ts).
 */
import { describeCompanyChanges } from "../company-changes";
import { describeWorksiteChanges } from "../worksite-changes";
import type { ListFileMap } from "../../backend";
import { parseSavedSearch, type ValidSearch } from "../../search-model";
import type { ChangeSet } from "../change-set";
import type { SqlStore } from "../stores";
import { worksitePlacesOf, type CandidateSources } from "./candidates";
import { listFileIdsOf, listFilesFor, readSearchListFiles, type ListFiles } from "./list-files";

export interface SavedSearchRow {
  id: string;
  user_id: string;
  serialized_search: string;
  hit_count: number;
  checked_version: number;
}

export interface MonitoringStageResult {
  savedSearches: number;
  /**
   * Saved searches left out: checked at another version, no longer parsing (parseSavedSearch: their form, or a code
   * the reference data dropped), or naming a list file that is gone.
   */
  skipped: number;
  watchedChanged: number;
  users: number;
  items: number;
}

export interface StageItem {
  userId: string;
  kind: "SEARCH_NEW" | "SEARCH_REMOVED" | "COMPANY_CHANGED";
  subjectId: string;
  orgSeqNo: number;
  companyName: string;
  /** The company's organisation number as this reindex saw it (the webhooks' payload); empty where unknown. */
  orgNo?: string;
  changes: string[];
}

const tabless = (text: string) => text.replace(/[\t\n\r]/g, " ");

/** Whether the app database has Bevakning's tables (a state indexed by the CLI alone may lack them). */
export async function hasMonitoringTables(loader: SqlStore): Promise<boolean> {
  const sql = "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('saved_searches', 'monitoring_run_items')";
  const [rows] = await loader.sql<{ n: number }>([{ sql, params: [] }], "DB");
  return rows?.[0]?.n === 2;
}

export async function readSubscriptions(loader: SqlStore, touched: number[]) {
  const [searches, watched] = await loader.sql<Record<string, unknown>>(
    [
      { sql: "SELECT id, user_id, serialized_search, hit_count, checked_version FROM saved_searches", params: [] },
      {
        sql: "SELECT user_id, org_seq_no FROM watched_companies WHERE org_seq_no IN (SELECT value FROM json_each(?))",
        params: [JSON.stringify(touched)],
      },
    ],
    "DB",
  );
  return {
    searches: (searches ?? []) as unknown as SavedSearchRow[],
    watched: (watched ?? []) as unknown as { user_id: string; org_seq_no: number }[],
  };
}

export function watchedItems(
  watched: { user_id: string; org_seq_no: number }[],
  before: CandidateSources,
  after: CandidateSources,
): StageItem[] {
  const items: StageItem[] = [];
  const [placesBefore, placesAfter] = [worksitePlacesOf(before), worksitePlacesOf(after)];
  for (const { user_id: userId, org_seq_no: orgSeqNo } of watched) {
    const old = before.companies.get(orgSeqNo);
    if (!old) continue;
    const now = after.companies.get(orgSeqNo) ?? null;
    const worksites = now ? describeWorksiteChanges(placesBefore.get(orgSeqNo) ?? [], placesAfter.get(orgSeqNo) ?? []) : [];
    const changes = [...describeCompanyChanges(old, now), ...worksites];
    if (changes.length === 0) continue;
    const { name: companyName, orgNo } = now ?? old;
    items.push({ userId, kind: "COMPANY_CHANGED", subjectId: "", orgSeqNo, companyName, orgNo, changes });
  }
  return items;
}

export interface SearchOutcome {
  items: StageItem[];
  hits: { id: string; userId: string; hitCount: number }[];
  skipped: number;
}

/**
 * A saved search's matches among the candidates: before (the old version's documents) and now (the new version's);
 * `listFiles` holds the files the search names (undefined when it names none).
 */
export type SearchMatcher = (
  search: ValidSearch,
  row: SavedSearchRow,
  listFiles: ListFileMap | undefined,
) => Promise<{ was: Set<number>; is: Set<number> }>;

/**
 * New and removed companies of every saved search that can be evaluated (parses, was checked at `from`, and every
 * list file it names is still its owner's: otherwise it is invalid, as at serving time), from the matches `matcher`
 * finds: the same rows whichever backend percolated the changed documents.
 */
export async function evaluateSearches(
  searches: SavedSearchRow[],
  from: number,
  name: (orgSeqNo: number) => string,
  matcher: SearchMatcher,
  options: { listFiles?: ListFiles; onProgress?: (done: number, total: number) => void } = {},
): Promise<SearchOutcome> {
  const outcome: SearchOutcome = { items: [], hits: [], skipped: 0 };
  for (const row of searches) {
    const search = parseSavedSearch(row.serialized_search);
    const named = search ? listFileIdsOf(search) : [];
    const listFiles = search && named.length > 0 ? listFilesFor(options.listFiles ?? new Map(), row.user_id, search) : undefined;
    if (!search || listFiles === null || row.checked_version !== from) {
      outcome.skipped++;
      continue;
    }
    const { was, is } = await matcher(search, row, listFiles);
    const entered = [...is].filter((id) => !was.has(id)).sort((a, b) => a - b);
    const left = [...was].filter((id) => !is.has(id)).sort((a, b) => a - b);
    const item = (kind: StageItem["kind"], orgSeqNo: number): StageItem => ({
      userId: row.user_id,
      kind,
      subjectId: row.id,
      orgSeqNo,
      companyName: name(orgSeqNo),
      changes: [],
    });
    outcome.items.push(...entered.map((id) => item("SEARCH_NEW", id)), ...left.map((id) => item("SEARCH_REMOVED", id)));
    outcome.hits.push({ id: row.id, userId: row.user_id, hitCount: Math.max(0, row.hit_count + entered.length - left.length) });
    if (outcome.hits.length % 100 === 0) options.onProgress?.(outcome.hits.length + outcome.skipped, searches.length);
  }
  return outcome;
}

/** The company name of an alert: the new version's, or the old one's for a removed company. */
export const companyNameIn = (before: CandidateSources, after: CandidateSources) => (id: number) =>
  (after.companies.get(id) ?? before.companies.get(id))?.name ?? String(id);

/** The items with their companies' organisation numbers (the new version's, or the old one's for a removed company). */
export const withOrgNos = (items: StageItem[], before: CandidateSources, after: CandidateSources): StageItem[] =>
  items.map((item) => ({ ...item, orgNo: (after.companies.get(item.orgSeqNo) ?? before.companies.get(item.orgSeqNo))?.orgNo ?? "" }));

/** Writes the staged rows of `from` → `to`; returns the affected users. */
export async function stageItems(loader: SqlStore, from: number, to: number, outcome: SearchOutcome, watched: StageItem[]) {
  const items = [...outcome.items, ...watched];
  // A run killed before its switch may have staged rows under the same version pair (the version number is reused).
  await loader.sql(
    ["monitoring_run_items", "monitoring_run_hits"].map((table) => ({
      sql: `DELETE FROM ${table} WHERE from_version = ? AND to_version = ?`,
      params: [from, to],
    })),
    "DB",
  );
  const lines = items.map((i) =>
    [
      from,
      to,
      i.userId,
      i.kind,
      i.subjectId,
      i.orgSeqNo,
      tabless(i.companyName),
      tabless(JSON.stringify(i.changes)),
      tabless(i.orgNo ?? ""),
    ].join("\t"),
  );
  const head =
    "INSERT OR IGNORE INTO monitoring_run_items (from_version, to_version, user_id, kind, subject_id, org_seq_no, company_name, changes, org_no)";
  for (let at = 0; at < lines.length; at += 5000) await loader.insertValues(head, 9, lines.slice(at, at + 5000).join("\n"), "DB");
  const hitHead = "INSERT OR IGNORE INTO monitoring_run_hits (from_version, to_version, saved_search_id, user_id, hit_count)";
  const hitLines = outcome.hits.map((h) => [from, to, h.id, h.userId, h.hitCount].join("\t"));
  for (let at = 0; at < hitLines.length; at += 5000) await loader.insertValues(hitHead, 5, hitLines.slice(at, at + 5000).join("\n"), "DB");
  return new Set([...items.map((i) => i.userId), ...outcome.hits.map((h) => h.userId)]);
}

export type StagedMonitoring = MonitoringStageResult & { userIds: string[] };

export const nothingStaged = (savedSearches = 0): StagedMonitoring => ({
  savedSearches,
  skipped: 0,
  watchedChanged: 0,
  users: 0,
  items: 0,
  userIds: [],
});

/** Writes the staged rows and sums them up. */
export async function stageOutcome(
  store: SqlStore,
  from: number,
  to: number,
  savedSearches: number,
  outcome: SearchOutcome,
  changed: StageItem[],
): Promise<StagedMonitoring> {
  const users = await stageItems(store, from, to, outcome, changed);
  return {
    savedSearches,
    skipped: outcome.skipped,
    watchedChanged: changed.length,
    users: users.size,
    items: outcome.items.length + changed.length,
    userIds: [...users],
  };
}

/** What a search backend gives Bevakning's staging. */
export interface MonitoringSource {
  /** The source records of `ids` in `version`, with the worksites of `watchedIds` among them (their change lines). */
  candidates(version: number, ids: number[], watchedIds: number[]): Promise<CandidateSources>;
  /** Matches the saved searches against the old candidates (`before`) and the new ones (`after`). */
  matcher(searches: SavedSearchRow[], before: CandidateSources, after: CandidateSources): Promise<SearchMatcher>;
}

/**
 * Stages the alerts of `from` → `to` with the change set between them; the affected users' ids are returned for
 * markRunStaged. Without saved searches only the watched ids' documents are read, with their worksites.
 */
export async function stageMonitoring(
  store: SqlStore,
  source: MonitoringSource,
  versions: { from: number; to: number },
  changes: ChangeSet,
): Promise<StagedMonitoring> {
  const { from, to } = versions;
  const touched = [...changes.changed, ...changes.removed];
  if (!(await hasMonitoringTables(store))) return nothingStaged();
  const { searches, watched } = await readSubscriptions(store, touched);
  if (searches.length === 0 && watched.length === 0) return nothingStaged(searches.length);
  const watchedIds = [...new Set(watched.map((w) => w.org_seq_no))];
  const withSearches = searches.length > 0;
  const before = await source.candidates(from, withSearches ? touched : watchedIds, watchedIds);
  const after = await source.candidates(to, withSearches ? [...changes.added, ...changes.changed] : watchedIds, watchedIds);
  let outcome: SearchOutcome = { items: [], hits: [], skipped: 0 };
  if (withSearches) {
    const listFiles = await readSearchListFiles(store, searches);
    const matcher = await source.matcher(searches, before, after);
    outcome = await evaluateSearches(searches, from, companyNameIn(before, after), matcher, { listFiles });
    outcome = { ...outcome, items: withOrgNos(outcome.items, before, after) };
  }
  return stageOutcome(store, from, to, searches.length, outcome, watchedItems(watched, before, after));
}

/** After the switch: the run becomes visible to the API, which enqueues one alert job per affected user. */
export async function markRunStaged(loader: SqlStore, from: number, to: number, users: number, changes: ChangeSet): Promise<void> {
  await loader.sql(
    [
      {
        sql: `INSERT OR IGNORE INTO monitoring_runs (from_version, to_version, state, users, added, removed, changed, created_at)
              VALUES (?, ?, 'STAGED', ?, ?, ?, ?, ?)`,
        params: [from, to, users, changes.added.length, changes.removed.length, changes.changed.length, Date.now()],
      },
    ],
    "DB",
  );
}
