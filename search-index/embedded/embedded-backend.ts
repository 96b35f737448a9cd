/** The embedded SearchBackend: a loaded SearchIndex for counting and ordering, a DocumentStore for the records. */
import type { Aggregations, Entity, SearchResults } from "#shared/search/result-schemas";
import { histogramEdges, type Histogram, type HistogramField } from "#shared/search/histogram";
import { MAX_VISIBLE_RECORDS, PAGE_SIZE, type ResultType } from "#shared/search/search-fields";
import type { BackendInfo, ExportChunk, ExportOptions, ListFileMap, OrgNumberResolution, SearchBackend, SearchOptions } from "../backend";
import { worksiteDetailOf } from "../documents";
import { assertListFilesGiven, type ValidSearch } from "../search-model";
import { orgNoToNumber } from "../text";
import { toAggregations } from "./aggregate";
import { positionsOfOrgNos } from "./candidates";
import type { DocumentStore } from "./d1-documents";
import type { EntityIndex, SearchIndex } from "./index-types";
import { lowerBound } from "./ranks";
import { isUnconstrained, scan, scanHits, unconstrainedCounts, type ScanCounts } from "./scan";
import { binColumn, countBins } from "./histogram";
import { collectTop, type Positions } from "./scan-count";
import { matchOneWordTop } from "./text-match";
import { planAll, planScan, type ScanPlan } from "./scan-plan";
import { TopK } from "./top-k";
import { complementAggregations, complementTop, excludedSide, type ExcludedSide } from "./excluded-side";

/** Whether a search constrains nothing but its text (and the matching options, which only facets read). */
const isTextOnly = (search: ValidSearch) =>
  search.numeric.orgSeqNo === undefined &&
  Object.keys(search.range).length === 0 &&
  Object.values(search.codeSet).every((codes) => !codes?.length) &&
  Object.values(search.excludeCodeSet).every((codes) => !codes?.length) &&
  Object.values(search.numSet).every((ids) => !ids?.length) &&
  Object.entries(search.bool).every(([name]) => name === "useMainSni" || name === "useLocation");

/** The kept `_all` counts as a search's own (each map copied: an answer may be changed downstream, the kept never). */
function wholeIndexAsOwn(all: Aggregations): Aggregations {
  const own: Aggregations = {};
  for (const [key, counts] of Object.entries(all)) own[key.replace(/_all$/, "")] = { ...counts };
  return own;
}

export class EmbeddedBackend implements SearchBackend {
  private readonly allCache = new Map<string, Aggregations>();
  /** An unconstrained search's best records (up to MAX_VISIBLE_RECORDS, best first) per result type and sort. */
  private readonly bestCache = new Map<string, number[]>();
  /** The whole-index bins, by bin column (one per result type, field and edges). */
  private readonly allHistograms = new WeakMap<Uint8Array, number[]>();

  constructor(
    readonly index: SearchIndex,
    private readonly documents: DocumentStore,
    /** A pure exclusion with a small excluded side is answered by that side (excluded-side.ts); false: it scans. */
    private readonly options: { byExcludedSide?: boolean } = {},
  ) {}

  private entity(type: ResultType): EntityIndex {
    return type === "COMPANY" ? this.index.companies : this.index.worksites;
  }

  /** `_all` aggregations depend only on the result type and the two matching options; computed once each. */
  private allAggregations(search: ValidSearch): Aggregations {
    const plan = planAll(this.index, search);
    const key = `${search.resultType}:${plan.useMainSni}:${plan.useAllLocations}`;
    let cached = this.allCache.get(key);
    if (!cached) {
      cached = toAggregations(this.index, search.resultType, plan, scan(plan, null), "_all");
      this.allCache.set(key, cached);
    }
    return cached;
  }

  private records(type: ResultType, positions: readonly number[]) {
    const ids = positions.map((p) => this.entity(type).ids[p] ?? 0);
    return type === "COMPANY" ? this.documents.companyRecords(ids) : this.documents.worksiteRecords(ids);
  }

  private async nameForOrgSeqNo(search: ValidSearch): Promise<string | null> {
    if (search.numeric.orgSeqNo === undefined) return null;
    const [record] = await this.documents.companyRecords([search.numeric.orgSeqNo]);
    return record?.name ?? null;
  }

  async search(search: ValidSearch, options: SearchOptions = {}): Promise<SearchResults> {
    const page = options.page ?? 0;
    assertListFilesGiven(search, options.listFiles);
    const plan = planScan(this.index, search, options.listFiles, options.histogram);
    // A search that constrains nothing counts nothing: its counts are the whole index's, kept per version (the
    // cluster does the same, docs/decisions/0044), and its best records are kept too.
    const countless = isUnconstrained(plan);
    const all = this.allAggregations(search);
    // A pure exclusion whose excluded side is small: the whole index less that side (excluded-side.ts).
    const side = countless || this.options.byExcludedSide === false ? null : excludedSide(search, plan, all);
    const k = Math.min(MAX_VISIBLE_RECORDS, (page + 1) * PAGE_SIZE);
    const top = countless || side ? null : new TopK(k, plan.entity, search.sort, search.seed, plan.textScores);
    const counts = side ? side.counts : top ? scan(plan, top) : unconstrainedCounts(plan);
    const histogram = options.histogram ? this.histogram(search, options.histogram, plan, counts, options.listFiles, side) : undefined;
    const own = countless
      ? wholeIndexAsOwn(all)
      : side
        ? complementAggregations(this.index, search.resultType, plan, side, all)
        : toAggregations(this.index, search.resultType, plan, counts);
    const aggregations = { ...own, ...all };
    const ranked = side ? this.complementBest(search, plan, side, k) : top ? top.sorted() : this.best(search, plan);
    const positions = ranked.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    const [records, nameForOrgSeqNo] = await Promise.all([this.records(search.resultType, positions), this.nameForOrgSeqNo(search)]);
    const hitCount = side ? plan.entity.count - side.counts.hitCount : counts.hitCount;
    const results = { type: search.resultType, hitCount, records, aggregations, nameForOrgSeqNo } as SearchResults;
    if (histogram) results.histogram = histogram;
    return results;
  }

  /**
   * The best records of a search that constrains nothing: the same for every such search of a result type and sort,
   * so kept per loaded index (found once by one pass over every record, 3.4 ms for 1.4 M worksites). A random order
   * depends on the search's seed and is not kept.
   */
  private best(search: ValidSearch, plan: ScanPlan): number[] {
    const key = `${search.resultType}:${JSON.stringify(search.sort)}`;
    const random = search.sort.some((entry) => entry.field === "random");
    let best = random ? undefined : this.bestCache.get(key);
    if (!best) {
      const top = new TopK(MAX_VISIBLE_RECORDS, plan.entity, search.sort, search.seed, null);
      collectTop(top, null, plan.entity.count);
      best = top.sorted();
      if (!random) this.bestCache.set(key, best);
    }
    return best;
  }

  /** A pure exclusion's best `k` records: the kept best records without the side's (random orders are not kept). */
  private complementBest(search: ValidSearch, plan: ScanPlan, side: ExcludedSide, k: number): number[] {
    const random = search.sort.some((entry) => entry.field === "random");
    return complementTop(search, plan, side, k, random ? null : this.best(search, plan));
  }

  /**
   * A range field's bins over the search without its own range (histogram.ts): the scan's hits when the search leaves
   * the field free; with its own range, the hits and the records failing only that range (the plan's ownRange, found
   * by the same pass), or for a field restricted to limited companies the relaxed search's hits (one more pass); the
   * whole-index bins when nothing is left to constrain, less a pure exclusion's excluded side (`side`).
   */
  private histogram(
    search: ValidSearch,
    field: HistogramField,
    plan: ScanPlan,
    counts: ScanCounts,
    listFiles: ListFileMap | undefined,
    side: ExcludedSide | null = null,
  ): Histogram {
    const edges = histogramEdges(field);
    const entity = this.entity(search.resultType);
    const column = binColumn(this.index, entity, field, edges);
    const bins = edges.length + 1;
    let all = this.allHistograms.get(column);
    if (!all) this.allHistograms.set(column, (all = countBins(column, bins, null, entity.count)));
    let hits: { positions: Positions; count: number } = { positions: counts.hits, count: counts.hitCount };
    if (search.range[field] && plan.ownRange === null) {
      const { [field]: _own, ...others } = search.range;
      hits = scanHits(planScan(this.index, { ...search, range: others }, listFiles));
    }
    // countBins gives the records without a value after the bins.
    const shape = (selection: readonly number[]): Histogram => ({
      field,
      edges,
      counts: selection.slice(0, bins),
      all: all.slice(0, bins),
      missing: selection[bins] ?? 0,
      allMissing: all[bins] ?? 0,
    });
    // A pure exclusion counted by its excluded side (it has no range of its own): the whole index's bins less the side's.
    if (side) {
      const less = countBins(column, bins, side.counts.hits, side.counts.hitCount);
      return shape(all.map((n, bin) => n - (less[bin] as number)));
    }
    if (hits.positions === null) return shape(all);
    const selection = countBins(column, bins, hits.positions, hits.count);
    if (plan.ownRange !== null) {
      const outside = countBins(column, bins, counts.ownRangeOnly, counts.ownRangeOnlyCount);
      selection.forEach((n, bin) => (selection[bin] = n + (outside[bin] as number)));
    }
    return shape(selection);
  }

  async getEntity(id: string, type?: ResultType): Promise<Entity | null> {
    if (!/^\d{1,15}$/.test(id)) return null;
    const numeric = Number(id);
    if (type !== "WORKSITE") {
      const detail = await this.documents.companyDetail(numeric);
      if (detail || type === "COMPANY") return detail;
    }
    const ids = this.index.worksites.ids;
    if (ids[lowerBound(ids, numeric)] !== numeric) return null;
    const [record] = await this.documents.worksiteRecords([numeric]);
    return record ? worksiteDetailOf(record) : null;
  }

  /** Positions of the export in sort order: the search's hits, narrowed or thinned by the extraction selection. */
  private exportPositions(search: ValidSearch, plan: ScanPlan, options: ExportOptions): number[] {
    const entity = plan.entity;
    const marked = new Set((options.idNumbers ?? []).map(Number).filter((id) => Number.isFinite(id)));
    if (options.idNumbers && !options.exclude) {
      const only = new Uint8Array(entity.count);
      for (const id of marked) {
        const p = lowerBound(entity.ids, id);
        if (entity.ids[p] === id) only[p] = 1;
      }
      plan.candidates = (plan.candidates ?? Uint32Array.from(entity.ids.keys())).filter((p) => only[p] === 1);
    }
    const excluded = options.idNumbers && options.exclude ? marked : new Set<number>();
    const top = new TopK(Math.max(0, options.count) + excluded.size, entity, search.sort, search.seed, plan.textScores);
    scan(plan, top);
    return top
      .sorted()
      .filter((p) => !excluded.has(entity.ids[p] ?? 0))
      .slice(0, Math.max(0, options.count));
  }

  async *readExportRows(search: ValidSearch, options: ExportOptions): AsyncIterable<ExportChunk> {
    assertListFilesGiven(search, options.listFiles);
    const plan = planScan(this.index, search, options.listFiles);
    const positions = this.exportPositions(search, plan, options);
    const chunkSize = Math.max(1, options.chunkSize ?? 500);
    for (let start = 0; start < positions.length; start += chunkSize) {
      const slice = positions.slice(start, start + chunkSize);
      if (options.withDetails && search.resultType === "COMPANY") {
        yield await this.documents.companyRecordsWithDetail(slice.map((p) => this.index.companies.ids[p] ?? 0));
      } else yield await this.records(search.resultType, slice);
    }
  }

  async readExportIds(search: ValidSearch, options: ExportOptions): Promise<number[]> {
    assertListFilesGiven(search, options.listFiles);
    const plan = planScan(this.index, search, options.listFiles);
    const ids = plan.entity.ids;
    return this.exportPositions(search, plan, options).map((p) => ids[p] ?? 0);
  }

  /**
   * A text-only search's best records: its candidates straight into the heap, with no counting pass; a one-word text
   * reads only the fields that can reach the top (text-match.ts matchOneWordTop).
   */
  async suggestRecords(search: ValidSearch, limit: number) {
    const entity = this.entity(search.resultType);
    const k = Math.max(0, limit);
    const byRelevance = search.sort[0]?.field === "relevance";
    const oneWord = search.textQuery && byRelevance && isTextOnly(search) ? matchOneWordTop(this.index, entity, search.textQuery, k) : null;
    if (oneWord) {
      const top = new TopK(k, entity, search.sort, search.seed, oneWord.scores);
      collectTop(top, oneWord.positions, oneWord.positions.length);
      return this.records(search.resultType, top.sorted());
    }
    const plan = planScan(this.index, search);
    const top = new TopK(k, plan.entity, search.sort, search.seed, plan.textScores);
    if (plan.candidates && isTextOnly(search)) collectTop(top, plan.candidates, plan.candidates.length);
    else scan(plan, top);
    return this.records(search.resultType, top.sorted());
  }

  async resolveOrgNumbers(orgNos: readonly string[]): Promise<OrgNumberResolution> {
    const companies = this.index.companies;
    const found: string[] = [];
    const unknown: string[] = [];
    let worksiteCount = 0;
    for (const orgNo of new Set(orgNos)) {
      const positions = positionsOfOrgNos(companies, [orgNoToNumber(orgNo)]);
      if (positions.length === 0) unknown.push(orgNo);
      else found.push(orgNo);
      for (const p of positions) worksiteCount += (companies.worksites.offsets[p + 1] ?? 0) - (companies.worksites.offsets[p] ?? 0);
    }
    return { found, unknown, worksiteCount };
  }

  async info(): Promise<BackendInfo> {
    const { companies, worksites } = this.index;
    return {
      backend: "embedded",
      version: this.index.version,
      companies: companies.count,
      worksites: worksites.count,
      documents: companies.count + worksites.count,
    };
  }
}
