/**
 * Reference data (spec §3 "Reference data", §7 /sapi/refdata/*): pure, importable inside a Worker, built from the
 * files in ./sources by `npm run refdata:build` into ./data. Källa: SCB (SNI 2007, regions, code lists).
 */
export type { RefEntry, RefNode } from "./ref-node";
export {
  formatSniCode,
  isSniCode,
  parseSniCode,
  sniCodeToAncestors,
  sniCodeToText,
  sniDetailGroupCodes,
  sniSectionOf,
  sniTree,
} from "./sni";
export {
  counties,
  countyOfMunicipality,
  isLocationCode,
  locationCodeToAncestors,
  locationCodeToText,
  locationTree,
  municipalities,
  type County,
  type Municipality,
} from "./locations";
export { codeToText } from "./code-to-text";
export { searchCodeTexts } from "./code-texts";
export { normalizeSearchText, searchSniTree, sniDetailGroupToKeywords } from "./sni-search";
export {
  CODE_SET_ENTRIES,
  companyFormEntries,
  employeeRangeBounds,
  employeeRangeCodeFor,
  employeeRangeEntries,
  fiscalYearEntries,
  isLimitedCompanyForm,
} from "./entries";
export { companyFormByCode, companyForms, type CompanyForm } from "./company-forms";
export { computeSniAggregation, type SniAggregationEntry } from "./sni-aggregation";
