/**
 * Unit tests of the client setup and the backend's requests: the real client and FetchConnection against a tiny local
 * HTTP server that records what it receives (the backend against a real engine is tested in tests/contract). Both
 * dialects: Elasticsearch's vendored media types and product check, OpenSearch's plain JSON without either.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "#shared/errors";
import { parseSearch, visiblePage } from "../search-model";
import { searchSeed } from "../search-seed";
import { errors } from "@elastic/elasticsearch";
import { createEsClient, ElasticsearchBackend } from "./es-backend";
import { dialectOf } from "./es-dialect";
import { planEsSearch } from "./es-query";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

let server: Server;
let seen: Seen[] = [];
let reply: (request: Seen) => { status?: number; body: unknown; product?: boolean } = () => ({ body: {} });
let url = "";
let backend: ElasticsearchBackend;

const hitsOf = (records: unknown[], total = records.length) => ({
  hits: {
    total: { value: total, relation: "eq" },
    hits: records.map((record, i) => ({ _id: String(i), _source: { record, orgNo: (record as { orgNo?: string }).orgNo }, sort: [i] })),
  },
});

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      const ndjson = String(request.headers["content-type"]).includes("ndjson");
      const parsed = ndjson
        ? text
            .split("\n")
            .filter(Boolean)
            .map((line) => JSON.parse(line) as unknown)
        : text
          ? JSON.parse(text)
          : null;
      const entry: Seen = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: parsed };
      seen.push(entry);
      const { status = 200, body, product = true } = reply(entry);
      response.writeHead(status, { "content-type": "application/json", ...(product ? { "x-elastic-product": "Elasticsearch" } : {}) });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  backend = new ElasticsearchBackend(
    createEsClient({
      ELASTICSEARCH_URL: url,
      ELASTICSEARCH_DIALECT: "elasticsearch",
      ELASTICSEARCH_API_KEY: "c2VjcmV0",
    }),
  );
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** An `_msearch` answer: `each` for every search of the request (its body lines alternate header and search). */
const multi = (request: Seen, each: (search: Record<string, unknown>, i: number) => unknown) => ({
  responses: (request.body as Record<string, unknown>[]).filter((_, i) => i % 2 === 1).map(each),
});

beforeEach(() => {
  seen = [];
  reply = (request) => ({ body: request.url.includes("_msearch") ? multi(request, () => hitsOf([])) : hitsOf([]) });
});

describe("Elasticsearch transport", () => {
  it("sends the planned searches to the alias in one _msearch with the API key and parses the answers", async () => {
    reply = (request) => ({
      body: multi(request, (search, i) =>
        i === 0
          ? hitsOf([{ orgSeqNo: 1, name: "Alfa AB" }])
          : {
              ...hitsOf([], 4321),
              aggregations: { facetKeys: { buckets: [{ key: "fTax:true", doc_count: 4000 }] }, location: { buckets: [] } },
            },
      ),
    });
    const search = parseSearch({ codeSet: { location: ["01"] }, sort: [{ field: "earnings", ascending: true }] });
    const results = await backend.search(search, { page: visiblePage(3) });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/_msearch",
      headers: { authorization: "ApiKey c2VjcmV0", "content-type": expect.stringContaining("ndjson") },
    });
    // Not pinned to a version: the whole-index counts are asked for too (the last search).
    const plan = planEsSearch(search, { page: 3, seed: searchSeed(search.normalised) });
    const header = { index: "companies", request_cache: true };
    const bodies = [plan.hits, ...plan.counts.map((request) => request.body), plan.wholeIndex];
    expect(seen[0]?.body).toEqual(bodies.flatMap((body) => [header, body]));
    expect(results).toMatchObject({
      type: "COMPANY",
      hitCount: 4321,
      records: [{ orgSeqNo: 1, name: "Alfa AB" }],
      aggregations: { fTax: { true: 4000, false: 0 } },
    });
  });

  it("fails the search when one of its searches failed, as a response error of that search's status", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    reply = (request) => ({
      body: multi(request, (_, i) => (i === 1 ? { status: 400, error: { type: "query_shard_exception", reason: "bad" } } : hitsOf([]))),
    });
    const error = await backend.search(parseSearch({ codeSet: { sni: ["F"] } })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "SEARCH_UNAVAILABLE", status: 503 });
    // A 400 is not retried: one request.
    expect(seen).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it("looks up the company name of numeric.orgSeqNo alongside a worksite search", async () => {
    reply = (request) => ({
      body: request.url.startsWith("/companies") ? hitsOf([{ name: "Ypsilon Mat AB" }]) : multi(request, () => hitsOf([], 3)),
    });
    const results = await backend.search(parseSearch({ resultType: "WORKSITE", numeric: { orgSeqNo: 26 } }));
    expect(results.nameForOrgSeqNo).toBe("Ypsilon Mat AB");
    expect(seen.map((s) => s.url).sort()).toEqual(["/_msearch", "/companies/_search"]);
  });

  it("checks the list files before sending anything", async () => {
    await expect(backend.search(parseSearch({ numSet: { includeFile: [9] } }))).rejects.toMatchObject({
      type: "VALIDATION",
      issues: [{ path: "numSet.includeFile.0" }],
    });
    expect(seen).toEqual([]);
  });

  it("turns an Elasticsearch failure into a 503 without leaking it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    reply = () => ({ status: 500, body: { error: { type: "search_phase_execution_exception", reason: "all shards failed" } } });
    const error = await backend.search(parseSearch({})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "SEARCH_UNAVAILABLE",
      status: 503,
      message: "Sökningen är inte tillgänglig just nu. Försök igen om en stund.",
    });
    vi.restoreAllMocks();
  });

  it("reads exports on a point in time with search_after and closes it", async () => {
    const pages = [hitsOf([{ orgSeqNo: 1 }, { orgSeqNo: 2 }]), hitsOf([{ orgSeqNo: 3 }])];
    reply = (request) => {
      if (request.url.startsWith("/companies/_pit")) return { body: { id: "pit-9" } };
      if (request.method === "DELETE") return { body: { succeeded: true } };
      return { body: pages.shift() ?? hitsOf([]) };
    };
    const chunks = [];
    for await (const chunk of backend.readExportRows(parseSearch({}), { count: 3, chunkSize: 2 })) chunks.push(chunk);
    expect(chunks).toEqual([[{ orgSeqNo: 1 }, { orgSeqNo: 2 }], [{ orgSeqNo: 3 }]]);
    expect(seen.map((s) => `${s.method} ${s.url.split("?")[0]}`)).toEqual([
      "POST /companies/_pit",
      "POST /_search",
      "POST /_search",
      "DELETE /_pit",
    ]);
    expect(seen[1]?.body).toMatchObject({ size: 2, pit: { id: "pit-9" } });
    expect(seen[2]?.body).toMatchObject({ size: 1, search_after: [1] });
  });

  it("returns details, resolves organisation numbers and reports the live version", async () => {
    reply = (request) => {
      if (request.url === "/companies/_search" && JSON.stringify(request.body).includes('"ids"'))
        return { body: { hits: { total: 1, hits: [{ _id: "26", _source: { detail: { type: "COMPANY", name: "Ypsilon Mat AB" } } }] } } };
      if (request.url === "/companies/_search") return { body: hitsOf([{ orgNo: "556000-0011" }]) };
      if (request.url.endsWith("/_count")) return { body: { count: request.url.startsWith("/worksites") ? 3 : 40 } };
      if (request.url.startsWith("/_alias/companies")) return { body: { companies_v7: { aliases: { companies: {} } } } };
      return { body: hitsOf([]) };
    };
    expect(await backend.getEntity("26")).toEqual({ type: "COMPANY", name: "Ypsilon Mat AB" });
    expect(await backend.resolveOrgNumbers(["556000-0011", "556000-0029"])).toEqual({
      found: ["556000-0011"],
      unknown: ["556000-0029"],
      worksiteCount: 3,
    });
    expect(await backend.info()).toEqual({ backend: "elasticsearch", version: 7, companies: 40, worksites: 3, documents: 43 });
  });
});

describe("the client of each dialect", () => {
  const bulk = [{ index: { _index: "companies_v1", _id: "1" } }, { id: 1 }];
  const answers = (request: Seen) => (request.url.startsWith("/_bulk") ? { took: 1, errors: false, items: [] } : hitsOf([]));

  describe.each([true, false])("with FetchConnection %s", (fetchConnection) => {
    it("elasticsearch: the vendored media types, and the product check refuses an engine that is not Elasticsearch", async () => {
      const client = createEsClient({ ELASTICSEARCH_URL: url, ELASTICSEARCH_DIALECT: "elasticsearch" }, { fetchConnection });
      reply = (request) => ({ body: answers(request) });
      await client.search({ index: "companies", query: { match_all: {} } });
      await client.bulk({ operations: bulk });
      expect(seen.map((s) => [s.url.split("?")[0], s.headers["content-type"], s.headers.accept])).toEqual([
        [
          "/companies/_search",
          "application/vnd.elasticsearch+json; compatible-with=9",
          "application/vnd.elasticsearch+json; compatible-with=9",
        ],
        ["/_bulk", "application/vnd.elasticsearch+x-ndjson; compatible-with=9", "application/vnd.elasticsearch+json; compatible-with=9"],
      ]);
      expect(seen[1]?.body).toEqual(bulk);
      reply = (request) => ({ body: answers(request), product: false });
      await expect(client.search({ index: "companies" })).rejects.toBeInstanceOf(errors.ProductNotSupportedError);
      await client.close();
    });

    it("opensearch: plain JSON and NDJSON, and no product check", async () => {
      const client = createEsClient({ ELASTICSEARCH_URL: url, ELASTICSEARCH_DIALECT: "opensearch" }, { fetchConnection });
      reply = (request) => ({ body: answers(request), product: false });
      expect((await client.search({ index: "companies", query: { match_all: {} } })).hits.hits).toEqual([]);
      await client.bulk({ operations: bulk });
      expect(seen.map((s) => [s.url.split("?")[0], s.headers["content-type"], s.headers.accept])).toEqual([
        ["/companies/_search", "application/json", "application/json"],
        ["/_bulk", "application/x-ndjson", "application/json"],
      ]);
      expect(seen[1]?.body).toEqual(bulk);
      expect(dialectOf(client)).toBe("opensearch");
      await client.close();
    });
  });

  it("opensearch: an export opens and closes its point in time on OpenSearch's paths", async () => {
    const client = createEsClient({ ELASTICSEARCH_URL: url, ELASTICSEARCH_DIALECT: "opensearch" });
    const pages = [hitsOf([{ orgSeqNo: 1 }, { orgSeqNo: 2 }]), hitsOf([{ orgSeqNo: 3 }])];
    reply = (request) => {
      if (request.url.startsWith("/companies/_search/point_in_time")) return { body: { pit_id: "pit-os" }, product: false };
      if (request.method === "DELETE") return { body: { pits: [{ pit_id: "pit-os", successful: true }] }, product: false };
      return { body: pages.shift() ?? hitsOf([]), product: false };
    };
    const rows = [];
    for await (const chunk of new ElasticsearchBackend(client).readExportRows(parseSearch({}), { count: 3, chunkSize: 2 }))
      rows.push(...chunk);
    expect(rows).toEqual([{ orgSeqNo: 1 }, { orgSeqNo: 2 }, { orgSeqNo: 3 }]);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "POST /companies/_search/point_in_time?keep_alive=2m",
      "POST /_search",
      "POST /_search",
      "DELETE /_search/point_in_time",
    ]);
    expect(seen[1]?.body).toMatchObject({ pit: { id: "pit-os" } });
    expect(seen[3]?.body).toEqual({ pit_id: ["pit-os"] });
    await client.close();
  });

  it("refuses a missing or unknown dialect instead of guessing one", () => {
    for (const dialect of [undefined, "", "elastic", "solr"])
      expect(() => createEsClient({ ELASTICSEARCH_URL: url, ELASTICSEARCH_DIALECT: dialect }), String(dialect)).toThrow(
        /ELASTICSEARCH_DIALECT must be "elasticsearch" or "opensearch"/,
      );
    expect(dialectOf(createEsClient({ ELASTICSEARCH_URL: url, ELASTICSEARCH_DIALECT: " OpenSearch " }))).toBe("opensearch");
  });
});
