/**
 * Index settings and mappings for companies_v<N> and worksites_v<N>. Documents keep the search record and the detail
 * in non-indexed objects (`record`, `detail`); filter, facet and sort fields sit beside them. Names get a Swedish text
 * field (å, ä, ö kept; other accents folded) for full-text use; name-prefix search uses the normalised `nameWords`.
 */
const keyword = { type: "keyword" } as const;
const bool = { type: "boolean" } as const;
const long = { type: "long" } as const;
const integer = { type: "integer" } as const;
const stored = { type: "object", enabled: false } as const;

const ACCENT_FOLDING = [
  "é => e",
  "è => e",
  "ê => e",
  "ë => e",
  "É => E",
  "á => a",
  "à => a",
  "â => a",
  "Á => A",
  "í => i",
  "ì => i",
  "î => i",
  "ï => i",
  "ó => o",
  "ò => o",
  "ô => o",
  "ú => u",
  "ù => u",
  "û => u",
  "ü => u",
  "Ü => U",
  "ç => c",
  "ñ => n",
  "ý => y",
];

export const INDEX_SETTINGS = {
  number_of_shards: 1,
  number_of_replicas: 0,
  refresh_interval: "-1",
  analysis: {
    char_filter: { swedish_accents: { type: "mapping", mappings: ACCENT_FOLDING } },
    analyzer: { swedish_name: { type: "custom", tokenizer: "standard", char_filter: ["swedish_accents"], filter: ["lowercase"] } },
  },
};

/** Settings applied once the bulk load is done. */
export const SERVING_SETTINGS = { index: { refresh_interval: "1s", number_of_replicas: 1 } };

const common = {
  id: long,
  orgSeqNo: long,
  orgNo: keyword,
  name: { type: "text", analyzer: "swedish_name" },
  nameWords: keyword,
  sniMain: keyword,
  sniAll: keyword,
  placeOwn: keyword,
  placeAll: keyword,
  hasPhone: bool,
  fTax: bool,
  vatReg: bool,
  employerReg: bool,
  limited: bool,
  turnover: { type: "double" },
  earnings: { type: "double" },
  numEmployees: integer,
  record: stored,
};

export const COMPANY_MAPPINGS = {
  dynamic: "strict",
  properties: {
    ...common,
    nameSort: keyword,
    companyForm: keyword,
    fiscalYear: keyword,
    listed: bool,
    inGroup: bool,
    ownerManaged: bool,
    hasAuditor: bool,
    auditObligation: bool,
    shelfCompany: bool,
    dividend: { type: "double" },
    scoring: integer,
    managerAge: integer,
    ownerAges: integer,
    createdDate: long,
    totalAssets: { type: "double" },
    totalEquity: { type: "double" },
    sumOfCashBank: { type: "double" },
    personnelExpenses: { type: "double" },
    operatingResult: { type: "double" },
    profitForTheYear: { type: "double" },
    detail: stored,
    // Bevakning (docs/decisions/0024): the packed source record as text, its 53-bit hash and the change-set hash (the
    // source hash mixed with the company's worksites' hashes), both exact in a long.
    source: stored,
    sourceHash: long,
    changeHash: long,
  },
};

export const WORKSITE_MAPPINGS = {
  dynamic: "strict",
  properties: {
    ...common,
    cfarNo: keyword,
    headquarters: bool,
    employeeRange: keyword,
    employeeRangeSort: integer,
    activeFrom: long,
  },
};
