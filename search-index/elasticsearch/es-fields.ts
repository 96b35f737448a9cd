/** Index and field names of the Elasticsearch backend: indices <name>_v<N> behind the aliases companies/worksites. */
import {
  codeSetDef,
  FLAT_CODE_SETS,
  RANGE_FIELD_NAMES,
  RANGE_FIELDS,
  type BoolOption,
  type CodeSetName,
  type RangeField,
  type ResultType,
  type SortField,
  type TreeCodeSet,
} from "#shared/search/search-fields";

const ALIAS_NAMES: Record<ResultType, string> = { COMPANY: "companies", WORKSITE: "worksites" };

/** Index names, optionally prefixed (ELASTICSEARCH_INDEX_PREFIX), e.g. for a test run on a shared cluster. */
export interface EsNames {
  alias(type: ResultType): string;
  index(type: ResultType, version: number): string;
  /** Wildcard matching every version of both indices. */
  pattern: string;
  /** Bevakning's percolator index of the saved searches (one, unversioned: it outlives the company versions). */
  savedSearches: string;
}

export function esNames(prefix = ""): EsNames {
  return {
    alias: (type) => `${prefix}${ALIAS_NAMES[type]}`,
    index: (type, version) => `${prefix}${ALIAS_NAMES[type]}_v${version}`,
    pattern: `${prefix}companies_v*,${prefix}worksites_v*`,
    savedSearches: `${prefix}saved_searches`,
  };
}

/** Range field → document field (its declared column; worksites carry their company's turnover, earnings and employees). */
export const RANGE_DOC_FIELDS = Object.fromEntries(RANGE_FIELD_NAMES.map((field) => [field, RANGE_FIELDS[field].column])) as Record<
  RangeField,
  string
>;

/** Sort field → document field ("random" is a script sort, "relevance" the score). */
export const SORT_DOC_FIELDS: Record<Exclude<SortField, "random" | "relevance">, string> = {
  turnover: "turnover",
  earnings: "earnings",
  dividend: "dividend",
  numEmployees: "numEmployees",
  scoring: "scoring",
  createdDate: "createdDate",
  name: "nameSort",
  employeeRange: "employeeRangeSort",
  activeFrom: "activeFrom",
};

/**
 * The document field a code set is matched and counted on: a flat set's own (its name), a tree's field of the
 * record's own node or of its every node as the search's option says (search-fields.ts `nodes`). Tree fields hold
 * every code on each path, so a code matches its subtree and a terms aggregation counts every level.
 */
export function codeSetDocField(name: CodeSetName, options: Readonly<Record<BoolOption, boolean>>): string {
  const nodes = codeSetDef(name).nodes;
  if (!nodes) return name;
  return options[nodes.option] ? nodes.own : nodes.any;
}

/** Size of each tree's terms aggregation: every SNI node (about 1 900) and every place (311) fit. */
export const TREE_TERMS_SIZE: Record<TreeCodeSet, number> = { sni: 2500, location: 500 };

/**
 * The random sort: the same 32-bit mix (top 31 bits kept) as the embedded backend's randomKey (Java int arithmetic equals Math.imul),
 * so both backends shuffle a search identically.
 */
export const RANDOM_SORT_SCRIPT = [
  "int h = ((int) doc['id'].value) ^ params.seed;",
  "h = h * -1640531535;",
  "h = (h ^ (h >>> 16)) * -2048144789;",
  "h = (h ^ (h >>> 13)) * -1028477387;",
  "h = h ^ (h >>> 16);",
  "return (h >>> 1);",
].join(" ");

/**
 * The small facets (the code sets of a few values and the boolean flags) share one multi-valued keyword field of
 * `<facet>:<value>` keys ("fTax:true", "companyForm:AB"), so one terms aggregation counts them all instead of one
 * aggregation each (docs/decisions/0044). Filters still use the facets' own fields.
 */
export const FACET_KEYS_FIELD = "facetKeys";
/** The flat code sets counted by facet keys (search-fields.ts, kind "codes"). */
export const SMALL_CODE_FACETS = FLAT_CODE_SETS;
export const facetKey = (facet: string, value: string | boolean) => `${facet}:${String(value)}`;
/** Every `<facet>:<value>` key fits: at most 100 values per code set and two per flag. */
export const FACET_KEYS_SIZE = 1000;
