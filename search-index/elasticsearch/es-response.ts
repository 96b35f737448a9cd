/** Elasticsearch search responses → SearchResults: hits, exact total, facet buckets keyed like the embedded backend. */
import type { Aggregations, SearchResults } from "#shared/search/result-schemas";
import { BOOL_FILTERS } from "#shared/search/search-fields";
import type { ValidSearch } from "../search-model";
import { FACET_GROUP_PREFIX } from "./es-fields";

interface Bucket {
  key: string | number;
  key_as_string?: string;
  doc_count: number;
}

interface TermsAgg {
  buckets?: Bucket[];
}

export interface EsSearchResponse {
  hits: {
    total?: { value: number; relation?: string } | number;
    hits: { _id: string; _source?: { record?: unknown }; sort?: unknown[] }[];
  };
  aggregations?: Record<string, TermsAgg | Record<string, TermsAgg | number>>;
}

function bucketsToCounts(name: string, agg: TermsAgg | undefined): Record<string, number> {
  const isBool = name in BOOL_FILTERS;
  const out: Record<string, number> = isBool ? { true: 0, false: 0 } : {};
  for (const bucket of agg?.buckets ?? []) {
    if (bucket.doc_count === 0) continue;
    const key = isBool ? (bucket.key_as_string ?? String(bucket.key === 1 || bucket.key === "true")) : String(bucket.key);
    out[key] = bucket.doc_count;
  }
  return out;
}

export function totalOf(response: EsSearchResponse): number {
  const total = response.hits.total;
  if (typeof total === "number") return total;
  if (!total || total.relation === "gte") throw new Error("Elasticsearch did not return an exact hit count");
  return total.value;
}

const isTermsAgg = (value: unknown): value is TermsAgg => typeof value === "object" && value !== null && "buckets" in value;

export function parseAggregations(response: EsSearchResponse): Aggregations {
  const out: Aggregations = {};
  const aggs = response.aggregations ?? {};
  const all = (aggs.all ?? {}) as Record<string, TermsAgg>;
  for (const [name, agg] of Object.entries(aggs)) {
    if (name === "all") continue;
    if (!name.startsWith(FACET_GROUP_PREFIX)) {
      out[name] = bucketsToCounts(name, agg as TermsAgg);
      continue;
    }
    // A shared filter group (es-query.ts facetAggregations): its terms aggregations, beside its doc_count.
    for (const [facet, terms] of Object.entries(agg)) if (isTermsAgg(terms)) out[facet] = bucketsToCounts(facet, terms);
  }
  for (const [name, agg] of Object.entries(all)) {
    if (isTermsAgg(agg)) out[`${name}_all`] = bucketsToCounts(name, agg);
  }
  return out;
}

export function parseSearchResponse(search: ValidSearch, response: EsSearchResponse, nameForOrgSeqNo: string | null): SearchResults {
  return {
    type: search.resultType,
    hitCount: totalOf(response),
    records: response.hits.hits.map((hit) => hit._source?.record) as SearchResults["records"],
    aggregations: parseAggregations(response),
    nameForOrgSeqNo,
  };
}
