/**
 * The reindex's SqlStore over Cloudflare's D1 HTTP API (`npm run reindex -- --backend elasticsearch --remote`): the
 * production app database, reached from the operator's machine. `sql()` sends its statements as one `batch` request;
 * `insertValues()` turns its rows into multi-row INSERT … VALUES statements (D1's 100 bound parameters each) and sends
 * them STATEMENTS_PER_REQUEST at a time.
 *
 * What is lost against the loader Worker's `D1Database.batch()`: the HTTP API does not document a batch as one
 * transaction, and one insertValues() call is several requests anyway. Every statement Bevakning's stage sends is
 * idempotent (SELECTs, the DELETE of a version pair's staged rows, INSERT OR IGNORE), so a request that failed, even
 * after part of it was applied, is simply sent again (up to three times for a network error, 429 or 5xx), and a run
 * that fails midway leaves staged rows without a `monitoring_runs` row: nothing is enqueued for them, and the next run
 * of the same version pair deletes them first (docs/decisions/0024).
 */
import { type CloudflareApiOptions, withRetries } from "../lib/cloudflare-api";
import { queryD1Http } from "../accounts/remote-d1";
import { insertStatements } from "./d1-sql-store";
import type { LoaderDatabase, SqlStore, Statement } from "./local-loader";

/** Statements per HTTP request of insertValues (about 600 staged rows, ~200 KB). */
export const STATEMENTS_PER_REQUEST = 50;

export function d1HttpSqlStore(
  api: CloudflareApiOptions,
  databaseIds: Record<LoaderDatabase, string>,
  options: { retryDelayMs?: number } = {},
): SqlStore {
  const send = (statements: Statement[], db: LoaderDatabase) =>
    withRetries("D1 HTTP request", () => queryD1Http({ ...api, databaseId: databaseIds[db] }, statements), options.retryDelayMs);
  return {
    async sql<Row>(statements: Statement[], db: LoaderDatabase = "SEARCH_DB") {
      return (await send(statements, db)).map((r) => r.results as Row[]);
    },
    async insertValues(head: string, columns: number, lines: string, db: LoaderDatabase = "SEARCH_DB") {
      const { statements, rows } = insertStatements(head, columns, lines);
      for (let at = 0; at < statements.length; at += STATEMENTS_PER_REQUEST)
        await send(statements.slice(at, at + STATEMENTS_PER_REQUEST), db);
      return { rows };
    },
  };
}
