/**
 * The search model on the server, and the one parse a search passes before it runs. At the edge (the API's routes and
 * services, the export worker's job, Bevakning's saved searches, scripts and tests) a search is parsed once: its shape
 * with SearchSchema (workers/shared/search), its codes against the reference data (every code must exist in its code
 * list or tree), its range strings into numbers. What comes out is a ValidSearch; the page is parsed there too, into a
 * VisiblePage. The services and both backends take these types and check none of it again. Each failure is a
 * VALIDATION error naming the field.
 */
import { PAGE_TOO_DEEP_MESSAGE } from "#shared/api-contracts/search-api";
import { AppError, validationError, type FieldIssue } from "#shared/errors";
import {
  CODE_SET_NAMES,
  FLAT_CODE_SETS,
  MAX_PAGE,
  rangeFieldDef,
  swedishToday,
  type CodeSetName,
  type RangeField,
  type TreeCodeSet,
} from "#shared/search/search-fields";
import { parseRange, parseSearchOrThrow, type RangeBounds, type Search } from "#shared/search/search-schema";
import { deserializeSearch } from "#shared/search/search-serialize";
import { CODE_SET_ENTRIES, isLocationCode, isSniCode } from "./refdata";
import { parseTextQuery, type TextQuery } from "./free-text";
import { searchSeed } from "./search-seed";

declare const VALID_SEARCH: unique symbol;
declare const VISIBLE_PAGE: unique symbol;

/** Range constraints as numbers, either end open (null). A range with neither bound ("_") constrains nothing: left out. */
export type RangeConstraints = Partial<Record<RangeField, RangeBounds>>;

/**
 * A search that passed the one parse (parseSearch, validateSearch, parseSavedSearch): shape, result-type applicability
 * and codes valid, ranges parsed. Only those functions make one.
 */
export type ValidSearch = Omit<Search, "range"> & {
  readonly range: RangeConstraints;
  /** The seed of the random sort (search-seed.ts): one search keeps one order across pages. */
  readonly seed: number;
  /** The text parsed into words (free-text.ts), null without a text. */
  readonly textQuery: TextQuery | null;
  /** The search as parsed (defaults filled in, ranges as "from_to"): what is serialised, cached, answered and described. */
  readonly normalised: Search;
  readonly [VALID_SEARCH]: true;
};

/** A page of a search's visible records: an integer 0 … MAX_PAGE (20 records each, at most 1000, spec §6, §9). */
export type VisiblePage = number & { readonly [VISIBLE_PAGE]: true };

const KNOWN_CODES = Object.fromEntries(FLAT_CODE_SETS.map((name) => [name, new Set(CODE_SET_ENTRIES[name].map((e) => e.code))]));
const TREE_CODES: Record<TreeCodeSet, (code: string) => boolean> = { sni: isSniCode, location: isLocationCode };

/** Whether the reference data knows a code of a code set (a tree's node, a flat set's entry). */
const isKnown = (name: CodeSetName, code: string): boolean => KNOWN_CODES[name]?.has(code) ?? TREE_CODES[name as TreeCodeSet](code);

/** Unknown codes of a parsed search, chosen or excluded, each at its own path ("codeSet.sni.2", "excludeCodeSet.sni.0"). */
export function codeIssues(search: Search): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const key of ["codeSet", "excludeCodeSet"] as const) {
    for (const name of CODE_SET_NAMES) {
      search[key][name]?.forEach((code, index) => {
        if (!isKnown(name, code)) issues.push({ path: `${key}.${name}.${index}`, message: `Okänd kod: ${code}` });
      });
    }
  }
  return issues;
}

/** List-file ids of the search that are not among the known ones. */
export function listFileIssues(search: Pick<Search, "numSet">, known: ReadonlyMap<number, unknown> | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const name of ["includeFile", "excludeFile"] as const) {
    search.numSet[name]?.forEach((id, index) => {
      if (!known?.has(id)) issues.push({ path: `numSet.${name}.${index}`, message: "Okänd listfil" });
    });
  }
  return issues;
}

/**
 * Throws one VALIDATION error naming every list file of the search that `listFiles` lacks: the one check a backend
 * makes, as the files are request context its caller resolves (the API: the user's own files), not part of the search.
 */
export function assertListFilesGiven(search: Pick<Search, "numSet">, listFiles: ReadonlyMap<number, unknown> | undefined): void {
  const issues = listFileIssues(search, listFiles);
  if (issues.length > 0) throw validationError(issues, "Sökningen är ogiltig.");
}

/**
 * The ranges of a shape-checked search as numbers (SearchSchema has checked their form and order). A derived range
 * (search-fields.ts `derive`: company age) becomes bounds on the column it reads, as of today in Sweden.
 */
function rangeConstraints(search: Search, now = new Date()): RangeConstraints {
  const range: RangeConstraints = {};
  for (const [field, value] of Object.entries(search.range) as [RangeField, string | undefined][]) {
    const bounds = value === undefined ? null : parseRange(value);
    if (!bounds || (bounds.from === null && bounds.to === null)) continue;
    const derive = rangeFieldDef(field).derive;
    range[field] = derive ? derive(bounds, swedishToday(now)) : bounds;
  }
  return range;
}

const valid = (search: Search): ValidSearch =>
  ({
    ...search,
    range: rangeConstraints(search),
    textQuery: parseTextQuery(search.text),
    seed: searchSeed(search),
    normalised: search,
  }) as ValidSearch;

/**
 * A shape-checked search (SearchSchema: a parsed body, a deserialised `vad`) → a ValidSearch, or a VALIDATION error
 * naming every unknown code (paths under `prefix` when given).
 */
export function validateSearch(search: Search, prefix?: string): ValidSearch {
  const issues = codeIssues(search);
  if (issues.length > 0)
    throw validationError(prefix ? issues.map((i) => ({ ...i, path: `${prefix}.${i.path}` })) : issues, "Sökningen är ogiltig.");
  return valid(search);
}

/** Untrusted input → a ValidSearch (zod shape, then reference-data codes), or a VALIDATION error. */
export function parseSearch(input: unknown, prefix?: string): ValidSearch {
  return validateSearch(parseSearchOrThrow(input, prefix), prefix);
}

/**
 * A saved search's stored `vad` (Bevakning) → a ValidSearch, or null when it no longer parses: its shape, or a code the
 * reference data has dropped since it was saved. Such a search is skipped, not run.
 */
export function parseSavedSearch(serialized: string): ValidSearch | null {
  const parsed = deserializeSearch(serialized, "serializedSearch");
  return parsed.success && codeIssues(parsed.data).length === 0 ? valid(parsed.data) : null;
}

/** A page number → a VisiblePage, or PAGE_TOO_DEEP (400, VALIDATION naming "page") outside 0 … MAX_PAGE. */
export function visiblePage(page: number): VisiblePage {
  if (Number.isInteger(page) && page >= 0 && page <= MAX_PAGE) return page as VisiblePage;
  throw new AppError("PAGE_TOO_DEEP", 400, PAGE_TOO_DEEP_MESSAGE, {
    type: "VALIDATION",
    issues: [{ path: "page", message: PAGE_TOO_DEEP_MESSAGE }],
  });
}
