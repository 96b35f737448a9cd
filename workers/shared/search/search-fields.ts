/**
 * The catalogue of search fields (spec §3 search object, §5 filters and sort options): which range, boolean, code-set
 * and sort fields exist, for which result type, and their bounds. Pure data shared by the API, the search backends and
 * the web app.
 */
import { stockholmWallClock } from "../stockholm-time";

export const RESULT_TYPES = ["COMPANY", "WORKSITE"] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

const BOTH: readonly ResultType[] = ["COMPANY", "WORKSITE"];
const COMPANY_ONLY: readonly ResultType[] = ["COMPANY"];
const WORKSITE_ONLY: readonly ResultType[] = ["WORKSITE"];

/** How a range reads and steps: kronor, a count (employees; signed for a change), years, a grade, a date or a percentage. */
export type RangeKind = "money" | "count" | "age" | "grade" | "date" | "percent";

/**
 * The sidebar's groups of range filters, in their order (sidebar.tsx): a range field declares its group. A group for
 * limited companies shows only while the search can hold limited companies (or sets one of its fields).
 */
export const RANGE_GROUPS = {
  economy: { title: { COMPANY: "Ekonomi", WORKSITE: "Företagets ekonomi" }, limitedCompanies: false },
  company: { title: { COMPANY: "Företaget", WORKSITE: "Företaget" }, limitedCompanies: false },
  accounts: { title: { COMPANY: "Bokslut (aktiebolag)", WORKSITE: "Bokslut (aktiebolag)" }, limitedCompanies: true },
} as const satisfies Record<string, { title: Record<ResultType, string>; limitedCompanies: boolean }>;
export type RangeGroup = keyof typeof RANGE_GROUPS;

/** A range's bounds as numbers, either end open (null). */
export interface Bounds {
  from: number | null;
  to: number | null;
}

/**
 * A range filter's declaration. Everything else derives from it: the URL and API key (its name, under `range`, as
 * "from_to"), the sidebar group and the slider (kind, bounds), the summary line and the 'Om urvalet' sheet (label,
 * kind), the document field and embedded column (`column`, an Elasticsearch `es` field, a `range` clause), the
 * histogram and the saved searches. Where a stored value comes from is declared in search-index/field-sources.ts.
 */
export interface RangeFieldDef {
  label: string;
  kind: RangeKind;
  min: number;
  /** Upper UI bound; registration dates end on 31 December of the current year (see rangeMax). */
  max: number;
  types: readonly ResultType[];
  /** A constraint on this field also restricts the hits to limited companies (company forms 41, 42, 49). */
  limitedCompanyOnly: boolean;
  group: RangeGroup;
  /** The document field and embedded column the range is matched on (the field's own name unless it reads another's). */
  column: string;
  /** The column's Elasticsearch type. */
  es: "double" | "integer" | "long";
  /** The column holds several values per record (the range matches when one of them lies in it). */
  list: boolean;
  /** Whether the filter shows its distribution (issue 39). */
  histogram: boolean;
  exportColumns: ExportColumns;
  /** How a saved search's suggested name says the range ("10–49 anställda"): the unit after the numbers; absent, it is left out. */
  nameUnit?: string;
  /** The suggested name says the range as the summary line does, lower-cased ("omsättningsförändring från 20 %"). */
  nameAsSummary?: boolean;
  /**
   * A range on another field's column, translated when the search is parsed (search-model.ts): the user's bounds
   * → bounds on `column` as of `today` (YYYYMMDD). A derived field stores nothing of its own.
   */
  derive?: (bounds: Bounds, today: number) => Bounds;
}

type RangeOptions = Partial<Omit<RangeFieldDef, "label" | "kind" | "min" | "max">> & { group: RangeGroup };

const ES_TYPES: Record<RangeKind, RangeFieldDef["es"]> = {
  money: "double",
  count: "integer",
  age: "integer",
  grade: "integer",
  date: "long",
  percent: "integer",
};

function range(name: string, label: string, kind: RangeKind, min: number, max: number, options: RangeOptions): RangeFieldDef {
  return {
    label,
    kind,
    min,
    max,
    types: COMPANY_ONLY,
    limitedCompanyOnly: false,
    column: name,
    es: ES_TYPES[kind],
    list: false,
    histogram: true,
    exportColumns: { COMPANY: [name] },
    ...options,
  };
}

const money = (name: string, label: string, min: number, max: number, options: RangeOptions) =>
  range(name, label, "money", min, max, options);
const account = (name: string, label: string, exportColumn: string) =>
  money(name, label, 0, 1e11, { group: "accounts", limitedCompanyOnly: true, exportColumns: { COMPANY: [`financial.${exportColumn}`] } });

/** Today's date in Sweden as YYYYMMDD. */
export function swedishToday(now = new Date()): number {
  const { year, month, day } = stockholmWallClock(now);
  return year * 10_000 + month * 100 + day;
}

/**
 * Company age in whole years on the day of the search, from the registration date: age ≥ a while registered on or
 * before today a years ago; age ≤ b while registered after today b + 1 years ago (YYYYMMDD minus n × 10 000 is the
 * same day n years earlier). Fractional bounds round inward, and bounds are held within ±10 000 years (beyond them no
 * date matches).
 */
export function ageToDateBounds(bounds: Bounds, today: number): Bounds {
  const years = (age: number) => Math.min(10_000, Math.max(-10_000, age)) * 10_000;
  return {
    from: bounds.to === null ? null : today - years(Math.floor(bounds.to) + 1) + 1,
    to: bounds.from === null ? null : today - years(Math.ceil(bounds.from)),
  };
}

/**
 * Range filters, in the order the sidebar shows each group and the summary line says them. Money in whole kronor. For
 * worksites, turnover, earnings and numEmployees are the company's figures. The detail financial items come from the
 * company part of the latest financial period.
 */
export const RANGE_FIELDS = {
  turnover: money("turnover", "Omsättning", 0, 1e9, {
    group: "economy",
    types: BOTH,
    exportColumns: { COMPANY: ["turnover"], WORKSITE: ["companyTurnover"] },
  }),
  earnings: money("earnings", "Resultat", -1e8, 1e8, { group: "economy", types: BOTH }),
  dividend: money("dividend", "Utdelning", 0, 1e8, { group: "accounts", limitedCompanyOnly: true }),
  numEmployees: range("numEmployees", "Antal anställda", "count", 0, 10_000, {
    group: "economy",
    types: BOTH,
    exportColumns: { COMPANY: ["numEmployees"], WORKSITE: ["companyNumberOfEmployees"] },
    nameUnit: "anställda",
  }),
  // Growth between the two latest financial periods (docs/decisions/0066): a company with fewer is left out.
  turnoverChange: range("turnoverChange", "Omsättningsförändring", "percent", -100, 1_000, {
    group: "economy",
    exportColumns: { COMPANY: ["turnoverChange"] },
    nameAsSummary: true,
  }),
  employeeChange: range("employeeChange", "Förändring av antal anställda", "count", -1_000, 1_000, {
    group: "economy",
    exportColumns: { COMPANY: ["employeeChange"] },
    nameAsSummary: true,
  }),
  scoring: range("scoring", "Kreditbetyg", "grade", 1, 4, { group: "company" }),
  createdDate: range("createdDate", "Registreringsdatum", "date", 19000101, 99991231, { group: "company" }),
  companyAge: range("companyAge", "Företagets ålder", "age", 0, 100, {
    group: "company",
    column: "createdDate",
    histogram: false,
    exportColumns: { COMPANY: ["createdDate"] },
    derive: ageToDateBounds,
  }),
  managerAge: range("managerAge", "Befattningshavarens ålder", "age", 18, 99, { group: "company" }),
  beneficialOwnerAge: range("beneficialOwnerAge", "Verklig huvudmans ålder", "age", 18, 99, {
    group: "company",
    column: "ownerAges",
    list: true,
    histogram: false,
    exportColumns: {},
  }),
  totalAssets: account("totalAssets", "Summa tillgångar", "totalAssets"),
  totalEquity: account("totalEquity", "Eget kapital", "totalEquity"),
  sumOfCashBank: account("sumOfCashBank", "Kassa och bank", "sumOfCashBank"),
  personnelExpenses: account("personnelExpenses", "Personalkostnader", "personnelExpenses"),
  operatingResult: account("operatingResult", "Rörelseresultat", "earningsAfterDepreciation"),
  profitForTheYear: account("profitForTheYear", "Årets resultat", "profitAndLossForTheYear"),
} as const satisfies Record<string, RangeFieldDef>;
export type RangeField = keyof typeof RANGE_FIELDS;
export const RANGE_FIELD_NAMES = Object.keys(RANGE_FIELDS) as RangeField[];
/** A range field's declaration, widened (the optional parts readable on any field). */
export const rangeFieldDef = (field: RangeField): RangeFieldDef => RANGE_FIELDS[field];

/** The UI's upper bound of a range field; registration dates end on 31 December of the current year (spec §5). */
export function rangeMax(field: RangeField, now = new Date()): number {
  if (field === "createdDate") return now.getUTCFullYear() * 10_000 + 1231;
  return RANGE_FIELDS[field].max;
}

export interface FieldDef {
  label: string;
  types: readonly ResultType[];
}

/** Export catalogue columns (api-contracts/export-columns.ts) that show a field's value, per result type. */
export type ExportColumns = Partial<Record<ResultType, readonly string[]>>;

/**
 * A yes/no filter's declaration. Everything else derives from it: the URL and API key (its name, under `bool`), the
 * document field (its name, an Elasticsearch `boolean`, a `term` clause and a facet key), the embedded index's flag
 * bit (its position in BOOL_FILTER_NAMES), the sidebar's 'Egenskaper' group (declaration order), the summary line,
 * the 'Om urvalet' sheet and the saved searches. Where its value comes from is declared in
 * search-index/field-sources.ts.
 */
export interface FlagDef extends FieldDef {
  exportColumns: ExportColumns;
  /**
   * Offered as one checkbox that leaves out the records having the flag (`bool[name] = false`); this is its label and
   * how the summary line says it.
   */
  excludeLabel?: string;
  /**
   * A record may have no value ("uppgift saknas": a company with too few financial periods): it then matches neither
   * 'Ja' nor 'Nej' and is counted in neither. Its source returns null for it.
   */
  mayBeUnknown?: true;
  /**
   * Flags that come from one source and so are known or unknown together (the three registrations, which only SCB's
   * paid register has) name the same group: they share one known bit in the embedded index, and a company whose source
   * leaves any of them unknown has all of them unknown. Without it a flag that may be unknown is a group of its own.
   */
  unknownGroup?: string;
  /** Names the companies in a saved search's suggested name when the flag is chosen ('Gasellföretag i Skåne län'). */
  nameWord?: string;
}

interface FlagOptions {
  excludeLabel?: string;
  mayBeUnknown?: true;
  unknownGroup?: string;
  nameWord?: string;
}

const flag = (label: string, types: readonly ResultType[], exportColumns: ExportColumns = {}, options: FlagOptions = {}): FlagDef => ({
  label,
  types,
  exportColumns,
  ...options,
});

/** The registrations at the Swedish Tax Agency: known or unknown together (SCB's register has them, the free files not). */
const REGISTRATION: FlagOptions = { mayBeUnknown: true, unknownGroup: "registrations" };

/**
 * Boolean filters: `bool[name] = v` keeps records whose flag equals v (so "exclude shelf companies" is
 * `shelfCompany: false`). For worksites fTax, vatReg and employerReg are the company's registrations. Those three are
 * unknown where the company's data comes from the free registers (Bolagsverket's and SCB's bulk files have none of
 * them; SCB's paid register has), and then shown as "uppgift saknas", never as 'Nej'.
 */
export const BOOL_FILTERS = {
  hasPhone: flag("Telefonnummer", BOTH, { COMPANY: ["phoneNumbers"], WORKSITE: ["phoneNumber"] }),
  headquarters: flag("Huvudkontor", WORKSITE_ONLY, { WORKSITE: ["headquarters"] }),
  fTax: flag("F-skatt", BOTH, { COMPANY: ["fTaxReg"], WORKSITE: ["companyFTax"] }, REGISTRATION),
  vatReg: flag("Momsregistrerad", BOTH, { COMPANY: ["vatReg"], WORKSITE: ["companyVatReg"] }, REGISTRATION),
  employerReg: flag("Arbetsgivaravgifter", BOTH, { WORKSITE: ["companySocSec"] }, REGISTRATION),
  listed: flag("Börsnoterat", COMPANY_ONLY),
  inGroup: flag("Ingår i koncern", COMPANY_ONLY, { COMPANY: ["companyGroupMotherName"] }),
  ownerManaged: flag("Ägarlett", COMPANY_ONLY),
  hasAuditor: flag("Har revisor", COMPANY_ONLY),
  auditObligation: flag("Revisionsplikt", COMPANY_ONLY),
  shelfCompany: flag("Lagerbolag", COMPANY_ONLY, {}, { excludeLabel: "Exkludera lagerbolag" }),
  // Dagens industri's criteria read from the four latest financial periods (docs/decisions/0066).
  gasell: flag("Gasellföretag", COMPANY_ONLY, { COMPANY: ["gasell"] }, { mayBeUnknown: true, nameWord: "Gasellföretag" }),
} as const satisfies Record<string, FlagDef>;
export type BoolFilter = keyof typeof BOOL_FILTERS;
export const BOOL_FILTER_NAMES = Object.keys(BOOL_FILTERS) as BoolFilter[];
/** A flag's declaration, widened (the optional parts readable on any flag). */
export const flagDef = (name: BoolFilter): FlagDef => BOOL_FILTERS[name];
/** The group a flag is known or unknown with (its `unknownGroup`, or itself); undefined for a flag that is always known. */
export const unknownGroupOf = (name: BoolFilter): string | undefined =>
  flagDef(name).mayBeUnknown ? (flagDef(name).unknownGroup ?? name) : undefined;

/** Boolean options that change how other constraints match; both default to true (spec §3). */
export const BOOL_OPTIONS = ["useMainSni", "useLocation"] as const;
export type BoolOption = (typeof BOOL_OPTIONS)[number];

/**
 * A code set's declaration: a tree (a code at any level selects everything below it) or a flat list of codes. Every
 * code set can both choose codes (`codeSet[name]`) and leave codes out (`excludeCodeSet[name]`, "Uteslut", issue 46;
 * docs/decisions/0064). Everything else derives from it (docs/decisions/0057): the URL and API keys (its name, under
 * `codeSet` and `excludeCodeSet`), the schema and the reference-code check, the sidebar's group (its label; a tree
 * editor for a tree, the reference list's entries for a flat set), the summary line, the 'Om urvalet' sheet, the
 * document field (a flat set's is its name: an Elasticsearch `keyword` and a `<name>:<code>` facet key), the embedded
 * column (a flat set's code column, one byte per record) and both backends' counts. Where a record's codes come from
 * is declared in search-index/indexing/field-sources.ts.
 */
export interface CodeSetDef extends FieldDef {
  kind: "tree" | "codes";
  /** The reference data's list of its codes and texts (GET /sapi/refdata/<refdata>): a tree's tree, a flat set's entries. */
  refdata: string;
  exportColumns: ExportColumns;
  /**
   * A tree a record reaches through several nodes: `own` is the document field of the record's own node (a
   * company's main industry, its seat), `any` that of every node (every industry; the worksites' places too), and
   * the search option `option` (true by default) matches and counts on `own` alone.
   */
  nodes?: { own: string; any: string; option: BoolOption };
  /** A tree's top level, by the length of its codes: what the sidebar lists without the tree editor (facet-levels.ts). */
  topCodeLength?: number;
}

const codeSet = <K extends CodeSetDef["kind"], R extends string>(
  label: string,
  kind: K,
  types: readonly ResultType[],
  refdata: R,
  exportColumns: ExportColumns,
) => ({
  label,
  kind,
  types,
  refdata,
  exportColumns,
});

export const CODE_SETS = {
  sni: {
    ...codeSet("Bransch", "tree", BOTH, "sni-tree", {
      COMPANY: ["sniCode", "sniName", "otherSniCodes", "otherSniNames"],
      WORKSITE: ["sniCode", "sniName"],
    }),
    nodes: { own: "sniMain", any: "sniAll", option: "useMainSni" },
    // The sections are letters.
    topCodeLength: 1,
  },
  location: {
    ...codeSet("Plats", "tree", BOTH, "location-tree", {
      COMPANY: ["municipalityName", "countyName"],
      WORKSITE: ["municipalityName", "countyName"],
    }),
    nodes: { own: "placeOwn", any: "placeAll", option: "useLocation" },
    // The counties are two digits.
    topCodeLength: 2,
  },
  companyForm: codeSet("Bolagsform", "codes", COMPANY_ONLY, "company-form-entries", { COMPANY: ["formText"] }),
  fiscalYear: codeSet("Räkenskapsår", "codes", COMPANY_ONLY, "fiscal-year-entries", { COMPANY: ["financial.periodEnd"] }),
  employeeRange: codeSet("Storleksklass", "codes", WORKSITE_ONLY, "employee-range-entries", {
    WORKSITE: ["employeeRange", "employeeRangeCode"],
  }),
} as const satisfies Record<string, CodeSetDef>;
export type CodeSetName = keyof typeof CODE_SETS;
export const CODE_SET_NAMES = Object.keys(CODE_SETS) as CodeSetName[];
/** A code set's declaration, widened (the optional parts readable on any set). */
export const codeSetDef = (name: CodeSetName): CodeSetDef => CODE_SETS[name];
/** The flat code sets (kind "codes"): one code per record, from a reference list of a few values. */
export type FlatCodeSet = { [K in CodeSetName]: (typeof CODE_SETS)[K]["kind"] extends "codes" ? K : never }[CodeSetName];
export type TreeCodeSet = Exclude<CodeSetName, FlatCodeSet>;
/** The reference data's names of the flat sets' lists (GET /sapi/refdata/<name>). */
export type CodeSetRefdataName = (typeof CODE_SETS)[FlatCodeSet]["refdata"];
export const FLAT_CODE_SETS = CODE_SET_NAMES.filter((name): name is FlatCodeSet => CODE_SETS[name].kind === "codes");
/** The code sets of a result type, in declaration order (the sidebar's order). */
export const codeSetsOf = (type: ResultType): CodeSetName[] => CODE_SET_NAMES.filter((name) => codeSetDef(name).types.includes(type));

export const NUM_SETS = ["includeFile", "excludeFile"] as const;
export type NumSetName = (typeof NUM_SETS)[number];

/** numeric.orgSeqNo limits hits to one company (its worksites for WORKSITE); seqNo identifies the search session. */
export const NUMERIC_FIELDS = ["orgSeqNo", "seqNo"] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];

/** How a sort field orders, which names its two directions in the sort selector. */
export type SortKind = "amount" | "date" | "name" | "random" | "relevance";

export interface SortFieldDef extends FieldDef {
  kind: SortKind;
  /** The selector's label for worksites, when they sort by their company's figure. */
  worksiteLabel?: string;
}

/**
 * Sort options (spec §5), in the selector's order; every option but relevance works in both directions. The labels are those of the
 * sort selector (app) and of the export's 'Om urvalet' sheet (workers/export).
 */
export const SORTS = {
  /**
   * Best free-text match first (search-index/free-text.ts scores each record), then turnover, highest first. Only
   * descending: ascending is read as descending. Without text every record scores alike, so it orders by turnover.
   */
  relevance: { label: "Relevans", kind: "relevance", types: BOTH },
  turnover: { label: "Omsättning", worksiteLabel: "Företagets omsättning", kind: "amount", types: BOTH },
  earnings: { label: "Resultat", worksiteLabel: "Företagets resultat", kind: "amount", types: BOTH },
  dividend: { label: "Utdelning", kind: "amount", types: COMPANY_ONLY },
  numEmployees: { label: "Antal anställda", kind: "amount", types: COMPANY_ONLY },
  scoring: { label: "Kreditbetyg", kind: "amount", types: COMPANY_ONLY },
  createdDate: { label: "Registreringsdatum", kind: "date", types: COMPANY_ONLY },
  name: { label: "Namn", kind: "name", types: COMPANY_ONLY },
  employeeRange: { label: "Storleksklass", kind: "amount", types: WORKSITE_ONLY },
  activeFrom: { label: "Startdatum", kind: "date", types: WORKSITE_ONLY },
  random: { label: "Slumpvis", kind: "random", types: BOTH },
} as const satisfies Record<string, SortFieldDef>;
export type SortField = keyof typeof SORTS;

const sortFieldsOf = (type: ResultType) => (Object.keys(SORTS) as SortField[]).filter((field) => SORTS[field].types.includes(type));
/** Sort fields per result type, in the selector's order. */
export const SORT_FIELDS: Record<ResultType, readonly SortField[]> = {
  COMPANY: sortFieldsOf("COMPANY"),
  WORKSITE: sortFieldsOf("WORKSITE"),
};
export const ALL_SORT_FIELDS = [...new Set<SortField>([...SORT_FIELDS.COMPANY, ...SORT_FIELDS.WORKSITE])];

/** Facets returned in aggregations (each also as `<name>_all` for all of Sweden). */
export function facetNames(type: ResultType): string[] {
  const codeSets = codeSetsOf(type);
  const bools = BOOL_FILTER_NAMES.filter((name) => BOOL_FILTERS[name].types.includes(type));
  return [...codeSets, ...bools];
}

/**
 * The fewest leading digits that search organisation numbers by prefix (issue 38: "5560" finds its companies; fewer
 * would flood with street numbers): the index's free text (search-index/free-text.ts) and the screen's hint alike.
 */
export const MIN_ORG_NO_PREFIX = 4;

/** Records reachable by paging (spec §6, §9) and the fixed page size. */
export const MAX_VISIBLE_RECORDS = 1000;
export const PAGE_SIZE = 20;
export const MAX_PAGE = MAX_VISIBLE_RECORDS / PAGE_SIZE - 1;
