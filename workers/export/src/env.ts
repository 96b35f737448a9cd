/** Bindings and vars of the export worker (see workers/export/wrangler.toml). */
export interface ExportEnv {
  DB: D1Database;
  SEARCH_DB: D1Database;
  EXPORTS: R2Bucket;
  /** Embedded search index snapshots (search-index/). */
  SEARCH_INDEX: R2Bucket;
  APP_ENV: string;
  SEARCH_BACKEND: string;
  /** First retry delay of a failed export job in seconds (doubling per attempt, at most 300). */
  EXPORT_RETRY_BASE_SECONDS?: string;
  ELASTICSEARCH_URL?: string;
  ELASTICSEARCH_API_KEY?: string;
}
