/**
 * D1 over Cloudflare's D1 HTTP API (for `--remote`): POST /accounts/{account}/d1/database/{database}/query with a
 * bearer token, either one statement `{ sql, params }` or several `{ batch: [{ sql, params }, …] }`; the answer's
 * `result` holds one `{ results, success, meta }` per statement, in order. The API documents `params` as an array of
 * strings, so numbers travel as their decimal text (SQLite's column affinity stores them as numbers again; compare
 * such a parameter with a column, never with another parameter or literal) and NULL as JSON null.
 *
 * Unlike a Worker's `D1Database.batch()`, the documentation does not promise that a batch over HTTP is one
 * transaction: callers must stay correct when only a prefix of a batch was applied (docs/decisions/0024).
 * Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (D1 edit permission); the database id comes from the wrangler
 * config of the environment. CLOUDFLARE_API_BASE_URL overrides the endpoint (tests use tests/support/fakes/d1-http-server.ts).
 */
import { z } from "zod";
import { cloudflareCall, type CloudflareApiOptions } from "../lib/cloudflare-api";

const QueryResultSchema = z.array(
  z.object({ results: z.array(z.record(z.string(), z.unknown())).default([]), meta: z.record(z.string(), z.unknown()).default({}) }),
);
type QueryResult = z.infer<typeof QueryResultSchema>[number];

export interface RemoteD1Options extends CloudflareApiOptions {
  databaseId: string;
}

export interface HttpStatement {
  sql: string;
  params: readonly unknown[];
}

/** A parameter as the API documents it: text (numbers as their decimal text), or null for SQL NULL. */
export function httpParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  throw new Error(`a D1 HTTP parameter must be text, a finite number or null, not ${typeof value}`);
}

/** Runs statements in one request (`batch` when more than one); one result per statement, in order. */
export async function queryD1Http(options: RemoteD1Options, statements: readonly HttpStatement[]): Promise<QueryResult[]> {
  if (statements.length === 0) return [];
  const wire = statements.map((s) => ({ sql: s.sql, params: s.params.map(httpParam) }));
  const body = wire.length === 1 ? wire[0] : { batch: wire };
  const path = `/d1/database/${options.databaseId}/query`;
  const results = await cloudflareCall(options, { method: "POST", path, body }, QueryResultSchema);
  if (results.length !== statements.length) throw new Error(`D1 HTTP API: ${results.length} results for ${statements.length} statements`);
  return results;
}

export function createRemoteD1(options: RemoteD1Options): D1Database {
  const query = async (sql: string, params: unknown[]) => (await queryD1Http(options, [{ sql, params }]))[0] as QueryResult;

  const statement = (sql: string, params: unknown[] = []) => ({
    sql,
    params,
    bind: (...values: unknown[]) => statement(sql, values),
    all: async () => ({ ...(await query(sql, params)), success: true }),
    run: async () => ({ ...(await query(sql, params)), success: true }),
    first: async (column?: string) => {
      const row = (await query(sql, params)).results[0] ?? null;
      return column && row ? (row[column] ?? null) : row;
    },
  });

  return {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: ReturnType<typeof statement>[]) =>
      (await queryD1Http(options, statements)).map((r) => ({ ...r, success: true })),
  } as unknown as D1Database;
}
