/**
 * GET /sapi/refdata/sni-aggregation (spec §1 start page, §3): the company count of every top-level SNI group
 * (section A–U) in all of Sweden, read from the `sni_all` counts of the default company search. Computed once per
 * index version and isolate; the ETag changes when the counts do.
 */
import { onOneVersion, type SearchBackend, sniTree, validateSearch } from "#search-index";
import { SniAggregationSchema } from "#shared/api-contracts/search-api";
import { emptySearch } from "#shared/search/empty-search";
import { toCacheableJson, type CacheableJson } from "../http/cacheable-json";

const byVersion = new Map<string, Promise<CacheableJson>>();

async function computeSniAggregation(backend: SearchBackend): Promise<CacheableJson> {
  const results = await backend.search(validateSearch(emptySearch("COMPANY")));
  const counts = results.aggregations.sni_all ?? {};
  const value = sniTree.map((node) => ({ code: node.code, text: node.text, count: counts[node.code] ?? 0 }));
  return toCacheableJson(SniAggregationSchema.parse(value));
}

export function sniAggregation(backend: SearchBackend): Promise<CacheableJson> {
  return onOneVersion(() => sniAggregationAt(backend));
}

async function sniAggregationAt(backend: SearchBackend): Promise<CacheableJson> {
  const info = await backend.info();
  const key = `${info.backend}:${info.version}`;
  let cached = byVersion.get(key);
  if (!cached) {
    cached = computeSniAggregation(backend);
    cached.catch(() => byVersion.delete(key));
    byVersion.clear();
    byVersion.set(key, cached);
  }
  return cached;
}
