/**
 * The backend a worker's environment names. Workers call getSearchBackend(env) per request; the backend itself lives
 * once per isolate: Elasticsearch when ELASTICSEARCH_URL is set, otherwise the embedded index (snapshot from R2).
 * getSavedSearchIndex(env) is Bevakning's percolator index on the same client (Elasticsearch only).
 */
import type { Client } from "@elastic/elasticsearch";
import type { SearchBackend } from "./backend";
import { getEmbeddedBackend, type EmbeddedEnv } from "./embedded/load-embedded";
import { createEsClient, ElasticsearchBackend, type LiveIndices } from "./elasticsearch/es-backend";
import { esNames, type EsNames } from "./elasticsearch/es-fields";
import { putSavedSearch, removeSavedSearch, type SavedSearchEntry } from "./elasticsearch/es-saved-searches";
import { pinnedBackend } from "./live-version";

export interface SearchEnv extends EmbeddedEnv {
  ELASTICSEARCH_URL?: string;
  /** "elasticsearch" or "opensearch": required with ELASTICSEARCH_URL (elasticsearch/es-dialect.ts). */
  ELASTICSEARCH_DIALECT?: string;
  ELASTICSEARCH_API_KEY?: string;
  ELASTICSEARCH_INDEX_PREFIX?: string;
}

let elasticsearch: { key: string; client: Client; names: EsNames; backend: ElasticsearchBackend } | null = null;

/** How long an isolate trusts its reading of the aliases, as the embedded backend its reading of the version pointer. */
const ES_RECHECK_MS = 30_000;
let esLive: { key: string; at: number; live: Promise<LiveIndices> } | null = null;

function liveIndicesOf(es: NonNullable<typeof elasticsearch>, recheck: boolean): Promise<LiveIndices> {
  if (esLive && esLive.key === es.key && !recheck && Date.now() - esLive.at < ES_RECHECK_MS) return esLive.live;
  const entry = { key: es.key, at: Date.now(), live: es.backend.resolveLive() };
  entry.live.catch(() => {
    if (esLive === entry) esLive = null;
  });
  esLive = entry;
  return entry.live;
}

function elasticsearchOf(env: SearchEnv & { ELASTICSEARCH_URL: string }) {
  const key = [env.ELASTICSEARCH_URL, env.ELASTICSEARCH_DIALECT, env.ELASTICSEARCH_API_KEY, env.ELASTICSEARCH_INDEX_PREFIX].join(" ");
  if (elasticsearch?.key !== key) {
    const client = createEsClient({
      ELASTICSEARCH_URL: env.ELASTICSEARCH_URL,
      ELASTICSEARCH_DIALECT: env.ELASTICSEARCH_DIALECT,
      ELASTICSEARCH_API_KEY: env.ELASTICSEARCH_API_KEY,
    });
    const names = esNames(env.ELASTICSEARCH_INDEX_PREFIX);
    elasticsearch = { key, client, names, backend: new ElasticsearchBackend(client, names) };
  }
  return elasticsearch;
}

export async function getSearchBackend(env: SearchEnv): Promise<SearchBackend> {
  if (!env.ELASTICSEARCH_URL) return getEmbeddedBackend(env);
  const es = elasticsearchOf({ ...env, ELASTICSEARCH_URL: env.ELASTICSEARCH_URL });
  return pinnedBackend(async (recheck) => {
    const live = await liveIndicesOf(es, recheck);
    return { version: live.version, backend: es.backend.pinnedTo(live) };
  });
}

/** Bevakning's stored queries of the saved searches (docs/decisions/0024), kept in step by the API. */
export interface SavedSearchIndex {
  put(entry: SavedSearchEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The percolator index on Elasticsearch; null on the embedded backend (its reindex reads the saved searches from D1). */
export function getSavedSearchIndex(env: SearchEnv): SavedSearchIndex | null {
  if (!env.ELASTICSEARCH_URL) return null;
  const { client, names } = elasticsearchOf({ ...env, ELASTICSEARCH_URL: env.ELASTICSEARCH_URL });
  return {
    put: (entry) => putSavedSearch(client, names, entry),
    remove: (id) => removeSavedSearch(client, names, id),
  };
}
