/**
 * search-index, the indexing path: everything a reindex needs, for both backends (source lines → documents and column
 * facts → an embedded index and its snapshot, or Elasticsearch indices behind aliases; change sets; Bevakning's
 * staging). Scripts and tests reach it as `#search-index/indexing`; the workers never do. It re-exports only what lives
 * under indexing/: the record and document model and the engines it builds for are `#search-index/engine`. It may use
 * the read path (`search-index/*` outside indexing/); the read path never imports it.
 */

// The reindex steps, whichever the backend.
export * from "./source-line";
export * from "./parse-chunk";
export * from "./stores";
export * from "./document-hash";
export * from "./change-set";
export * from "./version-changes";
export * from "./company-changes";
export * from "./reindex-report";

// The embedded backend: column facts → index build → snapshot in R2, documents in D1.
export * from "./embedded/build-context";
export * from "./embedded/column-facts";
export * from "./embedded/fact-batch";
export * from "./embedded/index-build";

// The Elasticsearch / OpenSearch backend: client, mappings, reindex behind aliases.
export * from "./elasticsearch/es-reindex";
export * from "./elasticsearch/es-batched-search";
export * from "./elasticsearch/es-company-reads";

// Bevakning: the alerts of a reindex, staged once behind MonitoringSource.
export * from "./monitoring/candidates";
export * from "./monitoring/stage";
export * from "./monitoring/embedded-source";
export * from "./monitoring/elasticsearch-source";
