/**
 * Payloads of the search-facing calls of spec §7 (/sapi/refdata, /sapi/search, /sapi/details, /sapi/annual-report,
 * /sapi/user-config), shared by the API worker (validation at the edge, both ways) and the web app.
 *
 * Search request id: the client sends its incrementing counter in the SEARCH_REQUEST_ID_HEADER header of
 * POST /sapi/search/page/{n}; the answer echoes it as `requestId` (null when the header was absent), so the client
 * keeps only the answer to its latest search (spec §4 "Search").
 */
import { z } from "zod";
import { FACET_LEVELS } from "../search/facet-levels";
import { ENTITY_ID_PATTERN } from "./entity-id";
import { EntitySchema, FinancialTypeSchema, SearchResultsSchema, type Aggregations } from "../search/result-schemas";
import { CODE_SETS, FLAT_CODE_SETS, MAX_PAGE, type CodeSetRefdataName } from "../search/search-fields";
import { SearchSchema } from "../search/search-schema";
import { HistogramFieldSchema } from "../search/histogram";

// ---------------------------------------------------------------- reference data (GET /sapi/refdata/*)

export interface RefNode {
  code: string;
  text: string;
  children: RefNode[];
}

/**
 * A reference tree checked by a plain walk (issue 48 point 6): the SNI tree has about 1 800 nodes (144 KB of JSON), and
 * the recursive z.lazy object schema took 17–31 ms to check it the first time in Node on a loaded 2-core machine (1.5 ms
 * and more after), 4× that on a phone, on the start page's main thread; the walk applies the same rule (code and text
 * strings, children a list of nodes) in 1–4 ms the first time and 0.03 ms after. Other keys of a node are left as they
 * are (the API writes none).
 */
export function isRefTree(value: unknown): value is RefNode[] {
  const lists: unknown[] = [value];
  for (let list = lists.pop(); list !== undefined; list = lists.pop()) {
    if (!Array.isArray(list)) return false;
    for (const node of list as unknown[]) {
      if (typeof node !== "object" || node === null) return false;
      const { code, text, children } = node as Record<string, unknown>;
      if (typeof code !== "string" || typeof text !== "string" || !Array.isArray(children)) return false;
      lists.push(children);
    }
  }
  return true;
}
/** sni-tree (sections → divisions → groups → classes → detail groups) and location-tree (counties → municipalities). */
export const RefTreeSchema = z.custom<RefNode[]>(isRefTree, "Ogiltigt referensträd");
export const RefEntrySchema = z.object({ code: z.string(), text: z.string() });
export type RefEntry = z.infer<typeof RefEntrySchema>;
/** company-form-entries, fiscal-year-entries, employee-range-entries. */
export const RefEntriesSchema = z.array(RefEntrySchema);
/** sni-keywords: detail-group code (5 digits) → Swedish search words. */
export const SniKeywordsSchema = z.record(z.string(), z.array(z.string()));
/** sni-aggregation: every SNI section (A–U) with its company count in all of Sweden (main SNI code). */
export const SniAggregationSchema = z.array(z.object({ code: z.string(), text: z.string(), count: z.number().int().nonnegative() }));
export type SniAggregation = z.infer<typeof SniAggregationSchema>;

/** The reference data's parts: the trees, each flat code set's entries (search-fields.ts CODE_SETS `refdata`), the SNI words and counts. */
export type RefdataName = "sni-tree" | "location-tree" | CodeSetRefdataName | "sni-keywords" | "sni-aggregation";
export const REFDATA_NAMES: readonly RefdataName[] = [
  "sni-tree",
  "location-tree",
  ...FLAT_CODE_SETS.map((name) => CODE_SETS[name].refdata),
  "sni-keywords",
  "sni-aggregation",
];

// ---------------------------------------------------------------- search (POST /sapi/search/page/{n})

export { HELD_INDEX_VERSION_HEADER, INDEX_VERSION_HEADER, SEARCH_REQUEST_ID_HEADER } from "./search-headers";

export const HeldIndexVersionSchema = z
  .string()
  .regex(/^\d{1,15}$/, "Ange indexversionen som ett heltal")
  .transform(Number);
/** The header's value: the client's counter, a non-negative integer. */
export const SearchRequestIdSchema = z
  .string()
  .regex(/^\d{1,15}$/, "Ange sökningens löpnummer som ett heltal")
  .transform(Number);

/** The page number in the path: 0 … MAX_PAGE (20 records a page, at most 1000 records visible). */
export const PageNumberSchema = z
  .string()
  .regex(/^\d{1,6}$/, "Ange sidnumret som ett heltal")
  .transform(Number);
export const PAGE_TOO_DEEP_MESSAGE = "Exportera urvalet om du vill se fler träffar.";

/**
 * Query of POST /sapi/search/page/{n} (issue 39): `histogram=<range field>` also asks for the distribution behind that
 * range filter (results.histogram), which the web app does only while the filter's panel is open. The field must
 * apply to the search's result type (VALIDATION "histogram" otherwise).
 */
/**
 * `histogram`: also that range's distribution (issue 39). `facets=top`: the tree sets' own counts only at the top level
 * and the search's own codes (workers/shared/search/facet-levels.ts), for a screen with no tree editor or map open.
 */
export const SearchPageQuerySchema = z.object({ histogram: HistogramFieldSchema.optional(), facets: z.literal("top").optional() });
export const HISTOGRAM_NOT_FOR_TYPE_MESSAGE = "Fältet finns inte för den här resultattypen.";

/** Request body of POST /sapi/search/page/{n}: the search object of spec §3 (defaults may be left out). */
export const SearchPageRequestSchema = SearchSchema;

/**
 * Facts about the answer itself: the server's request id (X-Request-Id, for support), the search backend's time for
 * this answer (0 when the results came from the API's result cache) and whether they did. A request with
 * `Cache-Control: no-cache` always gets fresh results.
 */
export const SearchResponseInfoSchema = z.object({
  serverRequestId: z.string(),
  /** Only with the API's SEARCH_CACHE_DIAGNOSTICS (tests, benchmarks; never production): a shared cache's hit must not show. */
  backendMs: z.number().nonnegative().optional(),
  cached: z.boolean().optional(),
});

/**
 * Aggregations hold thousands of counts (every SNI and location level, twice); a plain loop checks them about 5× faster
 * than the equivalent nested z.record with z.number().int().nonnegative(), and applies the same rule.
 */
export function isAggregations(value: unknown): value is Aggregations {
  const isPlainObject = (v: unknown): v is object => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isPlainObject(value)) return false;
  for (const counts of Object.values(value)) {
    if (!isPlainObject(counts)) return false;
    for (const n of Object.values(counts)) if (!Number.isInteger(n) || (n as number) < 0) return false;
  }
  return true;
}
export const CheckedAggregationsSchema = z.custom<Aggregations>(isAggregations, "Ogiltiga antal per filter");

export const SearchPageAnswerSchema = z.object({
  results: SearchResultsSchema.extend({ aggregations: CheckedAggregationsSchema }),
  page: z.number().int().min(0).max(MAX_PAGE),
  /** The normalised search (defaults filled in). */
  search: SearchSchema,
  /** The compact `vad` form of `search`, for the /sok?vad= route and shared links. */
  serializedSearch: z.string().min(1),
  /** The client's SEARCH_REQUEST_ID_HEADER, echoed; null when it sent none. */
  requestId: z.number().int().nonnegative().nullable(),
  response: SearchResponseInfoSchema,
  /** The search index version the answer came from (as the X-Index-Version header). */
  indexVersion: z.number().int().nonnegative(),
  /**
   * "omitted": results.aggregations has no `<facet>_all` counts, because the request's X-Held-Index-Version named
   * `indexVersion` and the client holds them; "included": they are there.
   */
  allCounts: z.enum(["included", "omitted"]),
  /** "top": the tree sets' own counts hold only their top level and the search's own codes (`?facets=top`). */
  facetLevels: z.enum(FACET_LEVELS),
});
export type SearchPageAnswer = z.infer<typeof SearchPageAnswerSchema>;

/** GET /sapi/search/serialized?serializedSearch= */
export const SerializedSearchQuerySchema = z.object({ serializedSearch: z.string().min(1).max(16_000) });
/** Answer of /sapi/search/serialized and /sapi/search/shared-link/{id}: the search object. */
export const SearchAnswerSchema = SearchSchema;

// ---------------------------------------------------------------- shared links

/** Shared-link ids: 16 characters of [A-Za-z0-9] (about 95 random bits). */
export const SHARED_LINK_ID_LENGTH = 16;
/** Path parameter of /sapi/search/shared-link/{id}: a well-formed id; unknown ones answer with the inactive message. */
export const SharedLinkIdSchema = z.string().regex(/^[A-Za-z0-9]{1,64}$/, "Ogiltig länk");
/** Answer of POST /sapi/search/create-shared-link/{serializedSearch}: the link, e.g. "https://urval.se/u/Ab3…". */
export const SharedLinkAnswerSchema = z.url();
export const INACTIVE_LINK_MESSAGE = "Den angivna länker är inte längre aktiv";

// ---------------------------------------------------------------- details, annual reports, user config

/**
 * GET /sapi/details/entity/{id}: a company's orgSeqNo (below 2^30: up to 10 digits; the register's are the first nine
 * digits of the organisation number, decision 0007) or a worksite's 8-digit cfarNo.
 */
export const EntityIdSchema = z.string().regex(ENTITY_ID_PATTERN, "Ange företagets löpnummer eller arbetsställets CFAR-nummer");
export const EntityAnswerSchema = EntitySchema;

export const OrgSeqNoParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "Ange företagets löpnummer")
  .transform(Number);
export const AnnualReportSchema = z.object({ refNo: z.string(), periodEnd: z.string() });
export const AnnualReportListSchema = z.array(AnnualReportSchema);
export type AnnualReport = z.infer<typeof AnnualReportSchema>;

/** GET /sapi/annual-report/open/{refNo}?orgNo=&period=; period is the period end, "YYYY-MM-DD" or "YYYY-MM". */
export const AnnualReportRefNoSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Ogiltigt referensnummer");
export const AnnualReportOpenQuerySchema = z.object({
  orgNo: z.string().regex(/^(?:\d{2})?\d{6}-?\d{4}$/, "Ange organisationsnumret som NNNNNN-NNNN"),
  period: z.string().regex(/^\d{4}-\d{2}(?:-\d{2})?$/, "Ange perioden som ÅÅÅÅ-MM-DD"),
});
export type AnnualReportOpenQuery = z.infer<typeof AnnualReportOpenQuerySchema>;

/** POST /sapi/user-config/store-user-company-financial-config: "CONCERN" or "BUSINESS" (or { companyFinancialType }). */
export const StoreFinancialConfigRequestSchema = z
  .union([FinancialTypeSchema, z.strictObject({ companyFinancialType: FinancialTypeSchema })])
  .transform((value) => (typeof value === "string" ? value : value.companyFinancialType));
export const FinancialConfigAnswerSchema = z.object({ companyFinancialType: FinancialTypeSchema });
export type FinancialConfigAnswer = z.infer<typeof FinancialConfigAnswerSchema>;
export { FinancialTypeSchema };
export type FinancialType = z.infer<typeof FinancialTypeSchema>;
