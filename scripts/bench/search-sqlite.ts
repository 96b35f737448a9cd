/**
 * One search on SQLite the way a careful D1 design answers it: a COUNT, the sorted page, and one GROUP BY per facet
 * with every constraint except that facet's own (disjunctive), plus the boolean sums. `_all` counts are constant and,
 * as in the embedded backend, computed once outside the timings.
 */
import type Database from "better-sqlite3";
import { BOOL_FILTERS, PAGE_SIZE } from "#shared/search/search-fields";
import type { TextQuery, ValidSearch } from "#search-index/build";

const FLAG_COLUMNS: Record<string, string> = {
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
};
const RANGE_COLUMNS: Record<string, string> = { turnover: "turnover", earnings: "earnings", numEmployees: "num_employees" };

interface Clause {
  facet: string | null;
  sql: string;
  params: (string | number)[];
}

const marks = (values: unknown[]) => values.map(() => "?").join(", ");

/**
 * The free text as an FTS5 query with free-text.ts's rules: every word (AND), in any column (OR), the last as a
 * prefix; a whole organisation number only in org_no. No words: a query that matches nothing.
 */
export function ftsQuery(query: TextQuery, company: boolean): string {
  if (query.words.length === 0) return 'org_no : "none"';
  const fields = company ? "{name address people industry place}" : "{name address industry place}";
  return query.words
    .map((word) => {
      const orgNo = word.orgNo ? `org_no : "${word.orgNo.digits}"${word.word === null ? "" : "*"}` : null;
      if (word.word === null) return orgNo ?? "";
      const text = `${fields} : "${word.word}"${word.prefix ? "*" : ""}`;
      return orgNo ? `(${text} OR ${orgNo})` : text;
    })
    .join(" AND ");
}

function clauses(search: ValidSearch, listFile: number | null): Clause[] {
  const company = search.resultType === "COMPANY";
  const out: Clause[] = [];
  if (search.textQuery) {
    const table = company ? "company_text" : "worksite_text";
    out.push({
      facet: null,
      sql: `c.id IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`,
      params: [ftsQuery(search.textQuery, company)],
    });
  }
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
    out.push({
      facet: "location",
      sql: `(c.county IN (${marks(counties)}) OR c.muni IN (${marks(munis)}))`,
      params: [...counties, ...munis],
    });
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

function where(list: Clause[], except: string | null = null) {
  const used = list.filter((c) => c.facet === null || c.facet !== except);
  return { sql: used.length ? `WHERE ${used.map((c) => c.sql).join(" AND ")}` : "", params: used.flatMap((c) => c.params) };
}

export interface SqliteResult {
  hitCount: number;
  ids: number[];
  facets: Record<string, Record<string, number>>;
}

export class SqliteSearch {
  constructor(private readonly db: Database.Database) {}

  private rows(sql: string, params: unknown[]) {
    return this.db
      .prepare(sql)
      .raw()
      .all(...params) as [string | number, number][];
  }

  /** The best `limit` ids of a free text by FTS5's own ranking (bm25). */
  suggest(search: ValidSearch, limit: number): number[] {
    if (!search.textQuery) return [];
    const table = search.resultType === "COMPANY" ? "company_text" : "worksite_text";
    return this.db
      .prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rank LIMIT ?`)
      .pluck()
      .all(ftsQuery(search.textQuery, search.resultType === "COMPANY"), limit) as number[];
  }

  search(search: ValidSearch, page: number, listFile: number | null): SqliteResult {
    const company = search.resultType === "COMPANY";
    const table = company ? "companies" : "worksites";
    const list = clauses(search, listFile);
    const all = where(list);
    const hitCount =
      (this.db
        .prepare(`SELECT COUNT(*) FROM ${table} c ${all.sql}`)
        .pluck()
        .get(...all.params) as number) ?? 0;
    const ids = this.db
      .prepare(`SELECT c.id FROM ${table} c ${all.sql} ORDER BY c.turnover IS NULL, c.turnover DESC, c.id LIMIT ${PAGE_SIZE} OFFSET ?`)
      .pluck()
      .all(...all.params, page * PAGE_SIZE) as number[];
    const facets: SqliteResult["facets"] = {};
    const sni = where(list, "sni");
    const [sniTable, sniKey] = company ? ["company_sni", "company_id"] : ["worksite_sni", "worksite_id"];
    facets.sni = Object.fromEntries(
      this.rows(`SELECT s.code, COUNT(*) FROM ${table} c JOIN ${sniTable} s ON s.${sniKey} = c.id ${sni.sql} GROUP BY s.code`, sni.params),
    );
    const place = where(list, "location");
    const location: Record<string, number> = {};
    for (const [muni, n] of this.rows(`SELECT c.muni, COUNT(*) FROM ${table} c ${place.sql} GROUP BY c.muni`, place.params)) {
      location[muni] = n;
      const county = String(muni).slice(0, 2);
      location[county] = (location[county] ?? 0) + n;
    }
    facets.location = location;
    const small = company
      ? ([
          ["companyForm", "form"],
          ["fiscalYear", "fiscal_year"],
        ] as const)
      : ([["employeeRange", "employee_range"]] as const);
    for (const [name, column] of small) {
      const w = where(list, name);
      facets[name] = Object.fromEntries(this.rows(`SELECT c.${column}, COUNT(*) FROM ${table} c ${w.sql} GROUP BY c.${column}`, w.params));
    }
    this.boolFacets(search, table, list, hitCount, facets);
    return { hitCount, ids, facets };
  }

  private boolFacets(search: ValidSearch, table: string, list: Clause[], hitCount: number, facets: SqliteResult["facets"]) {
    const names = Object.keys(BOOL_FILTERS).filter((n) => BOOL_FILTERS[n as keyof typeof BOOL_FILTERS].types.includes(search.resultType));
    const free = names.filter((n) => search.bool[n as keyof typeof BOOL_FILTERS] === undefined);
    const all = where(list);
    const sums = this.db
      .prepare(`SELECT ${free.map((n) => `TOTAL(c.${FLAG_COLUMNS[n]})`).join(", ")} FROM ${table} c ${all.sql}`)
      .raw()
      .get(...all.params) as number[];
    free.forEach((name, i) => (facets[name] = { true: sums[i] ?? 0, false: hitCount - (sums[i] ?? 0) }));
    for (const name of names.filter((n) => !free.includes(n))) {
      const w = where(list, name);
      const rows = this.rows(`SELECT c.${FLAG_COLUMNS[name]}, COUNT(*) FROM ${table} c ${w.sql} GROUP BY 1`, w.params);
      facets[name] = { true: rows.find(([v]) => v === 1)?.[1] ?? 0, false: rows.find(([v]) => v === 0)?.[1] ?? 0 };
    }
  }
}
