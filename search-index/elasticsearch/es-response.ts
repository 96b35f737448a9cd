/** Elasticsearch search responses → the parts of SearchResults: hits, exact total, facet buckets keyed like the embedded backend. */
import type { Aggregations, SearchResults } from "#shared/search/result-schemas";
import { BOOL_FILTERS } from "#shared/search/search-fields";
import { FACET_KEYS_FIELD } from "./es-fields";
import { HISTOGRAM_AGG, HISTOGRAM_MISSING_AGG } from "./es-histograms";

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
  aggregations?: Record<string, TermsAgg>;
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

/**
 * Counts by facet from one response's aggregations: sni and location as terms aggregations of their own, the small
 * facets split out of the FACET_KEYS_FIELD aggregation by their `<facet>:` prefix.
 */
export function parseAggregations(aggs: EsSearchResponse["aggregations"] = {}, suffix = ""): Aggregations {
  const out: Aggregations = {};
  for (const [name, agg] of Object.entries(aggs)) {
    if (name === HISTOGRAM_AGG || name === HISTOGRAM_MISSING_AGG) continue;
    if (name !== FACET_KEYS_FIELD) {
      out[`${name}${suffix}`] = bucketsToCounts(name, agg as TermsAgg);
      continue;
    }
    for (const bucket of (agg as TermsAgg).buckets ?? []) {
      if (bucket.doc_count === 0) continue;
      const key = String(bucket.key);
      const colon = key.indexOf(":");
      const facet = `${key.slice(0, colon)}${suffix}`;
      (out[facet] ??= {})[key.slice(colon + 1)] = bucket.doc_count;
    }
  }
  return out;
}

/** Every facet of `facets` present, a boolean one with both its values (the embedded backend's shape). */
export function completeCounts(aggregations: Aggregations, facets: readonly string[], suffix = ""): void {
  for (const facet of facets) {
    const counts = (aggregations[`${facet}${suffix}`] ??= {});
    if (facet in BOOL_FILTERS) {
      counts.true ??= 0;
      counts.false ??= 0;
    }
  }
}

/**
 * A histogram's bin counts, in edge order, from the response that counted them (HISTOGRAM_AGG, a `range`
 * aggregation), and after them the records without a value (HISTOGRAM_MISSING_AGG): the bins and one more.
 */
export function binsOf(response: EsSearchResponse | undefined): number[] {
  const agg = response?.aggregations?.[HISTOGRAM_AGG];
  const missing = response?.aggregations?.[HISTOGRAM_MISSING_AGG] as { doc_count?: number } | undefined;
  if (!agg?.buckets || missing?.doc_count === undefined) throw new Error("Elasticsearch did not return the histogram's bins");
  return [...agg.buckets.map((bucket) => bucket.doc_count), missing.doc_count];
}

export const hitsOf = (response: EsSearchResponse) => response.hits.hits.map((hit) => hit._source?.record) as SearchResults["records"];
