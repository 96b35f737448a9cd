/**
 * The zod contracts of the seven /sapi/refdata answers as the browser reads them (maps for the counts). Apart from
 * refdata.ts so the page's first load does not carry zod: it is fetched with the first reference-data call
 * (decision 0063).
 */
import { z } from "zod";
import { RefEntriesSchema, RefTreeSchema, SniAggregationSchema, SniKeywordsSchema } from "#shared/api-contracts/search-api";
import { FLAT_CODE_SETS } from "#shared/search/search-fields";
import { entriesKey, type EntriesKey } from "./refdata-entries";

/** Counts per code ({ code: count }, as in a search answer's aggregations), read as a map. */
export const CodeCountsSchema = z.record(z.string(), z.number()).transform((value) => new Map(Object.entries(value)));
export type CodeCounts = z.output<typeof CodeCountsSchema>;

const SniCountsSchema = SniAggregationSchema.transform((list): CodeCounts => new Map(list.map((entry) => [entry.code, entry.count])));

export const REFDATA_SCHEMAS = {
  sniTree: RefTreeSchema,
  locationTree: RefTreeSchema,
  ...(Object.fromEntries(FLAT_CODE_SETS.map((name) => [entriesKey(name), RefEntriesSchema])) as Record<
    EntriesKey,
    typeof RefEntriesSchema
  >),
  sniKeywords: SniKeywordsSchema,
  sniAggregation: SniCountsSchema,
} as const;

export type Refdata = { [K in keyof typeof REFDATA_SCHEMAS]: z.output<(typeof REFDATA_SCHEMAS)[K]> };
