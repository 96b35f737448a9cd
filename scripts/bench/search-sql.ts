/**
 * One bench search as SQL statements, shared by the SQLite and DuckDB engines of bench:search: a COUNT, the sorted
 * page, and one GROUP BY per facet with every constraint except that facet's own (disjunctive), plus the boolean sums.
 * The engines differ only in how a free text becomes a condition on the record's id (SqlTextDialect) and in how they run
 * the statements. `_all` counts are constant and, as in the embedded backend, computed once outside the timings.
 */
import { BOOL_FILTERS, PAGE_SIZE } from "#shared/search/search-fields";
import type { TextQuery, ValidSearch } from "#search-index/engine";

export const FLAG_COLUMNS: Record<string, string> = {
  hasPhone: "has_phone",
  headquarters: "headquarters",
  fTax: "f_tax",
  vatReg: "vat_reg",
  employerReg: "employer_reg",
  listed: "listed",
  inGroup: "in_group",
  ownerManaged: "owner_managed",
  hasAuditor: "has_auditor",
  auditObligation: "audit_obligation",
  shelfCompany: "shelf",
  gasell: "gasell",
};
const RANGE_COLUMNS: Record<string, string> = { turnover: "turnover", earnings: "earnings", numEmployees: "num_employees" };

export type SqlParam = string | number;

export interface Statement {
  sql: string;
  params: SqlParam[];
}

interface Clause extends Statement {
  facet: string | null;
}

export interface SqlTextDialect {
  /** A condition on `c.id` that holds for the records matching the text. */
  textCondition(query: TextQuery, company: boolean): Statement;
  /** Rows (id, score) of the records matching the text, for a relevance-sorted page; absent: the page keeps turnover order. */
  relevance?(query: TextQuery, company: boolean): Statement;
}

const marks = (values: unknown[]) => values.map(() => "?").join(", ");

function clauses(search: ValidSearch, listFile: number | null, dialect: SqlTextDialect): Clause[] {
  const company = search.resultType === "COMPANY";
  const out: Clause[] = [];
  if (search.textQuery) out.push({ facet: null, ...dialect.textCondition(search.textQuery, company) });
  if (listFile !== null) {
    const key = company ? "c.org_no" : "(SELECT org_no FROM companies WHERE id = c.company_id)";
    out.push({ facet: null, sql: `${key} IN (SELECT org_no FROM list_numbers WHERE file_id = ?)`, params: [listFile] });
  }
  for (const [field, bounds] of Object.entries(search.range)) {
    const column = RANGE_COLUMNS[field];
    if (!bounds || !column) continue;
    if (bounds.from !== null) out.push({ facet: null, sql: `c.${column} >= ?`, params: [bounds.from] });
    if (bounds.to !== null) out.push({ facet: null, sql: `c.${column} <= ?`, params: [bounds.to] });
  }
  const sni = search.codeSet.sni ?? [];
  if (sni.length) {
    const [table, key] = company ? ["company_sni", "company_id"] : ["worksite_sni", "worksite_id"];
    out.push({ facet: "sni", sql: `c.id IN (SELECT ${key} FROM ${table} WHERE code IN (${marks(sni)}))`, params: sni });
  }
  const places = search.codeSet.location ?? [];
  if (places.length) {
    const counties = places.filter((p) => p.length === 2);
    const munis = places.filter((p) => p.length === 4);
    const either = [
      ...(counties.length ? [`c.county IN (${marks(counties)})`] : []),
      ...(munis.length ? [`c.muni IN (${marks(munis)})`] : []),
    ];
    out.push({ facet: "location", sql: `(${either.join(" OR ")})`, params: [...counties, ...munis] });
  }
  for (const [name, column] of [
    ["companyForm", "form"],
    ["fiscalYear", "fiscal_year"],
    ["employeeRange", "employee_range"],
  ] as const) {
    const codes = search.codeSet[name] ?? [];
    if (codes.length) out.push({ facet: name, sql: `c.${column} IN (${marks(codes)})`, params: codes });
  }
  for (const [name, want] of Object.entries(search.bool)) {
    if (FLAG_COLUMNS[name]) out.push({ facet: name, sql: `c.${FLAG_COLUMNS[name]} = ?`, params: [want ? 1 : 0] });
  }
  return out;
}

function where(list: Clause[], except: string | null = null): Statement {
  const used = list.filter((c) => c.facet === null || c.facet !== except);
  return { sql: used.length ? `WHERE ${used.map((c) => c.sql).join(" AND ")}` : "", params: used.flatMap((c) => c.params) };
}

/** A facet's GROUP BY (rows of [value, count]); `location` rolls municipalities up to counties, `bool` reads 1/0. */
export interface FacetStatement extends Statement {
  name: string;
  kind: "codes" | "location" | "bool";
}

export interface SearchPlan {
  count: Statement;
  /** The page's ids in the search's sort order. */
  page: Statement;
  facets: FacetStatement[];
  /** One row of sums, one per name: the booleans the search does not constrain (true = sum, false = hits - sum). */
  sums: Statement & { names: string[] };
}

export function searchPlan(search: ValidSearch, page: number, listFile: number | null, dialect: SqlTextDialect): SearchPlan {
  const company = search.resultType === "COMPANY";
  const table = company ? "companies" : "worksites";
  const list = clauses(search, listFile, dialect);
  const all = where(list);
  const order = "c.turnover IS NULL, c.turnover DESC, c.id";
  const limit = `LIMIT ${PAGE_SIZE} OFFSET ?`;
  const relevance = search.textQuery && search.sort[0]?.field === "relevance" ? dialect.relevance?.(search.textQuery, company) : undefined;
  const pageStatement = relevance
    ? {
        sql: `SELECT c.id FROM ${table} c JOIN (${relevance.sql}) t ON t.id = c.id ${all.sql} ORDER BY t.score DESC, ${order} ${limit}`,
        params: [...relevance.params, ...all.params, page * PAGE_SIZE],
      }
    : { sql: `SELECT c.id FROM ${table} c ${all.sql} ORDER BY ${order} ${limit}`, params: [...all.params, page * PAGE_SIZE] };
  const facets: FacetStatement[] = [];
  const sni = where(list, "sni");
  const [sniTable, sniKey] = company ? ["company_sni", "company_id"] : ["worksite_sni", "worksite_id"];
  facets.push({
    name: "sni",
    kind: "codes",
    sql: `SELECT s.code, COUNT(*) FROM ${table} c JOIN ${sniTable} s ON s.${sniKey} = c.id ${sni.sql} GROUP BY s.code`,
    params: sni.params,
  });
  const place = where(list, "location");
  facets.push({
    name: "location",
    kind: "location",
    sql: `SELECT c.muni, COUNT(*) FROM ${table} c ${place.sql} GROUP BY c.muni`,
    params: place.params,
  });
  const small = company
    ? ([
        ["companyForm", "form"],
        ["fiscalYear", "fiscal_year"],
      ] as const)
    : ([["employeeRange", "employee_range"]] as const);
  for (const [name, column] of small) {
    const w = where(list, name);
    facets.push({
      name,
      kind: "codes",
      sql: `SELECT c.${column}, COUNT(*) FROM ${table} c ${w.sql} GROUP BY c.${column}`,
      params: w.params,
    });
  }
  const names = Object.keys(BOOL_FILTERS).filter((n) => BOOL_FILTERS[n as keyof typeof BOOL_FILTERS].types.includes(search.resultType));
  const free = names.filter((n) => search.bool[n as keyof typeof BOOL_FILTERS] === undefined);
  for (const name of names.filter((n) => !free.includes(n))) {
    const w = where(list, name);
    facets.push({
      name,
      kind: "bool",
      sql: `SELECT c.${FLAG_COLUMNS[name]}, COUNT(*) FROM ${table} c ${w.sql} GROUP BY 1`,
      params: w.params,
    });
  }
  return {
    count: { sql: `SELECT COUNT(*) FROM ${table} c ${all.sql}`, params: all.params },
    page: pageStatement,
    facets,
    sums: {
      names: free,
      // Each flag's ones and zeros (a NULL, unknown, is neither).
      sql: `SELECT ${free.map((n) => `COALESCE(SUM(c.${FLAG_COLUMNS[n]}), 0), COALESCE(SUM(1 - c.${FLAG_COLUMNS[n]}), 0)`).join(", ")} FROM ${table} c ${all.sql}`,
      params: all.params,
    },
  };
}

export type FacetCounts = Record<string, Record<string, number>>;

/** The facet counts from the plan's answers (rows of [value, count] per facet, and the row of sums: ones and zeros per flag). */
export function facetCounts(plan: SearchPlan, rows: [unknown, unknown][][], sums: unknown[]): FacetCounts {
  const facets: FacetCounts = {};
  plan.facets.forEach((facet, i) => {
    const answer = (rows[i] ?? []).map(([value, n]) => [value, Number(n)] as const);
    if (facet.kind === "location") {
      const location: Record<string, number> = {};
      for (const [muni, n] of answer) {
        location[String(muni)] = n;
        const county = String(muni).slice(0, 2);
        location[county] = (location[county] ?? 0) + n;
      }
      facets[facet.name] = location;
    } else if (facet.kind === "bool") {
      const count = (want: number) => answer.find(([v]) => Number(v) === want)?.[1] ?? 0;
      facets[facet.name] = { true: count(1), false: count(0) };
    } else facets[facet.name] = Object.fromEntries(answer.map(([value, n]) => [String(value), n]));
  });
  plan.sums.names.forEach((name, i) => {
    facets[name] = { true: Number(sums[2 * i] ?? 0), false: Number(sums[2 * i + 1] ?? 0) };
  });
  return facets;
}
