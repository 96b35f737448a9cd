/**
 * The reindex's SqlStore on D1 bindings themselves (a test harness's or a benchmark's), instead of the loader Worker:
 * statements as one batch; tab-separated rows as multi-row INSERT … VALUES within D1's bound-parameter limit.
 */
import { MAX_BOUND_PARAMETERS } from "#search-index/engine";
import type { LoaderDatabase, SqlStore, Statement } from "./local-loader";

const STATEMENTS_PER_BATCH = 200;

/** Tab-separated rows (`columns` fields each) as multi-row INSERT … VALUES statements of at most D1's bound parameters. */
export function insertStatements(head: string, columns: number, lines: string): { statements: Statement[]; rows: number } {
  const rows = lines.split("\n").filter((l) => l !== "");
  const perStatement = Math.floor(MAX_BOUND_PARAMETERS / columns);
  const tuple = `(${Array(columns).fill("?").join(",")})`;
  const statements: Statement[] = [];
  for (let at = 0; at < rows.length; at += perStatement) {
    const slice = rows.slice(at, at + perStatement);
    statements.push({ sql: `${head} VALUES ${Array(slice.length).fill(tuple).join(",")}`, params: slice.flatMap((r) => r.split("\t")) });
  }
  return { statements, rows: rows.length };
}

export function d1SqlStore(databases: Record<LoaderDatabase, D1Database>): SqlStore {
  const prepare = (d1: D1Database, statements: Statement[]) => statements.map((s) => d1.prepare(s.sql).bind(...s.params));
  return {
    async sql<Row>(statements: Statement[], db: LoaderDatabase = "SEARCH_DB") {
      const d1 = databases[db];
      const results = await d1.batch(prepare(d1, statements));
      return results.map((r) => (r.results ?? []) as Row[]);
    },
    async insertValues(head: string, columns: number, lines: string, db: LoaderDatabase = "SEARCH_DB") {
      const d1 = databases[db];
      const { statements, rows } = insertStatements(head, columns, lines);
      for (let at = 0; at < statements.length; at += STATEMENTS_PER_BATCH)
        await d1.batch(prepare(d1, statements.slice(at, at + STATEMENTS_PER_BATCH)));
      return { rows };
    },
  };
}
