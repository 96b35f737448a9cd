/**
 * A search in words (pure): every constraint with its Swedish label from the shared field catalogue, codes through
 * the caller's reference-data texts, the marked rows and the sort order. The export worker writes it on the
 * 'Om urvalet' sheet; the API sums it up in one line for "Mina exporter" (issue 28). Reference data lives in
 * search-index, which workers/shared may not import, so the caller passes the code texts in.
 */
import { formatNumber } from "../format";
import {
  BOOL_FILTERS,
  CODE_SETS,
  RANGE_FIELDS,
  SORTS,
  type CodeSetName,
  type RangeField,
  type SortField,
  type SortFieldDef,
} from "./search-fields";
import type { Search } from "./search-schema";

export interface Criterion {
  label: string;
  value: string;
}

export interface MarkedRows {
  exclude: boolean;
  count: number;
}

/** Code → Swedish text per code set (e.g. SNI "62010" → "62.010 Dataprogrammering"). */
export type CodeTexts = Readonly<Record<CodeSetName, (code: string) => string>>;

export const SORT_CRITERION = "Sortering";
/** A criterion's value lists its codes separated by this. */
const CODE_SEPARATOR = "; ";

/** A sort field's name on the sheet (the shared catalogue's, spec §5). */
function sortLabel(field: SortField): string {
  const def: SortFieldDef = SORTS[field];
  return def.label;
}

function rangeText(field: RangeField, value: string): string {
  const [from = "", to = ""] = value.split("_");
  const show = (side: string) => {
    if (RANGE_FIELDS[field].kind === "date") return side.replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3");
    const unit = { money: " kr", age: " år", percent: " %" }[RANGE_FIELDS[field].kind as string] ?? "";
    return formatNumber(Number(side)) + unit;
  };
  if (from && to) return `${show(from)} – ${show(to)}`;
  return from ? `minst ${show(from)}` : `högst ${show(to)}`;
}

/** listFileNumbers: the organisation numbers the search's list files hold, when known (the sheet names them). */
export function describeSearch(search: Search, marked: MarkedRows, codeText: CodeTexts, listFileNumbers?: number): Criterion[] {
  const criteria: Criterion[] = [];
  if (search.text) criteria.push({ label: "Sökord", value: search.text });
  for (const [name, codes] of Object.entries(search.codeSet) as [CodeSetName, string[] | undefined][]) {
    if (codes?.length) criteria.push({ label: CODE_SETS[name].label, value: codes.map(codeText[name]).join(CODE_SEPARATOR) });
  }
  // Excluded codes ("Uteslut", issue 46) as a criterion of their own: "Bransch utom: 62.010 Dataprogrammering".
  for (const [name, codes] of Object.entries(search.excludeCodeSet) as [CodeSetName, string[] | undefined][]) {
    if (codes?.length) criteria.push({ label: `${CODE_SETS[name].label} utom`, value: codes.map(codeText[name]).join(CODE_SEPARATOR) });
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
  // Relevance has one direction: best match first (ascending is read as descending).
  const direction = (s: Search["sort"][number]) =>
    SORTS[s.field].kind === "relevance" ? "bäst träff först" : s.ascending ? "stigande" : "fallande";
  const sort = search.sort.map((s) => `${sortLabel(s.field)} (${direction(s)})`).join(", ");
  criteria.push({ label: SORT_CRITERION, value: sort });
  return criteria;
}

function listFilesText(search: Search, numbers: number | undefined): string {
  const include = search.numSet.includeFile?.length ?? 0;
  const exclude = search.numSet.excludeFile?.length ?? 0;
  const parts = [include ? `${include} inkluderade` : "", exclude ? `${exclude} exkluderade` : ""].filter(Boolean);
  return numbers === undefined ? parts.join(", ") : `${parts.join(", ")} (${formatNumber(numbers)} organisationsnummer)`;
}

/** As the search header (spec §5): a list shows its first two codes, then 'm.fl.'; at most four criteria. */
const CODES_SHOWN = 2;
const CRITERIA_SHOWN = 4;

/**
 * One line for a list of exports: "Bransch: 62.010 Dataprogrammering, 62.020 … m.fl. · Plats: Malmö", without the
 * sort order; "m.fl." closes the line when criteria are left out.
 */
export function summarizeSearch(criteria: readonly Criterion[]): string {
  const shown = criteria.filter((c) => c.label !== SORT_CRITERION);
  const parts = shown.slice(0, CRITERIA_SHOWN).map(({ label, value }) => {
    const codes = value.split(CODE_SEPARATOR);
    const text = codes.length > CODES_SHOWN ? `${codes.slice(0, CODES_SHOWN).join(", ")} m.fl.` : codes.join(", ");
    return label === "Urval" ? text : `${label}: ${text}`;
  });
  return shown.length > CRITERIA_SHOWN ? `${parts.join(" · ")} m.fl.` : parts.join(" · ");
}
