/**
 * The values the equivalence searches draw from, read off the generated dataset: SNI codes and places at every tree
 * level that records really have, name words, organisation numbers and sequence numbers, and every distinct value of
 * each range field (so range bounds often sit exactly on a record's value, where inclusive and exclusive differ).
 */
import { locationCodeToAncestors, sniCodeToAncestors } from "#search-index/refdata/index";
import { tokenize } from "#search-index/text";
import { RANGE_FIELD_NAMES, type CodeSetName, type RangeField } from "#shared/search/search-fields";
import { referenceRangeValues } from "./reference-model";
import { readCompanies, readWorksites } from "#scripts/reindex/source-reader";

/** What one record has, so that a search can stack constraints some record meets together (and still have hits). */
export interface Anchor {
  /** Its SNI codes with their ancestors. */
  sni: string[];
  /** Its (seat) municipality and county. */
  places: string[];
  codes: Partial<Record<Exclude<CodeSetName, "sni" | "location">, string>>;
  words: string[];
}

export interface ValuePools {
  /** SNI codes present (with their ancestors) by level: section, division, group, class, detail group. */
  sniLevels: string[][];
  counties: string[];
  municipalities: string[];
  /** Distinct normalised words of company names, and of worksite names (worksites also match their company's). */
  companyWords: string[];
  worksiteWords: string[];
  /** Raw names, for multi-word texts in their original case and accents. */
  companyNames: string[];
  worksiteNames: string[];
  orgNos: string[];
  orgSeqNos: number[];
  /** Companies that have worksites (numeric.orgSeqNo on a WORKSITE search). */
  employerSeqNos: number[];
  /** Sorted distinct values of each company range field. */
  rangeValues: Record<RangeField, number[]>;
  companyAnchors: Anchor[];
  worksiteAnchors: Anchor[];
}

const sorted = (values: Set<number>) => [...values].sort((a, b) => a - b);
const withAncestors = (codes: readonly string[], ancestors: (code: string) => string[]) => [
  ...new Set(codes.flatMap((code) => [...ancestors(code), code])),
];

function addByLevel(levels: Set<string>[], code: string, ancestors: (code: string) => string[]) {
  const path = [...ancestors(code), code];
  path.forEach((node, depth) => levels[depth]?.add(node));
}

export async function collectValuePools(sourceDir: string): Promise<ValuePools> {
  const sni = [0, 1, 2, 3, 4].map(() => new Set<string>());
  const places = [new Set<string>(), new Set<string>()];
  const companyWords = new Set<string>();
  const worksiteWords = new Set<string>();
  const companyNames: string[] = [];
  const worksiteNames: string[] = [];
  const orgNos: string[] = [];
  const orgSeqNos: number[] = [];
  const employers = new Set<number>();
  const companyAnchors: Anchor[] = [];
  const worksiteAnchors: Anchor[] = [];
  const ranges = new Map<RangeField, Set<number>>(RANGE_FIELD_NAMES.map((f) => [f, new Set()]));
  for await (const company of readCompanies(sourceDir)) {
    for (const code of company.sniCodes) addByLevel(sni, code, sniCodeToAncestors);
    addByLevel(places, company.seatMunicipalityCode, locationCodeToAncestors);
    for (const word of tokenize(company.name)) companyWords.add(word);
    companyNames.push(company.name);
    orgNos.push(company.orgNo);
    orgSeqNos.push(company.orgSeqNo);
    // Every declared range field's values, as the reference model reads them.
    for (const [field, value] of Object.entries(referenceRangeValues(company)) as [RangeField, number | null | undefined][])
      if (value !== null && value !== undefined && !Number.isNaN(value)) ranges.get(field)?.add(value);
    for (const owner of company.beneficialOwners) ranges.get("beneficialOwnerAge")?.add(owner.age);
    companyAnchors.push({
      sni: withAncestors(company.sniCodes, sniCodeToAncestors),
      places: withAncestors([company.seatMunicipalityCode], locationCodeToAncestors),
      codes: { companyForm: company.legalFormCode, fiscalYear: String(company.fiscalYearEndMonth) },
      words: tokenize(company.name),
    });
  }
  for await (const worksite of readWorksites(sourceDir)) {
    for (const code of worksite.sniCodes) addByLevel(sni, code, sniCodeToAncestors);
    addByLevel(places, worksite.municipalityCode, locationCodeToAncestors);
    for (const word of tokenize(worksite.name)) worksiteWords.add(word);
    worksiteNames.push(worksite.name);
    employers.add(worksite.orgSeqNo);
    worksiteAnchors.push({
      sni: withAncestors(worksite.sniCodes, sniCodeToAncestors),
      places: withAncestors([worksite.municipalityCode], locationCodeToAncestors),
      codes: { employeeRange: worksite.employeeRangeCode },
      words: tokenize(worksite.name),
    });
  }
  return {
    sniLevels: sni.map((level) => [...level].sort()),
    counties: [...(places[0] ?? [])].sort(),
    municipalities: [...(places[1] ?? [])].sort(),
    companyWords: [...companyWords].sort(),
    worksiteWords: [...worksiteWords].sort(),
    companyNames,
    worksiteNames,
    orgNos,
    orgSeqNos,
    employerSeqNos: sorted(employers),
    rangeValues: Object.fromEntries([...ranges].map(([field, values]) => [field, sorted(values)])) as Record<RangeField, number[]>,
    companyAnchors,
    worksiteAnchors,
  };
}
