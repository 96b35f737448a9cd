/**
 * search-index: the search engine boundary. Workers call getSearchBackend(env) once per request; the backend is
 * created once per isolate (embedded: snapshot loaded from R2; Elasticsearch: when ELASTICSEARCH_URL is set).
 */
import type { SearchBackend } from "./backend";
import { getEmbeddedBackend, type EmbeddedEnv } from "./embedded/load-embedded";

export type { BackendInfo, ExportChunk, ExportOptions, ListFileMap, OrgNumberResolution, SearchBackend, SearchOptions } from "./backend";
export { assertValidSearch, parseSearch } from "./search-model";

export interface SearchEnv extends EmbeddedEnv {
  ELASTICSEARCH_URL?: string;
  ELASTICSEARCH_API_KEY?: string;
}

export async function getSearchBackend(env: SearchEnv): Promise<SearchBackend> {
  return getEmbeddedBackend(env);
}
