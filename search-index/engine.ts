/**
 * search-index, the engines: the record and document model and both backends' engines (the embedded index, the
 * Elasticsearch / OpenSearch client, mappings and names), for the tools and tests that build or inspect an index
 * outside a worker. Workers import the read path (`#search-index`); a reindex's own steps are `#search-index/indexing`.
 */

export * from "./records";
export * from "./documents";
export * from "./document-codec";
export * from "./search-model";
export * from "./free-text";
export { autoEdits, editDistance, fuzzyWordRange } from "./fuzzy";
export { recordWords } from "./embedded/word-index";
export * from "./refdata/locations";
export * from "./embedded/d1-documents";
export * from "./embedded/embedded-backend";
export * from "./embedded/index-types";
export * from "./embedded/index-versions";
export * from "./embedded/snapshot";
export * from "./elasticsearch/es-backend";
export * from "./elasticsearch/es-client";
export * from "./elasticsearch/es-dialect";
export * from "./elasticsearch/es-fields";
export * from "./elasticsearch/es-mappings";
export { facetFilters, hardFilters } from "./elasticsearch/es-filters";
export { planEsSearch, sortClauses } from "./elasticsearch/es-query";
export { startPageSearches, warmVersion, type WarmReport } from "./elasticsearch/es-warm";
