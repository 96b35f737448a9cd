/**
 * search-index, the read path: everything a worker needs to answer a search, and nothing a reindex alone needs
 * (that is the indexing path, `#search-index/indexing`). Outside search-index, import only from here, from the engines
 * (`#search-index/engine`) or from the indexing path.
 */
export { getSavedSearchIndex, getSearchBackend, type SavedSearchIndex, type SearchEnv } from "./backend-for-env";
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
export { parseSavedSearch, parseSearch, validateSearch, visiblePage, type ValidSearch, type VisiblePage } from "./search-model";
export { IndexVersionMovedError, onOneVersion } from "./live-version";
export { indexWords, parseTextQuery, type ScoredCode, type TextQuery, type TextWord } from "./free-text";
export { forgivingOffer, forgivingTextQuery, type ForgivingOffer, indexWordMatches } from "./forgiving";
export type { SavedSearchEntry } from "./elasticsearch/es-saved-searches";
export * from "./refdata";
