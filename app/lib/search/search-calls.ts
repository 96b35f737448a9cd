/**
 * The search screen's API calls from the browser (spec §7), each through the one API client (app/lib/api.ts) and
 * validated with its shared zod contract (workers/shared/api-contracts). The contracts (and zod) are fetched alongside
 * the first call that needs them, not in the page's first load (decision 0063).
 */
import type { ListFile } from "#shared/api-contracts/list-files";
import type { ExtractionJob, ExtractionJobList, ExtractionSelection, ExtractionRequestBody } from "#shared/api-contracts/extraction";
import { IDEMPOTENCY_KEY_HEADER } from "#shared/api-contracts/extraction-values";
import type { FinancialType, SearchPageAnswer } from "#shared/api-contracts/search-api";
import { HELD_INDEX_VERSION_HEADER, SEARCH_REQUEST_ID_HEADER } from "#shared/api-contracts/search-headers";
import type { SuggestAnswer } from "#shared/api-contracts/suggest";
import type { FacetLevels } from "#shared/search/facet-levels";
import type { HistogramField } from "#shared/search/histogram-fields";
import type { Entity } from "#shared/search/result-schemas";
import type { ResultType } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { api } from "../api";
import { ApiError } from "../api-error";
import { heldAllCounts } from "./held-all-counts";

const searchApi = () => import("#shared/api-contracts/search-api");
const suggestApi = () => import("#shared/api-contracts/suggest");
const listFilesApi = () => import("#shared/api-contracts/list-files");
const extractionApi = () => import("#shared/api-contracts/extraction");

/**
 * `histogram`: also the distribution behind that range filter (issue 39), only while its panel is open. `facets` "top":
 * the tree counts' top level and the search's own codes only (facet-levels.ts). The answer's
 * all-of-Sweden counts come from the browser's own copy when the API left them out (held-all-counts.ts).
 */
export function fetchSearchPage(...args: SearchPageArgs): Promise<SearchPageAnswer> {
  return searchPage(true, ...args);
}

/**
 * fetchSearchPage for the start page's own search, which it runs at load: read as the API checked it against its
 * contract, as the other answers a page asks for at start (decision 0063), so the start page fetches no zod.
 */
export function fetchSearchPageAsChecked(...args: SearchPageArgs): Promise<SearchPageAnswer> {
  return searchPage(false, ...args);
}

type SearchPageArgs = [
  search: Search,
  page: number,
  requestId: number,
  signal?: AbortSignal,
  histogram?: HistogramField,
  facets?: FacetLevels,
];

async function searchPage(
  checked: boolean,
  ...[search, page, requestId, signal, histogram, facets = "all"]: SearchPageArgs
): Promise<SearchPageAnswer> {
  const query = new URLSearchParams();
  if (histogram) query.set("histogram", histogram);
  if (facets === "top") query.set("facets", "top");
  const path = `/sapi/search/page/${page}${query.size > 0 ? `?${query.toString()}` : ""}`;
  const call = (held: number | null) =>
    api.call<SearchPageAnswer>(path, {
      method: "POST",
      body: search,
      headers: {
        [SEARCH_REQUEST_ID_HEADER]: String(requestId),
        ...(held === null ? {} : { [HELD_INDEX_VERSION_HEADER]: String(held) }),
      },
      ...(checked ? { schema: searchApi().then((c) => c.SearchPageAnswerSchema) } : {}),
      signal,
    });
  const held = heldAllCounts.held();
  const answer = heldAllCounts.complete(await call(held));
  if (answer) return answer;
  // Left out for a version the browser no longer holds: once more, naming none.
  const whole = heldAllCounts.complete(await call(null));
  if (!whole) throw new ApiError(200, undefined, "INVALID_RESPONSE");
  return whole;
}

/** GET /sapi/search/suggest: the header box's suggestions for a text (issue 26). */
export function fetchSuggestions(text: string, type: ResultType, signal: AbortSignal): Promise<SuggestAnswer> {
  const query = new URLSearchParams({ text, type });
  return api.call(`/sapi/search/suggest?${query.toString()}`, { schema: suggestApi().then((c) => c.SuggestAnswerSchema), signal });
}

/** GET /sapi/search/serialized: the server's reading of a `vad` (used when the browser's own reading fails). */
export function fetchSerializedSearch(serializedSearch: string): Promise<Search> {
  return api.call(`/sapi/search/serialized?serializedSearch=${encodeURIComponent(serializedSearch)}`, {
    schema: searchApi().then((c) => c.SearchAnswerSchema),
  });
}

export function fetchEntity(id: string, signal?: AbortSignal): Promise<Entity> {
  return api.call(`/sapi/details/entity/${encodeURIComponent(id)}`, {
    schema: searchApi().then((c) => c.EntityAnswerSchema),
    signal,
    retries: 1,
  });
}

export function fetchAnnualReports(orgSeqNo: number) {
  return api.call(`/sapi/annual-report/${orgSeqNo}`, { schema: searchApi().then((c) => c.AnnualReportListSchema), retries: 1 });
}

/** The address that opens an annual report (spec §7: in a new tab). */
export function annualReportHref(refNo: string, orgNo: string, periodEnd: string): string {
  const query = new URLSearchParams({ orgNo, period: periodEnd });
  return `/sapi/annual-report/open/${encodeURIComponent(refNo)}?${query.toString()}`;
}

export function storeFinancialType(value: FinancialType) {
  return api.call("/sapi/user-config/store-user-company-financial-config", {
    method: "POST",
    body: value,
    schema: searchApi().then((c) => c.FinancialConfigAnswerSchema),
  });
}

export function createSharedLink(serializedSearch: string): Promise<string> {
  return api.call(`/sapi/search/create-shared-link/${encodeURIComponent(serializedSearch)}`, {
    method: "POST",
    schema: searchApi().then((c) => c.SharedLinkAnswerSchema),
  });
}

// ---------------------------------------------------------------- list files

export type ListFileRow = ListFile;

/** Spec §5: accepted list-file extensions. */
export const LIST_FILE_ACCEPT = ".txt,.csv,.tsv,.xls,.xlsx,.docx";

export function fetchListFiles(seqNo: number): Promise<ListFileRow[]> {
  return api.call(`/sapi/list-file/get/${seqNo}`, { schema: listFilesApi().then((c) => c.ListFileListSchema), retries: 1 });
}

/** One request per file, so each stays within the per-request limit (MAX_LIST_FILE_REQUEST_BYTES). */
export async function uploadListFiles(seqNo: number, files: readonly File[]): Promise<ListFileRow[]> {
  const added: ListFileRow[] = [];
  for (const file of files) {
    const form = new FormData();
    form.append("listFile", file, file.name);
    added.push(
      ...(await api.call(`/sapi/list-file/add/${seqNo}`, {
        method: "POST",
        body: form,
        schema: listFilesApi().then((c) => c.ListFileListSchema),
      })),
    );
  }
  return added;
}

export function deleteListFile(fileId: number): Promise<void> {
  return api.call(`/sapi/list-file/delete/${fileId}`, { method: "POST", responseType: "none" });
}

// ---------------------------------------------------------------- export (issue 9)

/** The request's body: the selection, and the export designer's format and columns (issue 17) when chosen. */
export type ExportRequestBody = ExtractionSelection & Partial<Pick<ExtractionRequestBody, "format" | "columns">>;

export function requestExport(serializedSearch: string, count: number, selection: ExportRequestBody, key: string): Promise<ExtractionJob> {
  const query = new URLSearchParams({ serializedSearch, count: String(count) });
  return api.call(`/sapi/extraction/spreadsheet?${query.toString()}`, {
    method: "POST",
    body: selection,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    schema: extractionApi().then((c) => c.ExtractionJobSchema),
  });
}

export function fetchExportJob(jobId: string): Promise<ExtractionJob> {
  return api.call(`/sapi/extraction/${encodeURIComponent(jobId)}`, {
    schema: extractionApi().then((c) => c.ExtractionJobSchema),
    retries: 1,
  });
}

export function exportFileHref(jobId: string): string {
  return `/sapi/extraction/${encodeURIComponent(jobId)}/file`;
}

/**
 * "Mina exporter" (issue 28): the user's exports of the subscription period, newest first. The header asks for it at
 * the start of every signed-in page, so it is read as the API checked it (ExtractionJobListSchema): no zod before the
 * first interaction (decision 0063).
 */
export function fetchExportList(): Promise<ExtractionJobList> {
  return api.call<ExtractionJobList>("/sapi/extraction");
}
