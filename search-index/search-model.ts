/**
 * The search model on the server: SearchSchema (workers/shared/search) plus the checks that need reference data or
 * request context: every code must exist in its code list or tree, the page must lie within the 1000 visible records,
 * and every list file a search names must be known. Each failure is a VALIDATION error naming the field.
 */
import { validationError, type FieldIssue } from "#shared/errors";
import { CODE_SET_NAMES, MAX_PAGE, type CodeSetName } from "#shared/search/search-fields";
import { parseSearchOrThrow, type Search } from "#shared/search/search-schema";
import { companyFormEntries, employeeRangeEntries, fiscalYearEntries, isLocationCode, isSniCode } from "./refdata";

const entrySet = (entries: readonly { code: string }[]) => new Set(entries.map((e) => e.code));
const COMPANY_FORMS = entrySet(companyFormEntries);
const FISCAL_YEARS = entrySet(fiscalYearEntries);
const EMPLOYEE_RANGES = entrySet(employeeRangeEntries);

const IS_KNOWN: Record<CodeSetName, (code: string) => boolean> = {
  sni: isSniCode,
  location: isLocationCode,
  companyForm: (code) => COMPANY_FORMS.has(code),
  fiscalYear: (code) => FISCAL_YEARS.has(code),
  employeeRange: (code) => EMPLOYEE_RANGES.has(code),
};

/** Unknown codes of a parsed search, each at its own path ("codeSet.sni.2"). */
export function codeIssues(search: Search): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const name of CODE_SET_NAMES) {
    search.codeSet[name]?.forEach((code, index) => {
      if (!IS_KNOWN[name](code)) issues.push({ path: `codeSet.${name}.${index}`, message: `Okänd kod: ${code}` });
    });
  }
  return issues;
}

/** List-file ids of the search that are not among the known ones. */
export function listFileIssues(search: Search, known: ReadonlyMap<number, unknown> | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const name of ["includeFile", "excludeFile"] as const) {
    search.numSet[name]?.forEach((id, index) => {
      if (!known?.has(id)) issues.push({ path: `numSet.${name}.${index}`, message: "Okänd listfil" });
    });
  }
  return issues;
}

export function pageIssues(page: unknown): FieldIssue[] {
  if (typeof page === "number" && Number.isInteger(page) && page >= 0 && page <= MAX_PAGE) return [];
  return [{ path: "page", message: "Exportera urvalet om du vill se fler träffar." }];
}

/** Throws one VALIDATION error with every issue of a parsed search and its request context. */
export function assertValidSearch(search: Search, context: { page?: number; listFiles?: ReadonlyMap<number, unknown> } = {}): void {
  const issues = [
    ...codeIssues(search),
    ...listFileIssues(search, context.listFiles),
    ...(context.page === undefined ? [] : pageIssues(context.page)),
  ];
  if (issues.length > 0) throw validationError(issues, "Sökningen är ogiltig.");
}

/** Untrusted input → a valid search (zod shape and reference-data codes), or a VALIDATION error. */
export function parseSearch(input: unknown, prefix?: string): Search {
  const search = parseSearchOrThrow(input, prefix);
  const issues = codeIssues(search);
  if (issues.length > 0)
    throw validationError(prefix ? issues.map((i) => ({ ...i, path: `${prefix}.${i.path}` })) : issues, "Sökningen är ogiltig.");
  return search;
}
