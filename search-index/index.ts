/**
 * search-index: the search engine boundary. Workers call getSearchBackend(env) per request; the backend itself lives
 * once per isolate: Elasticsearch when ELASTICSEARCH_URL is set, otherwise the embedded index (snapshot from R2).
 */
import type { SearchBackend } from "./backend";
import { getEmbeddedBackend, type EmbeddedEnv } from "./embedded/load-embedded";
import { createEsClient, ElasticsearchBackend } from "./elasticsearch/es-backend";
import { esNames } from "./elasticsearch/es-fields";

export type {
  BackendInfo,
  CompanyExportRecord,
  ExportChunk,
  ExportOptions,
  ListFileMap,
  OrgNumberResolution,
  SearchBackend,
  SearchOptions,
} from "./backend";
export { assertValidSearch, parseSearch } from "./search-model";

export interface SearchEnv extends EmbeddedEnv {
  ELASTICSEARCH_URL?: string;
  ELASTICSEARCH_API_KEY?: string;
  ELASTICSEARCH_INDEX_PREFIX?: string;
}

let elasticsearch: { key: string; backend: ElasticsearchBackend } | null = null;

export async function getSearchBackend(env: SearchEnv): Promise<SearchBackend> {
  if (!env.ELASTICSEARCH_URL) return getEmbeddedBackend(env);
  const key = `${env.ELASTICSEARCH_URL} ${env.ELASTICSEARCH_API_KEY ?? ""} ${env.ELASTICSEARCH_INDEX_PREFIX ?? ""}`;
  if (elasticsearch?.key !== key) {
    const client = createEsClient({ ELASTICSEARCH_URL: env.ELASTICSEARCH_URL, ELASTICSEARCH_API_KEY: env.ELASTICSEARCH_API_KEY });
    elasticsearch = { key, backend: new ElasticsearchBackend(client, esNames(env.ELASTICSEARCH_INDEX_PREFIX)) };
  }
  return elasticsearch.backend;
}
