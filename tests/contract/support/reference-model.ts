/**
 * A brute-force reference for the property test: filters the fixture's source records directly, one predicate per
 * constraint, and counts facets by their definition (each facet drops only its own constraint). Written
 * independently of the backends' data structures.
 */
import type { ListFileMap } from "#search-index/backend";
import { parseTextQuery, STOP_WORDS, TEXT_SCORES, type TextQuery, type TextWord } from "#search-index/free-text";
import type { Address, CompanySourceRecord, WorksiteSourceRecord } from "#search-index/records";
import { isLimitedCompanyForm, locationCodeToAncestors, normalizeSearchText, sniCodeToAncestors } from "#search-index/refdata/index";
import {
  BOOL_FILTERS,
  CODE_SETS,
  FLAT_CODE_SETS,
  RANGE_FIELDS,
  swedishToday,
  type CodeSetName,
  type RangeField,
} from "#shared/search/search-fields";
import { parseRange, type Search } from "#shared/search/search-schema";
import { fixtureCompanies, fixtureWorksites } from "../../fixtures/search/fixture-dataset";

/** A record's free-text words per field (stop words left out), as the reference reads its source record. */
interface TextWords {
  name: string[];
  address: string[];
  people: string[];
}

interface Fact {
  orgNo: string;
  orgSeqNo: number;
  id: number;
  turnover: number | null;
  text: TextWords;
  /** A flag's value; absent where unknown (Gasell with too few periods): neither 'Ja' nor 'Nej'. */
  flags: Record<string, boolean | undefined>;
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
const wordsOf = (...names: (string | null | undefined)[]) =>
  names.flatMap((n) => normalizeSearchText(n ?? "").split(/[^\p{L}\p{N}]+/u)).filter((w) => w !== "" && !STOP_WORDS.has(w));
const addressWords = (...addresses: (Address | null)[]) => wordsOf(...addresses.flatMap((a) => [a?.streetAddress, a?.city]));
const dateNum = (d: string) => Number(d.replaceAll("-", ""));

/** A company's age in whole years on `today` (YYYYMMDD), from its registration date ("YYYY-MM-DD"), counted by hand. */
export function companyAgeOn(createdDate: string, today: number): number {
  const [year, month, day] = createdDate.split("-").map(Number) as [number, number, number];
  const nowYear = Math.floor(today / 10_000);
  const birthdayPassed = today % 10_000 >= month * 100 + day;
  return nowYear - year - (birthdayPassed ? 0 : 1);
}

/** Days from one ISO date to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Growth by hand (decision 0066): the SEK periods newest first; the change between the first two, and DI's gazelle
 * criteria over the first four. undefined/null where the periods are too few, or where they are not consecutive full
 * fiscal years (358–373 days each, each starting 1–8 days after the one before ended). The fixture has no period in
 * another currency, so a currency is simply refused here.
 */
function growthFacts(c: CompanySourceRecord) {
  const periods = [...c.financialPeriods].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
  if (periods.some((p) => p.currency !== undefined)) throw new Error("the reference reads SEK periods only");
  const fullYear = (k: number) => {
    const p = periods[k];
    const days = p ? daysBetween(p.periodStart, p.periodEnd) + 1 : 0;
    return days >= 358 && days <= 373;
  };
  // Period k (newest first) follows period k + 1 with no gap, both full years.
  const follows = (k: number) => {
    const newer = periods[k];
    const older = periods[k + 1];
    if (!newer || !older || !fullYear(k) || !fullYear(k + 1)) return false;
    const gap = daysBetween(older.periodEnd, newer.periodStart);
    return gap >= 1 && gap <= 8;
  };
  const [latest, previous] = follows(0) ? periods.map((p) => p.company) : [];
  const before = previous?.turnover ?? null;
  const now = latest?.turnover ?? null;
  const turnoverChange = before !== null && before > 0 && now !== null ? Math.round((100 * (now - before)) / before) : null;
  const employeesNow = latest?.numberOfEmployees ?? null;
  const employeesBefore = previous?.numberOfEmployees ?? null;
  const employeeChange = employeesNow !== null && employeesBefore !== null ? employeesNow - employeesBefore : null;
  let gasell: boolean | undefined;
  if (periods.length >= 4 && follows(0) && follows(1) && follows(2)) {
    const newest = periods[0]?.company.numberOfEmployees ?? null;
    const [t4, t3, t2, t1] = periods.slice(0, 4).map((p) => p.company.turnover ?? Number.NaN) as [number, number, number, number];
    const results = periods.slice(0, 4).reduce((sum, p) => sum + (p.company.earningsAfterDepreciation ?? Number.NaN), 0);
    if (![t1, t2, t3, t4, results, newest ?? Number.NaN].some(Number.isNaN))
      gasell = t4 > 10e6 && (newest ?? 0) >= 10 && t4 >= 2 * t1 && t1 < t2 && t2 < t3 && t3 < t4 && results > 0;
  }
  return { turnoverChange, employeeChange, gasell };
}

function companyFact(c: CompanySourceRecord, worksites: WorksiteSourceRecord[]): Fact {
  const growth = growthFacts(c);
  const latest = [...c.financialPeriods].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))[0]?.company;
  return {
    orgNo: c.orgNo,
    orgSeqNo: c.orgSeqNo,
    id: c.orgSeqNo,
    turnover: c.turnover,
    text: {
      name: wordsOf(c.name),
      address: addressWords(c.postalAddress, c.visitingAddress),
      people: wordsOf(c.managerName, ...c.boardMembers.map((m) => m.name)),
    },
    flags: {
      hasPhone: c.phoneNumbers.length > 0,
      // Unknown (the free registers) is neither 'Ja' nor 'Nej'.
      fTax: c.fTaxReg ?? undefined,
      vatReg: c.vatReg ?? undefined,
      employerReg: c.employerReg ?? undefined,
      listed: c.isListed,
      inGroup: c.groupMotherOrgNo !== null,
      ownerManaged: c.isOwnerManaged,
      hasAuditor: c.hasAuditor,
      auditObligation: c.auditObligation,
      shelfCompany: c.isShelfCompany,
      gasell: growth.gasell,
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
      turnoverChange: growth.turnoverChange,
      employeeChange: growth.employeeChange,
      scoring: c.scoring,
      managerAge: c.managerAge,
      createdDate: dateNum(c.createdDate),
      companyAge: companyAgeOn(c.createdDate, swedishToday()),
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

/** A company's range values as the reference counts them (the random equivalence searches draw their bounds from these). */
export const referenceRangeValues = (c: CompanySourceRecord): Fact["values"] => companyFact(c, []).values;

function worksiteFact(w: WorksiteSourceRecord, c: CompanySourceRecord): Fact {
  const place = withAncestors([w.municipalityCode], locationCodeToAncestors);
  return {
    orgNo: c.orgNo,
    orgSeqNo: c.orgSeqNo,
    id: Number(w.cfarNo),
    turnover: c.turnover,
    text: { name: wordsOf(w.name, c.name), address: addressWords(w.postalAddress, w.visitingAddress), people: [] },
    flags: {
      hasPhone: !!w.phoneNumber,
      headquarters: w.headquarters,
      fTax: c.fTaxReg ?? undefined,
      vatReg: c.vatReg ?? undefined,
      employerReg: c.employerReg ?? undefined,
    },
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

/** The optimal string alignment distance, written out here apart from search-index/fuzzy.ts (a reference of its own). */
function editDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  const d = s.map(() => new Array<number>(t.length + 1).fill(0));
  const at = (i: number, j: number): number => (i < 0 ? j + 1 : j < 0 ? i + 1 : ((d[i] as number[])[j + 1] as number));
  for (let i = 0; i < s.length; i++) {
    (d[i] as number[])[0] = i + 1;
    for (let j = 0; j < t.length; j++) {
      const options = [at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (s[i] === t[j] ? 0 : 1)];
      if (i > 0 && j > 0 && s[i] === t[j - 1] && s[i - 1] === t[j]) options.push(at(i - 2, j - 2) + 1);
      (d[i] as number[])[j + 1] = Math.min(...options);
    }
  }
  return s.length === 0 ? t.length : at(s.length - 1, t.length - 1);
}

/** One field's score for a word: the whole word, or (for the last word) a word starting with it. */
function fieldScore(words: readonly string[], word: TextWord, scores: { exact: number; prefix: number }): number {
  if (word.word === null) return 0;
  const spellingScore = (spelling: string, { exact, prefix }: { exact: number; prefix: number }) => {
    if (words.includes(spelling)) return exact;
    return word.prefix && words.some((w) => w.startsWith(spelling)) ? prefix : 0;
  };
  // A forgiving retry's other spellings (issue 38) score the field's prefix score, whole word or prefix alike.
  const variants = (word.variants ?? []).map((v) => spellingScore(v, { exact: scores.prefix, prefix: scores.prefix }));
  // Its typing errors (issue 48 point 7): a whole word within the edits, by the plain distance table, one below the
  // prefix score (at least 1).
  const fuzzy = (word.fuzzy ?? 0) > 0 && words.some((w) => editDistance(w, word.word as string) <= (word.fuzzy as number));
  return Math.max(spellingScore(word.word, scores), ...variants, fuzzy ? Math.max(1, scores.prefix - 1) : 0);
}

function codeScore(codes: readonly string[], matches: TextWord["industries"]): number {
  return Math.max(0, ...matches.filter((m) => codes.includes(m.code)).map((m) => m.score));
}

/** A word's best field for a record (0: no field has it). */
function wordScore(f: Fact, word: TextWord): number {
  const digits = Number(f.orgNo.replace("-", ""));
  const orgNo = word.orgNo && digits >= word.orgNo.from && digits <= word.orgNo.to ? (word.word === null ? 7 : 6) : 0;
  return Math.max(
    orgNo,
    fieldScore(f.text.name, word, TEXT_SCORES.name),
    fieldScore(f.text.address, word, TEXT_SCORES.address),
    fieldScore(f.text.people, word, TEXT_SCORES.person),
    codeScore(f.allSni, word.industries),
    codeScore(f.ownPlace, word.places),
  );
}

/** A record's free-text score: the sum of its words' best fields; null when a word matches nowhere (or no words). */
export function referenceTextScore(f: Fact, query: TextQuery): number | null {
  if (query.words.length === 0) return null;
  let total = 0;
  for (const word of query.words) {
    const score = wordScore(f, word);
    if (score === 0) return null;
    total += score;
  }
  return total;
}

function hardPredicate(search: Search, listFiles: ListFileMap | undefined, textQuery?: TextQuery | null): (f: Fact) => boolean {
  const query = textQuery === undefined ? parseTextQuery(search.text) : textQuery;
  const include = search.numSet.includeFile?.length ? new Set(search.numSet.includeFile.flatMap((id) => listFiles?.get(id) ?? [])) : null;
  const exclude = new Set((search.numSet.excludeFile ?? []).flatMap((id) => listFiles?.get(id) ?? []));
  const ranges = Object.entries(search.range).map(([field, value]) => [field as RangeField, parseRange(value)] as const);
  return (f) => {
    if (search.numeric.orgSeqNo !== undefined && f.orgSeqNo !== search.numeric.orgSeqNo) return false;
    if (query && referenceTextScore(f, query) === null) return false;
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

/**
 * A code set's rule (docs/decisions/0064): one of the record's codes (a tree's: every code on its paths) is chosen,
 * or nothing is; and none of them is excluded.
 */
function codeSetPredicate(search: Search, name: CodeSetName, codesOf: (f: Fact) => readonly string[]): ((f: Fact) => boolean) | null {
  const chosen = search.codeSet[name] ?? [];
  const excluded = search.excludeCodeSet[name] ?? [];
  if (chosen.length === 0 && excluded.length === 0) return null;
  return (f) => {
    const codes = codesOf(f);
    return (chosen.length === 0 || codes.some((c) => chosen.includes(c))) && !codes.some((c) => excluded.includes(c));
  };
}

function softPredicates(search: Search): Soft {
  const soft: Soft = {};
  const rules: (readonly [CodeSetName, (f: Fact) => readonly string[]])[] = [
    ["sni", (f) => (search.bool.useMainSni ? f.mainSni : f.allSni)],
    ["location", (f) => (search.bool.useLocation ? f.ownPlace : f.allPlaces)],
    // Every flat code set on the record's code, as the facts below write it by hand.
    ...FLAT_CODE_SETS.map((name) => [name, (f: Fact) => [f.codes[name] ?? ""]] as const),
  ];
  for (const [name, codesOf] of rules) {
    const predicate = codeSetPredicate(search, name, codesOf);
    if (predicate) soft[name] = predicate;
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
export function referenceSearch(search: Search, listFiles?: ListFileMap, textQuery?: TextQuery | null) {
  const facts = FACTS[search.resultType].filter(hardPredicate(search, listFiles, textQuery));
  const soft = softPredicates(search);
  const passing = (except: string) => facts.filter((f) => Object.entries(soft).every(([name, p]) => name === except || p(f)));
  const aggregations: Record<string, Record<string, number>> = {
    sni: count(passing("sni").map((f) => (search.bool.useMainSni ? f.mainSni : f.allSni))),
    location: count(
      passing("location").map((f) => (search.bool.useLocation || search.resultType === "WORKSITE" ? f.ownPlace : f.allPlaces)),
    ),
  };
  const small = FLAT_CODE_SETS.filter((name) => CODE_SETS[name].types.includes(search.resultType));
  for (const name of small) aggregations[name] = count(passing(name).map((f) => [f.codes[name] ?? ""]));
  for (const [name, def] of Object.entries(BOOL_FILTERS)) {
    if (!def.types.includes(search.resultType)) continue;
    const rows = passing(name);
    aggregations[name] = {
      true: rows.filter((f) => f.flags[name] === true).length,
      false: rows.filter((f) => f.flags[name] === false).length,
    };
  }
  return { hitCount: passing("").length, aggregations };
}

/**
 * The ids of a text search's hits in relevance order (score, then turnover highest first with missing last, then id):
 * what both backends must answer for the relevance sort.
 */
export function referenceRelevanceOrder(search: Search, listFiles?: ListFileMap, textQuery?: TextQuery | null): number[] {
  const query = textQuery === undefined ? parseTextQuery(search.text) : textQuery;
  const facts = FACTS[search.resultType].filter(hardPredicate(search, listFiles, textQuery));
  const soft = softPredicates(search);
  const hits = facts.filter((f) => Object.values(soft).every((p) => p(f)));
  const score = (f: Fact) => (query ? (referenceTextScore(f, query) ?? 0) : 0);
  return hits.sort((a, b) => score(b) - score(a) || (b.turnover ?? -Infinity) - (a.turnover ?? -Infinity) || a.id - b.id).map((f) => f.id);
}

/**
 * A range field's histogram by brute force (issue 39): the bins of the records passing every constraint but the
 * field's own range, and of every record of the type; a record without a value is in no bin.
 */
export function referenceHistogram(search: Search, field: RangeField, edges: readonly number[], listFiles?: ListFileMap) {
  const { [field]: _own, ...others } = search.range;
  const relaxed = { ...search, range: others };
  const soft = Object.values(softPredicates(relaxed));
  const bins = (facts: Fact[]) => {
    const counts = new Array<number>(edges.length + 1).fill(0);
    let missing = 0;
    for (const f of facts) {
      const value = f.values[field];
      if (value == null) {
        missing++;
        continue;
      }
      const bin = edges.filter((edge) => edge <= value).length;
      counts[bin] = (counts[bin] ?? 0) + 1;
    }
    return { counts, missing };
  };
  const facts = FACTS[search.resultType];
  const selection = bins(facts.filter(hardPredicate(relaxed, listFiles)).filter((f) => soft.every((p) => p(f))));
  const all = bins(facts);
  return { counts: selection.counts, all: all.counts, missing: selection.missing, allMissing: all.missing };
}
