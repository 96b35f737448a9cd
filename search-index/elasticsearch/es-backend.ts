/**
 * The Elasticsearch SearchBackend: the official client (FetchConnection in Workers) over the companies/worksites
 * aliases, or, per request, over the concrete indices the aliases named when it began (`pinnedTo`, see
 * ../live-version.ts): one version per answer, and the version, counts and index names resolved once per 30 s per
 * isolate instead of three requests per search. Each call waits and retries by what it is for (./es-client.ts): a
 * user's search a few seconds, an export job's reads longer; when the engine still fails, SEARCH_UNAVAILABLE (503).
 */
import { type Client, errors, type estypes } from "@elastic/elasticsearch";
import { AppError } from "#shared/errors";
import { describeError, log } from "#shared/log";
import type { CompanyDetail, CompanyRecord, Entity, SearchResults, WorksiteRecord } from "#shared/search/result-schemas";
import type { ResultType } from "#shared/search/search-fields";
import type { BackendInfo, ExportChunk, ExportOptions, OrgNumberResolution, SearchBackend, SearchOptions } from "../backend";
import { worksiteDetailOf } from "../documents";
import { assertListFilesGiven, type ValidSearch } from "../search-model";
import { IndexVersionGoneError, NOT_READY_MESSAGE } from "../live-version";
import { clientFor, ES_CALL_POLICIES, type EsCallUse, type RetryNotice, withRetries } from "./es-client";
import { closePointInTime, openPointInTime } from "./es-dialect";
import { esNames, type EsNames } from "./es-fields";
import { facetTerms } from "./es-aggregations";
import { buildEsExportQuery, buildEsSuggestQuery, planEsSearch } from "./es-query";
import { binsOf, completeCounts, type EsSearchResponse, hitsOf, parseAggregations, totalOf } from "./es-response";
import { histogramEdges } from "#shared/search/histogram";

export { createEsClient, type EsEnv } from "./es-client";

/** The engine stopped, slow, overloaded or failing: the spec's error body, 503 (the message is not exposed). */
const unavailable = (cause: unknown) => new AppError("SEARCH_UNAVAILABLE", 503, NOT_READY_MESSAGE, { cause });

type Body = Record<string, unknown>;

/** The concrete indices behind the aliases at one moment, with their version and document counts. */
export interface LiveIndices {
  version: number;
  indices: Record<ResultType, string>;
  companies: number;
  worksites: number;
}

/**
 * The whole-index counts of each facet (`<facet>_all`), by versioned index and facet fields. They never change for an
 * index version, yet a `global` aggregation recounts every document of the index on each search (at full Sweden most
 * of a filtered search's cost). Kept per isolate for searches pinned to a version (the aliases' target may move);
 * a handful of entries per version (result type × the SNI and place field chosen), the oldest dropped past the cap.
 */
const wholeIndexCounts = new Map<string, SearchResults["aggregations"]>();
const WHOLE_INDEX_COUNT_ENTRIES = 32;

function keepWholeIndexCounts(key: string, counts: SearchResults["aggregations"]) {
  wholeIndexCounts.set(key, counts);
  if (wholeIndexCounts.size > WHOLE_INDEX_COUNT_ENTRIES) wholeIndexCounts.delete(wholeIndexCounts.keys().next().value as string);
}

/** Every count of `whole` less that of `part`, those that come to 0 left out (as a search's buckets leave them out). */
function subtractCounts(whole: Record<string, number>, part: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, count] of Object.entries(whole)) {
    const left = count - (part[key] ?? 0);
    if (left > 0) out[key] = left;
  }
  return out;
}

/** Whole-index histogram bins by versioned index, field and edges: like the whole-index counts, fixed per version. */
const wholeIndexBins = new Map<string, number[]>();

function keepWholeIndexBins(key: string, bins: number[]) {
  wholeIndexBins.set(key, bins);
  if (wholeIndexBins.size > WHOLE_INDEX_COUNT_ENTRIES) wholeIndexBins.delete(wholeIndexBins.keys().next().value as string);
}

const versionOfIndex = (name: string) => Number(/_v(\d+)$/.exec(name)?.[1] ?? 0);

/** What the log says about an engine failure: the error, and the engine's status and reason when it answered. */
function engineFailure(error: unknown): Record<string, unknown> {
  const { error: name, errorMessage } = describeError(error);
  const meta = (error as { meta?: { statusCode?: number; body?: unknown } } | null)?.meta;
  const reason = (meta?.body as { error?: { type?: unknown; reason?: unknown } } | undefined)?.error;
  return {
    error: name,
    errorMessage,
    status: meta?.statusCode,
    reason: reason ? `${String(reason.type)}: ${String(reason.reason)}` : undefined,
  };
}

/** Elasticsearch's answer for an index that does not exist (any more). */
function isIndexNotFound(error: unknown): boolean {
  const meta = (error as { meta?: { statusCode?: number; body?: unknown } } | null)?.meta;
  return meta?.statusCode === 404 && JSON.stringify(meta.body ?? "").includes("index_not_found_exception");
}

export class ElasticsearchBackend implements SearchBackend {
  constructor(
    private readonly client: Client,
    private readonly names: EsNames = esNames(),
    private readonly live: LiveIndices | null = null,
    /** Searches may be answered by the shard request cache (false only for measuring the engine uncached). */
    private readonly requestCache = true,
  ) {}

  /** What the aliases name now: one _alias request and two counts. */
  async resolveLive(): Promise<LiveIndices> {
    const company = this.names.alias("COMPANY");
    const worksite = this.names.alias("WORKSITE");
    const owners = await this.call("resolve aliases", "interactive", (es) => es.indices.getAlias({ name: `${company},${worksite}` }));
    const ownerOf = (alias: string) =>
      Object.entries(owners)
        .filter(([, entry]) => alias in (entry.aliases ?? {}))
        .map(([name]) => name)
        .sort((a, b) => versionOfIndex(b) - versionOfIndex(a))[0];
    const indices = { COMPANY: ownerOf(company), WORKSITE: ownerOf(worksite) };
    if (!indices.COMPANY || !indices.WORKSITE) throw unavailable(new Error(`aliases ${company}/${worksite} name no index`));
    const resolved = { COMPANY: indices.COMPANY, WORKSITE: indices.WORKSITE };
    const [companies, worksites] = await this.call("count live indices", "interactive", (es) =>
      Promise.all([es.count({ index: resolved.COMPANY }), es.count({ index: resolved.WORKSITE })]),
    );
    return { version: versionOfIndex(resolved.COMPANY), indices: resolved, companies: companies.count, worksites: worksites.count };
  }

  /** This backend over the concrete indices of `live` (one request's pinned version). */
  pinnedTo(live: LiveIndices): ElasticsearchBackend {
    return new ElasticsearchBackend(this.client, this.names, live, this.requestCache);
  }

  /** This backend with the shard request cache on or off (bench:search measures the engine both ways). */
  withRequestCache(on: boolean): ElasticsearchBackend {
    return new ElasticsearchBackend(this.client, this.names, this.live, on);
  }

  private index(type: ResultType): string {
    return this.live?.indices[type] ?? this.names.alias(type);
  }

  /**
   * One call to the engine under the policy of `use` (./es-client.ts): tried again after a retryable failure, then
   * any failure but a dropped index version becomes SEARCH_UNAVAILABLE (503, the spec's error body, no details).
   */
  private async call<T>(what: string, use: EsCallUse, run: (client: Client) => Promise<T>): Promise<T> {
    const client = clientFor(this.client, use);
    const started = Date.now();
    const onRetry = ({ retry, waitMs, error }: RetryNotice) =>
      log("warn", "elasticsearch request will be retried", { what, use, retry, waitMs, ...engineFailure(error) });
    try {
      return await withRetries(ES_CALL_POLICIES[use], () => run(client), onRetry);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (this.live && isIndexNotFound(error)) throw new IndexVersionGoneError(this.live.version);
      log("error", "elasticsearch request failed", { what, use, ms: Date.now() - started, ...engineFailure(error) });
      throw unavailable(error);
    }
  }

  /** index undefined: a point-in-time search (the PIT names the index). */
  private searchIndex(index: string | undefined, body: Body, use: EsCallUse = "interactive"): Promise<EsSearchResponse> {
    const request = { ...(index ? { index } : {}), ...(body as estypes.SearchRequest) };
    return this.call(`search ${index ?? "pit"}`, use, async (es) => (await es.search(request)) as unknown as EsSearchResponse);
  }

  private async nameForOrgSeqNo(search: ValidSearch): Promise<string | null> {
    if (search.numeric.orgSeqNo === undefined) return null;
    const response = await this.searchIndex(this.index("COMPANY"), {
      size: 1,
      _source: ["record.name"],
      query: { term: { orgSeqNo: search.numeric.orgSeqNo } },
    });
    return (response.hits.hits[0]?._source?.record as { name?: string } | undefined)?.name ?? null;
  }

  /**
   * Several searches of one index in one `_msearch`, each cacheable by the shard request cache unless this backend
   * was made without it (the benchmarks' uncached runs). An item that failed fails the call as a response error of
   * its own status, so the call policy retries it like a failed search.
   */
  private multiSearch(index: string, bodies: Body[]): Promise<EsSearchResponse[]> {
    const header = { index, request_cache: this.requestCache };
    return this.call(`msearch ${index} (${bodies.length})`, "interactive", async (es) => {
      const answer = await es.msearch({ searches: bodies.flatMap((body) => [header, body]) as never });
      return answer.responses.map((item) => {
        if ("error" in item) {
          const status = (item as { status?: number }).status ?? 500;
          throw new errors.ResponseError({
            body: { error: item.error, status },
            statusCode: status,
            headers: {},
            warnings: null,
            meta: {} as never,
          });
        }
        return item as unknown as EsSearchResponse;
      });
    });
  }

  async search(search: ValidSearch, options: SearchOptions = {}): Promise<SearchResults> {
    const page = options.page ?? 0;
    assertListFilesGiven(search, options.listFiles);
    const index = this.index(search.resultType);
    const terms = facetTerms(search);
    const facets = Object.keys(terms);
    const countsKey = this.live ? `${index} ${JSON.stringify(terms)}` : null;
    const known = countsKey === null ? undefined : wholeIndexCounts.get(countsKey);
    const histogramEdgesOf = options.histogram ? histogramEdges(options.histogram) : null;
    const histogramKey = options.histogram && this.live ? `${index} ${options.histogram} ${histogramEdgesOf?.join(",")}` : null;
    const knownBins = histogramKey === null ? undefined : wholeIndexBins.get(histogramKey);
    const size = this.live ? (search.resultType === "COMPANY" ? this.live.companies : this.live.worksites) : undefined;
    const plan = planEsSearch(search, {
      page,
      listFiles: options.listFiles,
      seed: search.seed,
      wholeIndexKnown: known !== undefined,
      ...(known && size !== undefined ? { wholeIndex: { counts: known, total: size } } : {}),
      ...(options.histogram && histogramEdgesOf
        ? { histogram: { field: options.histogram, edges: histogramEdgesOf, wholeIndexKnown: knownBins !== undefined } }
        : {}),
    });
    const selection = plan.histogram?.selection ?? "wholeIndex";
    const ownBody = typeof selection === "object" && "body" in selection ? selection.body : null;
    const extra = [
      ...(plan.wholeIndex ? [plan.wholeIndex] : []),
      ...(ownBody ? [ownBody] : []),
      ...(plan.histogram?.wholeIndex ? [plan.histogram.wholeIndex] : []),
    ];
    const bodies = [plan.hits, ...plan.counts.map((request) => request.body), ...extra];
    const [responses, name] = await Promise.all([this.multiSearch(index, bodies), this.nameForOrgSeqNo(search)]);
    const [hits, ...rest] = responses as [EsSearchResponse, ...EsSearchResponse[]];
    const tail = rest.slice(plan.counts.length);
    let whole = known;
    if (plan.wholeIndex) {
      whole = parseAggregations(tail.shift()?.aggregations, "_all");
      completeCounts(whole, facets, "_all");
      if (countsKey) keepWholeIndexCounts(countsKey, whole);
    }
    // Each kept map copied once, shallowly: the answer may be changed downstream, the kept counts never.
    const aggregations: SearchResults["aggregations"] = Object.fromEntries(
      Object.entries(whole ?? {}).map(([facet, counts]) => [facet, { ...counts }]),
    );
    let hitCount = plan.totalFromHits ? totalOf(hits) : 0;
    plan.counts.forEach((request, i) => {
      const response = rest[i] as EsSearchResponse;
      const counted = parseAggregations(response.aggregations);
      if (request.complement && size !== undefined) {
        // The excluded side's counts (planEsSearch chose it only with the whole index's counts known).
        for (const facet of request.facets) aggregations[facet] = subtractCounts(whole?.[`${facet}_all`] ?? {}, counted[facet] ?? {});
        hitCount = size - totalOf(response);
        return;
      }
      Object.assign(aggregations, counted);
      if (request.withTotal) hitCount = totalOf(response);
    });
    for (const facet of plan.fromWholeIndex) aggregations[facet] = { ...whole?.[`${facet}_all`] };
    completeCounts(aggregations, facets);
    const results: SearchResults = { type: search.resultType, hitCount, records: hitsOf(hits), aggregations, nameForOrgSeqNo: name };
    if (options.histogram && plan.histogram && histogramEdgesOf) {
      // The tail's order: the own request's bins, then the whole-index bins (as `extra` above).
      const ownBins = ownBody ? binsOf(tail.shift()) : [];
      let all = knownBins ?? [];
      if (plan.histogram.wholeIndex) {
        all = binsOf(tail.shift());
        if (histogramKey) keepWholeIndexBins(histogramKey, all);
      }
      const counted = typeof selection === "object" && "count" in selection ? binsOf(rest[selection.count]) : ownBins;
      // A pure exclusion's side: the whole index's bins (and records without a value) less the side's.
      const side = typeof selection === "object" && "side" in selection;
      const counts = selection === "wholeIndex" ? all : side ? all.map((n, i) => n - (counted[i] ?? 0)) : counted;
      // binsOf gives the records without a value after the bins.
      const bins = histogramEdgesOf.length + 1;
      results.histogram = {
        field: options.histogram,
        edges: histogramEdgesOf,
        counts: counts.slice(0, bins),
        all: all.slice(0, bins),
        missing: counts[bins] ?? 0,
        allMissing: all[bins] ?? 0,
      };
    }
    return results;
  }

  private async getSource(index: string, id: string): Promise<Record<string, unknown> | null> {
    const response = await this.searchIndex(index, { size: 1, query: { ids: { values: [id] } } });
    return (response.hits.hits[0]?._source as Record<string, unknown> | undefined) ?? null;
  }

  async getEntity(id: string, type?: ResultType): Promise<Entity | null> {
    if (!/^\d{1,15}$/.test(id)) return null;
    if (type !== "WORKSITE") {
      const company = await this.getSource(this.index("COMPANY"), String(Number(id)));
      if (company || type === "COMPANY") return (company?.detail as CompanyDetail | undefined) ?? null;
    }
    const worksite = await this.getSource(this.index("WORKSITE"), id.padStart(8, "0"));
    return worksite ? worksiteDetailOf(worksite.record as WorksiteRecord) : null;
  }

  /** Hits in sort order through a point in time and search_after, `source` fields only, in pages of chunkSize. */
  /** `source` false: no stored document is read (the hits' sort values carry what the caller needs). */
  private async *exportHits(search: ValidSearch, options: ExportOptions, source: string[] | false, use: EsCallUse) {
    assertListFilesGiven(search, options.listFiles);
    const index = this.index(search.resultType);
    const pitId = await this.call("open point in time", use, (es) => openPointInTime(es, index, "2m"));
    const chunkSize = Math.max(1, Math.min(options.chunkSize ?? 500, 10_000));
    let remaining = Math.max(0, options.count);
    let searchAfter: unknown[] | null = null;
    try {
      while (remaining > 0) {
        const body = buildEsExportQuery(search, {
          ...options,
          pitId,
          size: Math.min(chunkSize, remaining),
          searchAfter,
          seed: search.seed,
        });
        const response = await this.searchIndex(undefined, { ...body, _source: source }, use);
        const hits = response.hits.hits;
        if (hits.length === 0) return;
        remaining -= hits.length;
        searchAfter = hits[hits.length - 1]?.sort ?? null;
        yield hits;
      }
    } finally {
      // Short and once: an unclosed point in time lapses by itself after its keep-alive.
      await closePointInTime(clientFor(this.client, "interactive"), pitId).catch(() => {});
    }
  }

  async *readExportRows(search: ValidSearch, options: ExportOptions): AsyncIterable<ExportChunk> {
    const withDetails = options.withDetails === true && search.resultType === "COMPANY";
    // The export worker's job (and the reindex's Bevakning candidates): nobody waits at a screen.
    const source = withDetails ? ["record", "detail"] : ["record"];
    for await (const hits of this.exportHits(search, options, source, "background")) {
      const sources = hits.map((hit) => hit._source as { record: CompanyRecord | WorksiteRecord; detail?: CompanyDetail } | undefined);
      yield sources.map((source) => (withDetails ? { ...source?.record, detail: source?.detail } : source?.record)) as ExportChunk;
    }
  }

  async readExportIds(search: ValidSearch, options: ExportOptions): Promise<number[]> {
    const ids: number[] = [];
    // The API's export popup and request: a user waits. Every sort ends on the unique `id` (sortClauses), so each
    // hit's last sort value is its id: no stored document is read (5 000 sources took most of the 4 s try under load).
    for await (const hits of this.exportHits(search, { ...options, chunkSize: 10_000 }, false, "interactive")) {
      for (const hit of hits) ids.push(Number(hit.sort?.at(-1)));
    }
    return ids;
  }

  async suggestRecords(search: ValidSearch, limit: number) {
    const response = await this.searchIndex(this.index(search.resultType), buildEsSuggestQuery(search, limit));
    return response.hits.hits.map((hit) => (hit._source as { record: CompanyRecord | WorksiteRecord }).record) as
      CompanyRecord[] | WorksiteRecord[];
  }

  async resolveOrgNumbers(orgNos: readonly string[]): Promise<OrgNumberResolution> {
    const unique = [...new Set(orgNos)];
    const known = new Set<string>();
    let worksiteCount = 0;
    for (let start = 0; start < unique.length; start += 5000) {
      const chunk = unique.slice(start, start + 5000);
      const query = { terms: { orgNo: chunk } };
      const found = await this.searchIndex(this.index("COMPANY"), { size: chunk.length, _source: ["orgNo"], query });
      for (const hit of found.hits.hits) known.add(String((hit._source as { orgNo?: string } | undefined)?.orgNo));
      const count = await this.call("count worksites", "interactive", (es) => es.count({ index: this.index("WORKSITE"), query }));
      worksiteCount += count.count;
    }
    return { found: unique.filter((o) => known.has(o)), unknown: unique.filter((o) => !known.has(o)), worksiteCount };
  }

  async info(): Promise<BackendInfo> {
    if (this.live) {
      const { version, companies, worksites } = this.live;
      return { backend: "elasticsearch", version, companies, worksites, documents: companies + worksites };
    }
    const [alias, companies, worksites] = await this.call("info", "interactive", (es) =>
      Promise.all([
        es.indices.getAlias({ name: this.names.alias("COMPANY") }),
        es.count({ index: this.names.alias("COMPANY") }),
        es.count({ index: this.names.alias("WORKSITE") }),
      ]),
    );
    const version = Math.max(0, ...Object.keys(alias).map(versionOfIndex));
    return {
      backend: "elasticsearch",
      version,
      companies: companies.count,
      worksites: worksites.count,
      documents: companies.count + worksites.count,
    };
  }
}
