/**
 * The official client as the product makes it (createEsClient), and how long each kind of call waits for the engine and
 * how often it tries again when the cluster is stopped, slow or overloaded:
 *
 * | use         | calls                                                                     | per try | tries |
 * | ----------- | ------------------------------------------------------------------------- | ------- | ----- |
 * | interactive | what a user waits for in the API: search pages, details, organisation      | 4 s     | 2     |
 * |             | numbers, the export popup's ids, the reading of the aliases                |         |       |
 * | background  | the export worker's row reads (and the reindex's Bevakning candidates)     | 20 s    | 3     |
 * | maintenance | the client itself: reindex (create, bulk, refresh, alias swap), percolator | 60 s    | 3     |
 *
 * Tried again: the connection refused or dropped, 429, 502, 503 and 504, after a short wait that doubles (half of it
 * random). Never tried again: a timeout (the try used its whole budget; the user gets the error card and 'Försök
 * igen', an export job its queue retry) and every other answer. The backend's own calls retry in withRetries (the
 * interactive and background child clients have the transport's retries off); the maintenance client keeps the
 * transport's: connection errors after 1–2 s and 2–4 s, 502/503/504 at once, 429 on single bulk documents after 5 s.
 * With several nodes in ELASTICSEARCH_URL (a self-run cluster) each try, first or retry, takes the pool's next node in
 * turn; a node that refused or dropped a connection is marked dead and chosen less and less until it answers again, so
 * a node that dies costs a search at most its own retry (resilience scenario 8).
 */
import { Client, errors } from "@elastic/elasticsearch";
import { z } from "zod";
import { dialectOf, OpenSearchTransport, parseDialect, registerDialect } from "./es-dialect";
import { FetchConnection } from "./fetch-connection";

export interface EsEnv {
  /** One endpoint (a managed service), or a self-run cluster's nodes separated by commas (parseNodeUrls). */
  ELASTICSEARCH_URL: string;
  /** "elasticsearch" or "opensearch" (./es-dialect.ts): required, never guessed. */
  ELASTICSEARCH_DIALECT: string | undefined;
  ELASTICSEARCH_API_KEY?: string;
  /** Prefix of the index and alias names (default none). */
  ELASTICSEARCH_INDEX_PREFIX?: string;
}

export type EsCallUse = "interactive" | "background" | "maintenance";

export interface EsCallPolicy {
  /** One try's limit, ms: the connection aborts the request (the whole answer, body included). */
  timeoutMs: number;
  /** Tries after the first one, for retryable failures only. */
  retries: number;
  /** The wait before the second try is between half of this and this, ms; it doubles for each further try. */
  backoffMs: number;
}

export const ES_CALL_POLICIES: Record<EsCallUse, EsCallPolicy> = {
  interactive: { timeoutMs: 4_000, retries: 1, backoffMs: 250 },
  background: { timeoutMs: 20_000, retries: 2, backoffMs: 1_000 },
  maintenance: { timeoutMs: 60_000, retries: 2, backoffMs: 1_000 },
};

const NodeUrlSchema = z
  .url({ protocol: /^https?$/, error: "each node must be an http:// or https:// URL" })
  .refine((url) => !/[?#]/.test(url), "a node URL takes no query or fragment");
const NodeUrlsSchema = z
  .array(NodeUrlSchema)
  .min(1, "name at least one node")
  .refine(
    (urls) => new Set(urls.map((url) => (URL.canParse(url) ? new URL(url).href : url))).size === urls.length,
    "a node is listed twice",
  );

/**
 * ELASTICSEARCH_URL as the client's node list: a managed service (Elastic Cloud, Amazon OpenSearch Service) gives one
 * endpoint that balances over its nodes; a self-run cluster lists its nodes, comma-separated
 * (`http://10.0.0.1:9200,http://10.0.0.2:9200`), and the client's pool sends each request to the next live one, marks a
 * node that refuses or drops a connection dead, and tries it again later. A malformed list is a configuration error.
 */
export function parseNodeUrls(value: string): string[] {
  const parsed = NodeUrlsSchema.safeParse(
    value
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== ""),
  );
  if (parsed.success) return parsed.data;
  throw new Error(`ELASTICSEARCH_URL must be one URL or URLs separated by commas: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
}

/** The client every caller starts from: the maintenance policy, the transport's own retries. */
export function createEsClient(env: EsEnv, options: { fetchConnection?: boolean } = {}): Client {
  const dialect = parseDialect(env.ELASTICSEARCH_DIALECT);
  const client = new Client({
    nodes: parseNodeUrls(env.ELASTICSEARCH_URL),
    ...(env.ELASTICSEARCH_API_KEY ? { auth: { apiKey: env.ELASTICSEARCH_API_KEY } } : {}),
    ...(options.fetchConnection === false ? {} : { Connection: FetchConnection }),
    ...(dialect === "opensearch" ? { Transport: OpenSearchTransport } : {}),
    requestTimeout: ES_CALL_POLICIES.maintenance.timeoutMs,
    maxRetries: ES_CALL_POLICIES.maintenance.retries,
  });
  return registerDialect(client, dialect);
}

const children = new WeakMap<Client, Map<EsCallUse, Client>>();

/**
 * `client` with the per-try limit of `use` and no transport retries (withRetries does them): a child sharing its
 * connections, made once per client and use.
 */
export function clientFor(client: Client, use: EsCallUse): Client {
  if (use === "maintenance") return client;
  let byUse = children.get(client);
  if (!byUse) children.set(client, (byUse = new Map()));
  let child = byUse.get(use);
  if (!child) {
    child = registerDialect(client.child({ requestTimeout: ES_CALL_POLICIES[use].timeoutMs, maxRetries: 0 }), dialectOf(client));
    byUse.set(use, child);
  }
  return child;
}

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

/** A failure that another try may not meet: the connection refused or dropped, or the engine busy or unavailable. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof errors.ConnectionError) return true;
  return error instanceof errors.ResponseError && RETRYABLE_STATUSES.has(error.statusCode ?? 0);
}

/** The wait before try `retry + 1` (retry ≥ 1), ms: between half of backoffMs · 2^(retry−1) and all of it. */
export function backoffMs(policy: EsCallPolicy, retry: number, random: () => number = Math.random): number {
  const ceiling = policy.backoffMs * 2 ** (retry - 1);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface RetryNotice {
  retry: number;
  waitMs: number;
  error: unknown;
}

/** Runs `run` under `policy`: again after each retryable failure while tries are left; otherwise its error. */
export async function withRetries<T>(policy: EsCallPolicy, run: () => Promise<T>, onRetry?: (notice: RetryNotice) => void): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await run();
    } catch (error) {
      if (retry > policy.retries || !isRetryable(error)) throw error;
      const waitMs = backoffMs(policy, retry);
      onRetry?.({ retry, waitMs, error });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
