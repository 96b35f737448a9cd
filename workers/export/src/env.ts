/** Bindings and vars of the export worker (see workers/export/wrangler.toml). */
export interface ExportEnv {
  DB: D1Database;
  SEARCH_DB: D1Database;
  EXPORTS: R2Bucket;
  APP_ENV: string;
  SEARCH_BACKEND: string;
}
