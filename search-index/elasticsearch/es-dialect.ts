/**
 * The two engines the Elasticsearch backend speaks to through the official client (docs/decisions/0030): Elasticsearch
 * 8/9 (Elastic Cloud) and OpenSearch 2.x (Amazon OpenSearch Service, the loopback cluster of `npm run cluster`). The
 * dialect is configuration (`ELASTICSEARCH_DIALECT`), never guessed from the server; the differences live here:
 * - transport: the client's product check and its versioned media types are for Elasticsearch only (OpenSearch
 *   answers no `x-elastic-product` header and refuses `application/vnd.elasticsearch+json` bodies with 406);
 * - point in time: `POST /{index}/_pit` → `id` and `DELETE /_pit` on Elasticsearch, `POST
 *   /{index}/_search/point_in_time` → `pit_id` and `DELETE /_search/point_in_time` on OpenSearch.
 * The tiebreaker sort is our own unique `id` field on both (no `_shard_doc`, which OpenSearch lacks before 3.3), and
 * the alias swap uses only flags both accept (`must_exist` on `remove`: Elasticsearch 8, OpenSearch 2.12+).
 */
import { SniffingTransport, type Client } from "@elastic/elasticsearch";

export const ES_DIALECTS = ["elasticsearch", "opensearch"] as const;
export type EsDialect = (typeof ES_DIALECTS)[number];

/** The configured dialect; a missing or unknown value is a configuration error, never a guess. */
export function parseDialect(value: string | undefined): EsDialect {
  const found = ES_DIALECTS.find((dialect) => dialect === value?.trim().toLowerCase());
  if (found) return found;
  throw new Error(
    `ELASTICSEARCH_DIALECT must be "elasticsearch" or "opensearch" when ELASTICSEARCH_URL is set (got ${value === undefined ? "nothing" : JSON.stringify(value)})`,
  );
}

type TransportOptions = ConstructorParameters<typeof SniffingTransport>[0];

/** The client's transport without the Elasticsearch product check and with plain JSON and NDJSON media types. */
export class OpenSearchTransport extends SniffingTransport {
  constructor(options: TransportOptions) {
    super({
      ...options,
      productCheck: undefined,
      vendoredHeaders: {
        jsonContentType: "application/json",
        ndjsonContentType: "application/x-ndjson",
        accept: "application/json, text/plain",
      },
    });
  }
}

const dialects = new WeakMap<Client, EsDialect>();

/** Remembers which dialect a client was made for (createEsClient does this for every client it makes). */
export function registerDialect(client: Client, dialect: EsDialect): Client {
  dialects.set(client, dialect);
  return client;
}

export function dialectOf(client: Client): EsDialect {
  const dialect = dialects.get(client);
  if (!dialect) throw new Error("this Elasticsearch client was not made by createEsClient: its dialect is unknown");
  return dialect;
}

/** Opens a point in time over `index`; its id goes into each search body's `pit`, which both dialects accept. */
export async function openPointInTime(client: Client, index: string, keepAlive: string): Promise<string> {
  if (dialectOf(client) === "elasticsearch") return (await client.openPointInTime({ index, keep_alive: keepAlive })).id;
  const body = await client.transport.request<{ pit_id?: unknown }>({
    method: "POST",
    path: `/${encodeURIComponent(index)}/_search/point_in_time`,
    querystring: { keep_alive: keepAlive },
  });
  if (typeof body.pit_id !== "string") throw new Error(`OpenSearch opened no point in time over ${index}: ${JSON.stringify(body)}`);
  return body.pit_id;
}

export async function closePointInTime(client: Client, id: string): Promise<void> {
  if (dialectOf(client) === "elasticsearch") {
    await client.closePointInTime({ id });
    return;
  }
  await client.transport.request({ method: "DELETE", path: "/_search/point_in_time", body: { pit_id: [id] } });
}
