/**
 * The one interface both search backends implement (embedded column index, Elasticsearch). The API and export
 * workers talk only to this; tests/contract runs the same conformance suite against each implementation.
 */
import type { ResultType } from "#shared/search/search-fields";
import type { CompanyDetail, CompanyRecord, Entity, SearchResults, WorksiteRecord } from "#shared/search/result-schemas";
import type { ValidSearch, VisiblePage } from "./search-model";
import type { HistogramField } from "#shared/search/histogram";

/** List-file id → its organisation numbers ("NNNNNN-NNNN"), loaded from D1 by the API for numSet.include/excludeFile. */
export type ListFileMap = ReadonlyMap<number, readonly string[]>;

export interface SearchOptions {
  /** 0-based page of PAGE_SIZE records, within the MAX_VISIBLE_RECORDS (parsed at the edge: visiblePage); default 0. */
  page?: VisiblePage;
  /** Every list file the search names must be here, otherwise VALIDATION "numSet.includeFile.N". */
  listFiles?: ListFileMap;
  /**
   * Issue 39: also the distribution behind this range filter (SearchResults.histogram), counted without the search's
   * own range on the field. The field applies to the search's result type (the API checks it at its edge).
   */
  histogram?: HistogramField;
}

export interface ExportOptions {
  /** At most this many records, in the search's sort order. */
  count: number;
  /** The extraction selection (spec §3): ids are orgSeqNo (COMPANY) or cfarNo (WORKSITE). */
  idNumbers?: readonly (string | number)[];
  /** false: only the marked ids; true: every hit except the marked ids. Ignored without idNumbers. */
  exclude?: boolean;
  listFiles?: ListFileMap;
  /** Records per yielded chunk (default 500). */
  chunkSize?: number;
  /** Companies only: each record carries its detail (issue 17's detail columns: board, owners, financial periods). */
  withDetails?: boolean;
}

/** A company export row: the search record, with its detail when ExportOptions.withDetails asked for it. */
export type CompanyExportRecord = CompanyRecord & { detail?: CompanyDetail };
export type ExportChunk = CompanyExportRecord[] | WorksiteRecord[];

export interface OrgNumberResolution {
  /** Known organisation numbers, in input order, de-duplicated. */
  found: string[];
  /** Organisation numbers with no company in the index. */
  unknown: string[];
  /** How many worksites belong to the found companies. */
  worksiteCount: number;
}

export interface BackendInfo {
  backend: "embedded" | "elasticsearch";
  version: number;
  companies: number;
  worksites: number;
  documents: number;
}

export interface SearchBackend {
  /**
   * Hit count, the page of records, all disjunctive facet counts (+ `_all`), nameForOrgSeqNo. The search and the page
   * come parsed and valid (search-model.ts); only the list files are checked here.
   */
  search(search: ValidSearch, options?: SearchOptions): Promise<SearchResults>;
  /** Company detail by orgSeqNo or worksite by cfarNo; with no type, a company is tried first. null when unknown. */
  getEntity(id: string, type?: ResultType): Promise<Entity | null>;
  /** Export rows in sort order, in chunks; the list files checked as in search. */
  readExportRows(search: ValidSearch, options: ExportOptions): AsyncIterable<ExportChunk>;
  /**
   * The ids of the rows readExportRows would yield (orgSeqNo for companies, cfarNo as a number for worksites), in the
   * same order: what the paid-company ledger charges (issue 17).
   */
  readExportIds(search: ValidSearch, options: ExportOptions): Promise<number[]>;
  /**
   * The best `limit` records of a free-text search in relevance order, without counts: the header box's suggestions
   * as the user types (issue 26). The search carries only a text, a result type and the relevance sort.
   */
  suggestRecords(search: ValidSearch, limit: number): Promise<CompanyRecord[] | WorksiteRecord[]>;
  /** Which organisation numbers exist (for list files), and how many worksites they cover. */
  resolveOrgNumbers(orgNos: readonly string[]): Promise<OrgNumberResolution>;
  info(): Promise<BackendInfo>;
}
