/**
 * Bevakning's reindex step run on each backend for the conformance tests (docs/decisions/0024): an app database with
 * the same users, saved searches, list files and watched companies, version 1 indexed, then version 2, and the alert
 * rows staged for 1 → 2 read back. The embedded backend runs on real local D1 and R2 (reindexEmbedded), the
 * Elasticsearch backend on the real cluster of the test run (reindexElasticsearchWithMonitoring).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Client } from "@elastic/elasticsearch";
import { unstable_splitSqlQuery } from "wrangler";
import { LocalLoader, type SqlStore } from "#scripts/reindex/local-loader";
import { reindexElasticsearchWithMonitoring, type EnqueueRun } from "#scripts/reindex/reindex-elasticsearch";
import { reindexEmbedded } from "#scripts/reindex/reindex-embedded";
import type { EsNames } from "#search-index/elasticsearch/es-fields";
import type { EsReindexSource } from "#search-index/indexing/elasticsearch/es-reindex";
import { encodeKeys } from "#shared/list-files/number-codec";
import { orgNoKey } from "#shared/list-files/org-number";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { applySearchMigrations } from "./embedded-fixture";

export const APP_MIGRATIONS = path.resolve(import.meta.dirname, "../../../workers/api/migrations");

/** Who follows what: users, their saved searches (checked at version 1 unless `checked`), list files and watched companies. */
export interface Subscriptions {
  users: string[];
  saved: { id: string; user: string; search: SearchInput; checked?: number }[];
  listFiles: { id: number; user: string; orgNos: string[] }[];
  watched: [user: string, orgSeqNo: number][];
}

export async function applyAppMigrations(loader: SqlStore) {
  for (const file of readdirSync(APP_MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(path.join(APP_MIGRATIONS, file), "utf8"));
    await loader.sql(
      statements.map((sql) => ({ sql, params: [] })),
      "DB",
    );
  }
}

function listFileRows(file: Subscriptions["listFiles"][number]) {
  const keys = Float64Array.from(file.orgNos.map(orgNoKey)).sort();
  const chunks = encodeKeys(keys).map((chunk, i) => ({
    sql: `INSERT INTO list_file_numbers (file_id, chunk, key_count, keys) VALUES (?, ?, ?, X'${Buffer.from(chunk.bytes).toString("hex")}')`,
    params: [file.id, i, chunk.keyCount],
  }));
  const row = {
    sql: `INSERT INTO list_files (id, user_id, seq_no, name, size_bytes, format, rows_read, valid_count, invalid_count,
            duplicate_count, found_count, worksite_count, created_at) VALUES (?, ?, 0, 'lista.txt', 100, 'text', ?, ?, 0, 0, ?, 0, 0)`,
    params: [file.id, file.user, keys.length, keys.length, keys.length],
  };
  return [row, ...chunks];
}

export async function seedAppDatabase(loader: SqlStore, subscriptions: Subscriptions) {
  const users = subscriptions.users.map((id) => ({
    sql: `INSERT INTO users (id, username, email, first_name, last_name, subscription_expires_at) VALUES (?, ?, ?, 'Test', 'Testsson', '2099-01-01')`,
    params: [id, id, `${id}@example.se`],
  }));
  const searches = subscriptions.saved.map((s) => ({
    sql: `INSERT INTO saved_searches (id, user_id, name, serialized_search, hit_count, checked_version, checked_at, created_at)
          VALUES (?, ?, ?, ?, 10, ?, 0, 0)`,
    params: [s.id, s.user, s.id, serializeSearch(SearchSchema.parse(s.search)), s.checked ?? 1],
  }));
  const watched = subscriptions.watched.map(([user, id]) => ({
    sql: "INSERT INTO watched_companies (user_id, org_seq_no, org_no, name, created_at) VALUES (?, ?, '', '', 0)",
    params: [user, id],
  }));
  await loader.sql([...users, ...searches, ...watched, ...subscriptions.listFiles.flatMap(listFileRows)], "DB");
}

/** The rows Bevakning staged for version 1 → 2, in a stable order. */
export async function stagedRows(loader: SqlStore) {
  const [items, hits, runs] = await loader.sql(
    [
      {
        sql: `SELECT user_id, kind, subject_id, org_seq_no, company_name, changes FROM monitoring_run_items
              WHERE from_version = 1 AND to_version = 2 ORDER BY user_id, kind, subject_id, org_seq_no`,
        params: [],
      },
      {
        sql: "SELECT saved_search_id, user_id, hit_count FROM monitoring_run_hits WHERE from_version = 1 AND to_version = 2 ORDER BY saved_search_id",
        params: [],
      },
      { sql: "SELECT from_version, to_version, state, users, added, removed, changed FROM monitoring_runs", params: [] },
    ],
    "DB",
  );
  return { items, hits, runs };
}

export type StagedRows = Awaited<ReturnType<typeof stagedRows>>;

/** The embedded reindex of `versions` (source dataset directories) in a fresh local state at `stateDir`. */
export async function runEmbedded(stateDir: string, versions: [string, string], subscriptions: Subscriptions): Promise<StagedRows> {
  const loader = await LocalLoader.open(stateDir);
  try {
    await applySearchMigrations(loader);
    await applyAppMigrations(loader);
    await reindexEmbedded({ sourceDir: versions[0], persistDir: stateDir });
    await seedAppDatabase(loader, subscriptions);
    await reindexEmbedded({ sourceDir: versions[1], persistDir: stateDir });
    return await stagedRows(loader);
  } finally {
    await loader.dispose();
  }
}

/**
 * Both Elasticsearch reindexes with `store` as the app database (seeded between them); the second one's result and
 * staged rows. `client` may talk through a fault proxy.
 */
export async function runElasticsearch(
  client: Client,
  names: EsNames,
  store: SqlStore,
  versions: [EsReindexSource, EsReindexSource],
  subscriptions: Subscriptions,
  enqueue?: EnqueueRun,
) {
  const options = { names, store, ...(enqueue ? { enqueue } : {}) };
  await reindexElasticsearchWithMonitoring(client, versions[0], options);
  await seedAppDatabase(store, subscriptions);
  const result = await reindexElasticsearchWithMonitoring(client, versions[1], options);
  return { result, staged: await stagedRows(store) };
}

/** An app database of its own (a fresh local state's DB) for an Elasticsearch run. */
export async function appDatabase(stateDir: string): Promise<LocalLoader> {
  const loader = await LocalLoader.open(stateDir);
  await applyAppMigrations(loader);
  return loader;
}
