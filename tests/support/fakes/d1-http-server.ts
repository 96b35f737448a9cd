/**
 * A local fake of Cloudflare's D1 HTTP API, as its reference documents "Query D1 Database": POST
 * /client/v4/accounts/:account/d1/database/:database/query with a bearer token and a body that is either one query
 * `{ sql, params? }` or `{ batch: [{ sql, params? }, …] }`, `params` an array of strings (null accepted for SQL NULL);
 * the answer is the API envelope `{ success, errors, messages, result }`, `result` one `{ results, success, meta }` per
 * query. Each database id gets its own in-memory SQLite with the given migrations applied. A batch runs in one
 * transaction here (a failed query leaves nothing); the real API documents no such promise, so callers must not rely
 * on it. Only one statement per `sql` is modelled (the API also accepts several joined by semicolons; we never send
 * them): such a request is refused. Every request is recorded in `requests` for assertions on the wire format.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { z } from "zod";
import { apiError, NO_ROUTE, startCloudflareApiFake, type ApiAnswer } from "./cloudflare-api-server";

const SingleQuerySchema = z.strictObject({ sql: z.string().min(1), params: z.array(z.string().nullable()).optional() });
export const D1QueryBodySchema = z.union([SingleQuerySchema, z.strictObject({ batch: z.array(SingleQuerySchema).min(1) })]);

export async function startFakeD1Api(options: { token: string; migrationsDir: string }) {
  const databases = new Map<string, Database.Database>();
  const open = (id: string) => {
    let sqlite = databases.get(id);
    if (!sqlite) {
      sqlite = new Database(":memory:");
      for (const file of readdirSync(options.migrationsDir)
        .filter((f) => f.endsWith(".sql"))
        .sort()) {
        sqlite.exec(readFileSync(path.join(options.migrationsDir, file), "utf8"));
      }
      databases.set(id, sqlite);
    }
    return sqlite;
  };
  const requests: { database: string; body: z.infer<typeof D1QueryBodySchema> }[] = [];
  let failNext: { afterQueries: number } | null = null;
  class InjectedFailure extends Error {}

  const run = (sqlite: Database.Database, query: z.infer<typeof SingleQuerySchema>) => {
    const statement = sqlite.prepare(query.sql);
    // SQLite's numbered parameters (?1, ?2, …, as D1 accepts them) bind in better-sqlite3 as named ones.
    const values = query.params ?? [];
    const params = /\?\d/.test(query.sql) ? [Object.fromEntries(values.map((v, i) => [i + 1, v]))] : values;
    if (statement.reader) return { results: statement.all(...params), success: true, meta: { changes: 0 } };
    return { results: [], success: true, meta: { changes: statement.run(...params).changes } };
  };

  const handle = (method: string, url: string, text: string): ApiAnswer => {
    const route = /^\/client\/v4\/accounts\/[^/]+\/d1\/database\/([^/]+)\/query$/.exec(url);
    if (!route || method !== "POST") return NO_ROUTE;
    let body: z.infer<typeof D1QueryBodySchema>;
    try {
      body = D1QueryBodySchema.parse(JSON.parse(text));
    } catch (error) {
      return apiError(400, 7400, `invalid request body: ${String(error)}`);
    }
    requests.push({ database: route[1]!, body });
    const sqlite = open(route[1]!);
    const queries = "batch" in body ? body.batch : [body];
    try {
      const results = sqlite.transaction(() =>
        queries.map((query, index) => {
          if (failNext && index === failNext.afterQueries) throw new InjectedFailure("injected failure");
          return run(sqlite, query);
        }),
      )();
      return { status: 200, result: results };
    } catch (error) {
      if (error instanceof InjectedFailure) return apiError(503, 7500, "Service unavailable");
      return apiError(400, 7500, String(error));
    } finally {
      failNext = null;
    }
  };
  const server = await startCloudflareApiFake(options.token, handle);
  return {
    baseUrl: server.baseUrl,
    /** The first database's SQLite (the account CLI's tests use one). */
    get sqlite() {
      return open(databases.keys().next().value ?? "db");
    },
    database: open,
    requests,
    /** The next request fails (503) at its `afterQueries`-th query, nothing of it kept: a transient outage. */
    failNextRequest(afterQueries: number) {
      failNext = { afterQueries };
    },
    close: () =>
      server.close().then(() => {
        for (const sqlite of databases.values()) sqlite.close();
      }),
  };
}
