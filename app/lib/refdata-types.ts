/**
 * The reference data as the browser holds it (maps for the counts). Types only: the answers are read as the API
 * checked them against their contracts (decision 0063, session 28), so the pages that load them fetch no zod.
 */
import type { RefEntry, RefNode } from "#shared/api-contracts/search-api";
import type { EntriesKey } from "./refdata-entries";

/** Counts per code ({ code: count }, as in a search answer's aggregations), read as a map. */
export type CodeCounts = Map<string, number>;

export type Refdata = {
  sniTree: RefNode[];
  locationTree: RefNode[];
  sniKeywords: Record<string, string[]>;
  sniAggregation: CodeCounts;
} & Record<EntriesKey, RefEntry[]>;
