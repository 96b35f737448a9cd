/**
 * The search in words for the 'Om urvalet' sheet: every constraint with its Swedish label (from the shared field
 * catalogue), codes with their reference-data texts, the sort order and the marked rows.
 */
import { companyFormEntries, employeeRangeEntries, fiscalYearEntries, locationCodeToText, sniCodeToText } from "#search-index";
import { formatNumber, formatSniCode } from "#shared/format";
import {
  BOOL_FILTERS,
  CODE_SETS,
  RANGE_FIELDS,
  SORTS,
  type CodeSetName,
  type RangeField,
  type SortField,
  type SortFieldDef,
} from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";

export interface Criterion {
  label: string;
  value: string;
}

export interface MarkedRows {
  exclude: boolean;
  count: number;
}

/** A sort field's name on the sheet: the sort selector's (the shared catalogue's, spec §5). */
function sortLabel(field: SortField): string {
  const def: SortFieldDef = SORTS[field];
  return def.label;
}

const entryText = (entries: readonly { code: string; text: string }[]) => {
  const byCode = new Map(entries.map((e) => [e.code, e.text]));
  return (code: string) => byCode.get(code) ?? code;
};

const CODE_TEXT: Record<CodeSetName, (code: string) => string> = {
  sni: (code) => `${formatSniCode(code)} ${sniCodeToText[code] ?? ""}`.trim(),
  location: (code) => locationCodeToText[code] ?? code,
  companyForm: entryText(companyFormEntries),
  fiscalYear: entryText(fiscalYearEntries),
  employeeRange: entryText(employeeRangeEntries),
};

function rangeText(field: RangeField, value: string): string {
  const [from = "", to = ""] = value.split("_");
  const show = (side: string) => {
    if (RANGE_FIELDS[field].kind === "date") return side.replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3");
    return formatNumber(Number(side)) + (RANGE_FIELDS[field].kind === "money" ? " kr" : "");
  };
  if (from && to) return `${show(from)} – ${show(to)}`;
  return from ? `minst ${show(from)}` : `högst ${show(to)}`;
}

export function describeSearch(search: Search, marked: MarkedRows, listFileNumbers: number): Criterion[] {
  const criteria: Criterion[] = [];
  if (search.text) criteria.push({ label: "Sökord", value: search.text });
  for (const [name, codes] of Object.entries(search.codeSet) as [CodeSetName, string[] | undefined][]) {
    if (codes?.length) criteria.push({ label: CODE_SETS[name].label, value: codes.map(CODE_TEXT[name]).join("; ") });
  }
  if (!search.bool.useMainSni) criteria.push({ label: "Branschurval", value: "Alla branscher, inte bara huvudbransch" });
  if (!search.bool.useLocation) criteria.push({ label: "Platsurval", value: "Även företagens arbetsställen" });
  for (const [field, value] of Object.entries(search.range) as [RangeField, string | undefined][]) {
    if (value) criteria.push({ label: RANGE_FIELDS[field].label, value: rangeText(field, value) });
  }
  for (const [name, value] of Object.entries(search.bool)) {
    if (name in BOOL_FILTERS) criteria.push({ label: BOOL_FILTERS[name as keyof typeof BOOL_FILTERS].label, value: value ? "Ja" : "Nej" });
  }
  if (search.numeric.orgSeqNo !== undefined) criteria.push({ label: "Företag (löpnummer)", value: String(search.numeric.orgSeqNo) });
  const files = (search.numSet.includeFile?.length ?? 0) + (search.numSet.excludeFile?.length ?? 0);
  if (files > 0) criteria.push({ label: "Listfiler", value: listFilesText(search, listFileNumbers) });
  if (criteria.length === 0)
    criteria.push({ label: "Urval", value: search.resultType === "COMPANY" ? "Alla företag" : "Alla arbetsställen" });
  if (marked.count > 0)
    criteria.push({
      label: "Markerade poster",
      value: `${formatNumber(marked.count)} st ${marked.exclude ? "exkluderade" : "inkluderade"}`,
    });
  const sort = search.sort.map((s) => `${sortLabel(s.field)} (${s.ascending ? "stigande" : "fallande"})`).join(", ");
  criteria.push({ label: "Sortering", value: sort });
  return criteria;
}

function listFilesText(search: Search, numbers: number): string {
  const include = search.numSet.includeFile?.length ?? 0;
  const exclude = search.numSet.excludeFile?.length ?? 0;
  const parts = [include ? `${include} inkluderade` : "", exclude ? `${exclude} exkluderade` : ""].filter(Boolean);
  return `${parts.join(", ")} (${formatNumber(numbers)} organisationsnummer)`;
}

/** Data sources named on 'Om urvalet'; SCB must be credited as "Källa: SCB". */
export const EXPORT_SOURCES = [
  "Källa: SCB (företagsregistret, branschindelning SNI 2007, regionindelning)",
  "Bolagsverket (företagsuppgifter, befattningshavare, årsredovisningar)",
];
