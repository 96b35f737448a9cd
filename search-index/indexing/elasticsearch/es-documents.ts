/** Elasticsearch documents from source records: the stored record (and detail) plus the filter, facet and sort fields. */
import {
  COMPANY_CODE_SETS,
  COMPANY_VALUE_FIELDS,
  companyCodes,
  companyValues,
  dateNumber,
  WORKSITE_CODE_SETS,
  worksiteCodes,
} from "../field-sources";
import { packedCompanyText } from "../../document-codec";
import { companyChangeHash, documentHash } from "../document-hash";
import { buildCompanyDetail, buildCompanyRecord, buildWorksiteRecord, companyInfoOf, type WorksiteCompanyInfo } from "../../documents";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../../records";
import { isLimitedCompanyForm, locationCodeToAncestors, sniCodeToAncestors } from "../../refdata";
import { companyTextFields, worksiteTextFields } from "../../free-text";
import { nameSortKey } from "../../text";
import { BOOL_FILTER_NAMES, type BoolFilter } from "#shared/search/search-fields";
import { companyFlags, INHERITED_FLAGS, worksiteFlags } from "../field-sources";
import { FACET_KEYS_FIELD, facetKey, SMALL_CODE_FACETS } from "../../elasticsearch/es-fields";

const paths = (codes: readonly string[], ancestors: (code: string) => string[]) => [
  ...new Set(codes.flatMap((code) => [...ancestors(code), code])),
];
const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/** A record's flat code sets as document fields, each named as its set (field-sources.ts CODE_SET_SOURCES). */
const codeFields = (sets: readonly string[], codes: readonly string[]): Record<string, string> =>
  Object.fromEntries(sets.map((name, s) => [name, codes[s] ?? ""]));

const SMALL_FACETS: readonly string[] = [...SMALL_CODE_FACETS, ...BOOL_FILTER_NAMES];

/** A document with its small facets' values also as `<facet>:<value>` keys in one field (es-fields.ts FACET_KEYS_FIELD). */
function withFacetKeys<T extends Record<string, unknown>>(document: T): T & { [FACET_KEYS_FIELD]: string[] } {
  const keys: string[] = [];
  for (const facet of SMALL_FACETS) {
    const value = document[facet];
    if (typeof value === "string" || typeof value === "boolean") keys.push(facetKey(facet, value));
  }
  return { ...document, [FACET_KEYS_FIELD]: keys };
}

/** What a worksite document needs from its company, kept by the reindex between the two passes. */
export interface EsCompanyFacts extends WorksiteCompanyInfo {
  limited: boolean;
  /** The flags its worksites take over (field-sources.ts INHERITED_FLAGS). */
  inherited: Partial<Record<BoolFilter, boolean>>;
}

export function companyFactsOf(source: CompanySourceRecord): EsCompanyFacts {
  const flags = companyFlags(source);
  // An unknown registration stays unknown on the company's worksites: absent, as on the company.
  const inherited = Object.fromEntries(INHERITED_FLAGS.flatMap((name) => (flags[name] === undefined ? [] : [[name, flags[name]]])));
  return { ...companyInfoOf(source), limited: isLimitedCompanyForm(source.legalFormCode), inherited };
}

/**
 * A company's document. `source` is its packed source record as text (what the embedded backend stores in D1),
 * `sourceHash` that text's hash, and `changeHash` the company's hash in Bevakning's change set: `sourceHash` mixed
 * with `worksitesHashSum`, the sum of its worksites' document hashes (document-hash.ts companyChangeHash), so a
 * change to a worksite alone changes it too (docs/decisions/0024).
 */
export function companyDocument(source: CompanySourceRecord, worksiteMunicipalities: readonly string[] = [], worksitesHashSum = 0) {
  const values = companyValues(source);
  const packed = packedCompanyText(source);
  const sourceHash = documentHash(packed);
  const numbers = Object.fromEntries(COMPANY_VALUE_FIELDS.map((field) => [field, orNull(values[field])]));
  return withFacetKeys({
    id: source.orgSeqNo,
    orgSeqNo: source.orgSeqNo,
    orgNo: source.orgNo,
    ...companyTextFields(source),
    nameSort: nameSortKey(source.name),
    sniMain: paths(source.sniCodes.slice(0, 1), sniCodeToAncestors),
    sniAll: paths(source.sniCodes, sniCodeToAncestors),
    placeOwn: paths([source.seatMunicipalityCode], locationCodeToAncestors),
    placeAll: paths([source.seatMunicipalityCode, ...worksiteMunicipalities], locationCodeToAncestors),
    ...codeFields(COMPANY_CODE_SETS, companyCodes(source)),
    ...companyFlags(source),
    limited: isLimitedCompanyForm(source.legalFormCode),
    ...numbers,
    ownerAges: source.beneficialOwners.map((owner) => owner.age),
    record: buildCompanyRecord(source),
    detail: buildCompanyDetail(source),
    source: packed,
    sourceHash,
    changeHash: companyChangeHash(sourceHash, worksitesHashSum),
  });
}

/** A worksite's free-text fields (it has no people field). */
function worksiteText(source: WorksiteSourceRecord, companyName: string) {
  const { name, address } = worksiteTextFields(source, companyName);
  return { name, address };
}

export function worksiteDocument(source: WorksiteSourceRecord, company: EsCompanyFacts) {
  const record = buildWorksiteRecord(source, company);
  const sizeClass = Number(source.employeeRangeCode);
  const place = paths([source.municipalityCode], locationCodeToAncestors);
  return withFacetKeys({
    id: Number(source.cfarNo),
    cfarNo: source.cfarNo,
    orgSeqNo: source.orgSeqNo,
    orgNo: source.orgNo,
    ...worksiteText(source, company.name),
    sniMain: paths(source.sniCodes.slice(0, 1), sniCodeToAncestors),
    sniAll: paths(source.sniCodes, sniCodeToAncestors),
    placeOwn: place,
    placeAll: place,
    ...codeFields(WORKSITE_CODE_SETS, worksiteCodes(source)),
    employeeRangeSort: sizeClass > 0 ? sizeClass : null,
    ...worksiteFlags(source, company.inherited),
    limited: company.limited,
    turnover: company.turnover,
    earnings: company.earnings,
    numEmployees: company.numEmployees,
    activeFrom: dateNumber(source.activeFrom),
    record,
  });
}
