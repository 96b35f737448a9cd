/**
 * One search on SQLite the way a careful D1 design answers it (search-sql.ts: a COUNT, the sorted page, one GROUP BY
 * per disjunctive facet, the boolean sums); the free text through FTS5. `_all` counts are constant and, as in the
 * embedded backend, computed once outside the timings.
 */
import type Database from "better-sqlite3";
import type { TextQuery, ValidSearch } from "#search-index/engine";
import { type FacetCounts, facetCounts, searchPlan, type SqlTextDialect, type Statement } from "./search-sql";

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

/** The free text as a condition on the record's id: the FTS5 table's rowids (the page keeps turnover order). */
const FTS_DIALECT: SqlTextDialect = {
  textCondition(query, company) {
    const table = company ? "company_text" : "worksite_text";
    return { sql: `c.id IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`, params: [ftsQuery(query, company)] };
  },
};

export interface SqliteResult {
  hitCount: number;
  ids: number[];
  facets: FacetCounts;
}

export class SqliteSearch {
  constructor(private readonly db: Database.Database) {}

  private rows({ sql, params }: Statement) {
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
    const plan = searchPlan(search, page, listFile, FTS_DIALECT);
    const hitCount =
      (this.db
        .prepare(plan.count.sql)
        .pluck()
        .get(...plan.count.params) as number) ?? 0;
    const ids = this.db
      .prepare(plan.page.sql)
      .pluck()
      .all(...plan.page.params) as number[];
    const rows = plan.facets.map((facet) => this.rows(facet));
    const sums = this.db
      .prepare(plan.sums.sql)
      .raw()
      .get(...plan.sums.params) as number[];
    return { hitCount, ids, facets: facetCounts(plan, rows, sums) };
  }
}
