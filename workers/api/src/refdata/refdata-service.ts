/**
 * The answers of GET /sapi/refdata/* (spec §3 "Reference data", §7). The six static parts come from search-index's
 * reference data and are serialised, checked against their contract and hashed once per isolate; the SNI aggregation
 * depends on the search index and is computed by the caller (sni-aggregation-service.ts).
 */
import type { z } from "zod";
import { RefEntriesSchema, RefTreeSchema, SniKeywordsSchema, type RefdataName } from "#shared/api-contracts/search-api";
import { CODE_SETS, FLAT_CODE_SETS, type CodeSetRefdataName } from "#shared/search/search-fields";
import { CODE_SET_ENTRIES, locationTree, sniDetailGroupToKeywords, sniTree } from "#search-index";
import { toCacheableJson, type CacheableJson } from "../http/cacheable-json";

export type StaticRefdataName = Exclude<RefdataName, "sni-aggregation">;

interface Part {
  value: () => unknown;
  schema: z.ZodType;
}

const STATIC_PARTS: Record<StaticRefdataName, Part> = {
  "sni-tree": { value: () => sniTree, schema: RefTreeSchema },
  "location-tree": { value: () => locationTree, schema: RefTreeSchema },
  // Each flat code set's entries under its declared name (search-fields.ts CODE_SETS `refdata`).
  ...(Object.fromEntries(
    FLAT_CODE_SETS.map((name): [string, Part] => [
      CODE_SETS[name].refdata,
      { value: () => CODE_SET_ENTRIES[name], schema: RefEntriesSchema },
    ]),
  ) as Record<CodeSetRefdataName, Part>),
  "sni-keywords": { value: () => sniDetailGroupToKeywords, schema: SniKeywordsSchema },
};

export const STATIC_REFDATA_NAMES = Object.keys(STATIC_PARTS) as StaticRefdataName[];

const cache = new Map<StaticRefdataName, Promise<CacheableJson>>();

/** The serialised, contract-checked answer of one static reference-data part (built once per isolate). */
export function staticRefdata(name: StaticRefdataName): Promise<CacheableJson> {
  let cached = cache.get(name);
  if (!cached) {
    const part = STATIC_PARTS[name];
    cached = toCacheableJson(part.schema.parse(part.value()));
    cache.set(name, cached);
  }
  return cached;
}
