/**
 * The subset of D1Database the account CLI uses, over Cloudflare's D1 HTTP API (for `--remote`):
 * POST {base}/accounts/{account}/d1/database/{database}/query with { sql, params } and a bearer token.
 * Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (D1 edit permission); the database id comes from
 * workers/api/wrangler.toml. CLOUDFLARE_API_BASE_URL overrides the endpoint (tests use a local fake).
 */
import { z } from "zod";

const QueryAnswerSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ message: z.string() })).default([]),
  result: z
    .array(
      z.object({ results: z.array(z.record(z.string(), z.unknown())).default([]), meta: z.record(z.string(), z.unknown()).default({}) }),
    )
    .default([]),
});

export interface RemoteD1Options {
  accountId: string;
  databaseId: string;
  apiToken: string;
  baseUrl?: string;
  fetcher?: typeof fetch;
}

export function createRemoteD1(options: RemoteD1Options): D1Database {
  const base = options.baseUrl ?? "https://api.cloudflare.com/client/v4";
  const url = `${base}/accounts/${options.accountId}/d1/database/${options.databaseId}/query`;
  const fetcher = options.fetcher ?? fetch;

  async function query(sql: string, params: unknown[]) {
    const response = await fetcher(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${options.apiToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ sql, params }),
    });
    const answer = QueryAnswerSchema.parse(await response.json());
    if (!response.ok || !answer.success)
      throw new Error(`D1 query failed: ${answer.errors.map((e) => e.message).join("; ") || response.status}`);
    return answer.result[0] ?? { results: [], meta: {} };
  }

  const statement = (sql: string, params: unknown[] = []) => ({
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
    batch: () => Promise.reject(new Error("batch is not supported over the D1 HTTP API client")),
  } as unknown as D1Database;
}
