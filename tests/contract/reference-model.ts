/**
 * A brute-force reference for the property test: filters the fixture's source records directly, one predicate per
 * constraint, and counts facets by their definition (each facet drops only its own constraint). Written
 * independently of the backends' data structures.
 */
import type { ListFileMap } from "#search-index/backend";
import type { CompanySourceRecord, WorksiteSourceRecord } from "#search-index/records";
import { isLimitedCompanyForm, locationCodeToAncestors, normalizeSearchText, sniCodeToAncestors } from "#search-index/refdata/index";
import { BOOL_FILTERS, RANGE_FIELDS, type RangeField } from "#shared/search/search-fields";
import { parseRange, type Search } from "#shared/search/search-schema";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";

interface Fact {
  orgNo: string;
  orgSeqNo: number;
  words: string[];
  flags: Record<string, boolean>;
  limited: boolean;
  mainSni: string[];
  allSni: string[];
  ownPlace: string[];
  allPlaces: string[];
  codes: Record<string, string>;
  values: Partial<Record<RangeField, number | null>>;
  ownerAges: number[];
}

const withAncestors = (codes: string[], ancestors: (c: string) => string[]) => [...new Set(codes.flatMap((c) => [...ancestors(c), c]))];
const wordsOf = (...names: string[]) => names.flatMap((n) => normalizeSearchText(n).split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
const dateNum = (d: string) => Number(d.replaceAll("-", ""));

function companyFact(c: CompanySourceRecord, worksites: WorksiteSourceRecord[]): Fact {
  const latest = [...c.financialPeriods].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))[0]?.company;
  return {
    orgNo: c.orgNo,
    orgSeqNo: c.orgSeqNo,
    words: wordsOf(c.name),
    flags: {
      hasPhone: c.phoneNumbers.length > 0,
      fTax: c.fTaxReg,
      vatReg: c.vatReg,
      employerReg: c.employerReg,
      listed: c.isListed,
      inGroup: c.groupMotherOrgNo !== null,
      ownerManaged: c.isOwnerManaged,
      hasAuditor: c.hasAuditor,
      auditObligation: c.auditObligation,
      shelfCompany: c.isShelfCompany,
    },
    limited: isLimitedCompanyForm(c.legalFormCode),
    mainSni: withAncestors(c.sniCodes.slice(0, 1), sniCodeToAncestors),
    allSni: withAncestors(c.sniCodes, sniCodeToAncestors),
    ownPlace: withAncestors([c.seatMunicipalityCode], locationCodeToAncestors),
    allPlaces: withAncestors(
      [c.seatMunicipalityCode, ...worksites.filter((w) => w.orgSeqNo === c.orgSeqNo).map((w) => w.municipalityCode)],
      locationCodeToAncestors,
    ),
    codes: { companyForm: c.legalFormCode, fiscalYear: String(c.fiscalYearEndMonth) },
    values: {
      turnover: c.turnover,
      earnings: c.earnings,
      dividend: c.dividend,
      numEmployees: c.numEmployees,
      scoring: c.scoring,
      managerAge: c.managerAge,
      createdDate: dateNum(c.createdDate),
      totalAssets: latest?.totalAssets ?? null,
      totalEquity: latest?.totalEquity ?? null,
      sumOfCashBank: latest?.sumOfCashBank ?? null,
      personnelExpenses: latest?.personnelExpenses ?? null,
      operatingResult: latest?.earningsAfterDepreciation ?? null,
      profitForTheYear: latest?.profitAndLossForTheYear ?? null,
    },
    ownerAges: c.beneficialOwners.map((o) => o.age),
  };
}

function worksiteFact(w: WorksiteSourceRecord, c: CompanySourceRecord): Fact {
  const place = withAncestors([w.municipalityCode], locationCodeToAncestors);
  return {
    orgNo: c.orgNo,
    orgSeqNo: c.orgSeqNo,
    words: wordsOf(w.name, c.name),
    flags: { hasPhone: !!w.phoneNumber, headquarters: w.headquarters, fTax: c.fTaxReg, vatReg: c.vatReg, employerReg: c.employerReg },
    limited: isLimitedCompanyForm(c.legalFormCode),
    mainSni: withAncestors(w.sniCodes.slice(0, 1), sniCodeToAncestors),
    allSni: withAncestors(w.sniCodes, sniCodeToAncestors),
    ownPlace: place,
    allPlaces: place,
    codes: { employeeRange: w.employeeRangeCode },
    values: { turnover: c.turnover, earnings: c.earnings, numEmployees: c.numEmployees },
    ownerAges: [],
  };
}

const companies = fixtureCompanies();
const worksites = fixtureWorksites();
const FACTS = {
  COMPANY: companies.map((c) => companyFact(c, worksites)),
  WORKSITE: worksites.map((w) => worksiteFact(w, companies.find((c) => c.orgSeqNo === w.orgSeqNo) as CompanySourceRecord)),
};

function hardPredicate(search: Search, listFiles: ListFileMap | undefined): (f: Fact) => boolean {
  const text = (search.text ?? "").trim();
  const orgNoText = /^(?:16|19|20)?(\d{6})-?(\d{4})$/.exec(text.replace(/\s/g, ""));
  const tokens = text === "" ? [] : wordsOf(text);
  const include = search.numSet.includeFile?.length ? new Set(search.numSet.includeFile.flatMap((id) => listFiles?.get(id) ?? [])) : null;
  const exclude = new Set((search.numSet.excludeFile ?? []).flatMap((id) => listFiles?.get(id) ?? []));
  const ranges = Object.entries(search.range).map(([field, value]) => [field as RangeField, parseRange(value)] as const);
  return (f) => {
    if (search.numeric.orgSeqNo !== undefined && f.orgSeqNo !== search.numeric.orgSeqNo) return false;
    if (orgNoText) {
      if (f.orgNo !== `${orgNoText[1]}-${orgNoText[2]}`) return false;
    } else if (!tokens.every((t) => f.words.some((w) => w.startsWith(t)))) return false;
    if ((include && !include.has(f.orgNo)) || exclude.has(f.orgNo)) return false;
    for (const [field, bounds] of ranges) {
      if (!bounds || (bounds.from === null && bounds.to === null)) continue;
      if (RANGE_FIELDS[field].limitedCompanyOnly && !f.limited) return false;
      const inRange = (v: number) => (bounds.from === null || v >= bounds.from) && (bounds.to === null || v <= bounds.to);
      if (field === "beneficialOwnerAge" ? !f.ownerAges.some(inRange) : f.values[field] == null || !inRange(f.values[field] as number))
        return false;
    }
    return true;
  };
}

type Soft = Record<string, (f: Fact) => boolean>;

function softPredicates(search: Search): Soft {
  const soft: Soft = {};
  const sni = search.codeSet.sni ?? [];
  if (sni.length) soft.sni = (f) => (search.bool.useMainSni ? f.mainSni : f.allSni).some((c) => sni.includes(c));
  const location = search.codeSet.location ?? [];
  if (location.length) soft.location = (f) => (search.bool.useLocation ? f.ownPlace : f.allPlaces).some((c) => location.includes(c));
  for (const name of ["companyForm", "fiscalYear", "employeeRange"] as const) {
    const codes = search.codeSet[name] ?? [];
    if (codes.length) soft[name] = (f) => codes.includes(f.codes[name] ?? "");
  }
  for (const name of Object.keys(BOOL_FILTERS) as (keyof typeof BOOL_FILTERS)[]) {
    const want = search.bool[name];
    if (want !== undefined) soft[name] = (f) => f.flags[name] === want;
  }
  return soft;
}

function count(values: string[][]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const list of values) for (const v of list) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/** Hit count and facet counts (no `_all`) by brute force. */
export function referenceSearch(search: Search, listFiles?: ListFileMap) {
  const facts = FACTS[search.resultType].filter(hardPredicate(search, listFiles));
  const soft = softPredicates(search);
  const passing = (except: string) => facts.filter((f) => Object.entries(soft).every(([name, p]) => name === except || p(f)));
  const aggregations: Record<string, Record<string, number>> = {
    sni: count(passing("sni").map((f) => (search.bool.useMainSni ? f.mainSni : f.allSni))),
    location: count(
      passing("location").map((f) => (search.bool.useLocation || search.resultType === "WORKSITE" ? f.ownPlace : f.allPlaces)),
    ),
  };
  const small = search.resultType === "COMPANY" ? ["companyForm", "fiscalYear"] : ["employeeRange"];
  for (const name of small) aggregations[name] = count(passing(name).map((f) => [f.codes[name] ?? ""]));
  for (const [name, def] of Object.entries(BOOL_FILTERS)) {
    if (!def.types.includes(search.resultType)) continue;
    const rows = passing(name);
    aggregations[name] = { true: rows.filter((f) => f.flags[name]).length, false: rows.filter((f) => !f.flags[name]).length };
  }
  return { hitCount: passing("").length, aggregations };
}
