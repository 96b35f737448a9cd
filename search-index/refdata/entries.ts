/** SCB code lists offered as filters: legal form (juridisk form), fiscal year (closing month), employee size class. */
import entryData from "./data/entries.json" with { type: "json" };
import type { FlatCodeSet } from "#shared/search/search-fields";
import type { RefEntry } from "./ref-node";

const data = entryData as { legalForms: [string, string][]; employeeRanges: [string, string, number | null, number | null][] };

/** SCB juridisk form codes (2 digits) with SCB's Swedish titles. Källa: SCB. */
export const companyFormEntries: RefEntry[] = data.legalForms.map(([code, text]) => ({ code, text }));

/** SCB legal forms that are aktiebolag: bank (41), insurance (42) and other (49) limited companies. */
const LIMITED_COMPANY_FORMS = new Set(["41", "42", "49"]);
export function isLimitedCompanyForm(code: string): boolean {
  return LIMITED_COMPANY_FORMS.has(code);
}

const MONTHS = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];
const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase("sv") + s.slice(1);

/** Fiscal year by closing month, code "1".."12": "12" → "Januari–december", "4" → "Maj–april". */
export const fiscalYearEntries: RefEntry[] = MONTHS.map((closing, i) => ({
  code: String(i + 1),
  text: `${capitalise(MONTHS[(i + 1) % 12] ?? "")}–${closing}`,
}));

/** SCB employee size classes (anstKl) "0".."16"; "0" means the value is missing, "1" means 0 employees. */
export const employeeRangeEntries: RefEntry[] = data.employeeRanges.map(([code, text]) => ({ code, text }));

const bounded = data.employeeRanges.filter(([code]) => code !== "0");

/** The size class of an employee count: null → "0" (missing), 0 → "1", 3 → "2", 12 000 → "16". */
export function employeeRangeCodeFor(employees: number | null): string {
  if (employees === null || !Number.isFinite(employees) || employees < 0) return "0";
  const hit = bounded.find(([, , min, max]) => employees >= (min ?? 0) && (max === null || employees <= max));
  return hit?.[0] ?? "0";
}

/** Bounds of a size class (min, max; max null for the open top class), or null for "0"/unknown. */
export function employeeRangeBounds(code: string): { min: number; max: number | null } | null {
  const hit = bounded.find(([c]) => c === code);
  return hit ? { min: hit[2] ?? 0, max: hit[3] } : null;
}

/**
 * Each flat code set's reference list (search-fields.ts CODE_SETS, its `refdata`): the codes the search accepts, the
 * embedded index's code columns, the texts of the summary and the sheet, and the sidebar's entries in their order.
 */
export const CODE_SET_ENTRIES: Record<FlatCodeSet, readonly RefEntry[]> = {
  companyForm: companyFormEntries,
  fiscalYear: fiscalYearEntries,
  employeeRange: employeeRangeEntries,
};
