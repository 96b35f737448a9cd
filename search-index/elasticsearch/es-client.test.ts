/**
 * The retry policy of the Elasticsearch backend (./es-client.ts) and the fetch connection's time limit, against a
 * local HTTP server that answers what each test says. The real cluster's faults: tests/integration/cluster-faults.test.ts.
 */
import { errors } from "@elastic/elasticsearch";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "#shared/errors";
import { parseSearch } from "../search-model";
import { backoffMs, createEsClient, ES_CALL_POLICIES, isRetryable, parseNodeUrls, withRetries } from "./es-client";
import { ElasticsearchBackend } from "./es-backend";
import { FetchConnection } from "./fetch-connection";

let server: Server;
let url: string;
let paths: string[] = [];
/**
 * Answers in turn, the last one for every further request: a status with the engine's JSON; "stall", headers and never
 * the body; "plain", 500 text as the local Workers runtime answers for a refused connection.
 */
let answers: (number | "stall" | "plain")[] = [];
const stalled: ServerResponse[] = [];

const emptyHits = { hits: { total: { value: 0, relation: "eq" }, hits: [] } };
/** No hits, for a search or for each search of an `_msearch` (its NDJSON lines alternate header and search). */
const okAnswer = (url: string | undefined, body: string) =>
  url?.includes("_msearch")
    ? {
        responses: body
          .split("\n")
          .filter((_, i) => i % 2 === 1 && _ !== "")
          .map(() => emptyHits),
      }
    : emptyHits;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      paths.push(`${request.method} ${request.url?.split("?")[0]}`);
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (answer === "plain") return void response.writeHead(500, { "content-type": "text/plain" }).end("TypeError: fetch failed");
      response.writeHead(answer === "stall" ? 200 : (answer ?? 200), { "content-type": "application/json" });
      if (answer === "stall") stalled.push(response);
      else if (answer === undefined || answer === 200)
        response.end(JSON.stringify(request.url?.includes("point_in_time") ? { pit_id: "p1" } : okAnswer(request.url, text)));
      else response.end(JSON.stringify({ error: { type: "es_rejected_execution_exception", reason: "busy" }, status: answer }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  for (const response of stalled) response.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  paths = [];
  answers = [200];
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const backendAt = (node: string) =>
  new ElasticsearchBackend(createEsClient({ ELASTICSEARCH_URL: node, ELASTICSEARCH_DIALECT: "opensearch" }));
const responseError = (statusCode: number) =>
  new errors.ResponseError({ statusCode, body: {}, headers: {}, warnings: null, meta: {} as never });

describe("what is tried again", () => {
  it("the connection refused or dropped, 429, 502, 503 and 504; not a timeout or any other answer", () => {
    expect(isRetryable(new errors.ConnectionError("refused"))).toBe(true);
    for (const status of [429, 502, 503, 504]) expect(isRetryable(responseError(status))).toBe(true);
    for (const status of [400, 404, 409, 500]) expect(isRetryable(responseError(status))).toBe(false);
    expect(isRetryable(new errors.TimeoutError("slow"))).toBe(false);
    expect(isRetryable(new Error("bug"))).toBe(false);
  });

  it("waits between half the backoff and all of it, doubling per retry", () => {
    const policy = { timeoutMs: 1, retries: 3, backoffMs: 200 };
    expect([backoffMs(policy, 1, () => 0), backoffMs(policy, 1, () => 1), backoffMs(policy, 3, () => 0)]).toEqual([100, 200, 400]);
  });

  it("tries at most 1 + retries times, and a timeout only once", async () => {
    const policy = { timeoutMs: 1, retries: 2, backoffMs: 2 };
    const refused = vi.fn(() => Promise.reject(new errors.ConnectionError("refused")));
    await expect(withRetries(policy, refused)).rejects.toBeInstanceOf(errors.ConnectionError);
    expect(refused).toHaveBeenCalledTimes(3);
    const slow = vi.fn(() => Promise.reject(new errors.TimeoutError("slow")));
    await expect(withRetries(policy, slow)).rejects.toBeInstanceOf(errors.TimeoutError);
    expect(slow).toHaveBeenCalledTimes(1);
  });
});

describe("the backend's calls", () => {
  it("a search absorbs one 503 and answers; a second failure becomes SEARCH_UNAVAILABLE after two tries", async () => {
    answers = [503, 200];
    await expect(backendAt(url).search(parseSearch({}))).resolves.toMatchObject({ hitCount: 0 });
    expect(paths).toEqual(["POST /_msearch", "POST /_msearch"]);
    paths = [];
    answers = [429];
    const error = await backendAt(url)
      .search(parseSearch({}))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "SEARCH_UNAVAILABLE", status: 503, expose: false });
    expect(paths).toHaveLength(1 + ES_CALL_POLICIES.interactive.retries);
  });

  it("a 400 is not tried again", async () => {
    answers = [400];
    await expect(backendAt(url).search(parseSearch({}))).rejects.toMatchObject({ code: "SEARCH_UNAVAILABLE" });
    expect(paths).toHaveLength(1);
  });

  it("a stopped node (connection refused) fails fast after its retry", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const started = Date.now();
    await expect(backendAt(`http://127.0.0.1:${port}`).search(parseSearch({}))).rejects.toMatchObject({ code: "SEARCH_UNAVAILABLE" });
    expect(Date.now() - started).toBeLessThan(ES_CALL_POLICIES.interactive.backoffMs + 1000);
  });

  it("an export job's reads retry twice, on a point in time", async () => {
    answers = [200, 503, 503, 200];
    const chunks = [];
    for await (const chunk of backendAt(url).readExportRows(parseSearch({}), { count: 5 })) chunks.push(chunk);
    expect(chunks).toEqual([]);
    expect(paths).toEqual([
      "POST /companies/_search/point_in_time",
      "POST /_search",
      "POST /_search",
      "POST /_search",
      "DELETE /_search/point_in_time",
    ]);
  });
});

describe("ELASTICSEARCH_URL as a node list", () => {
  it("takes one URL or several separated by commas, and refuses anything else", () => {
    expect(parseNodeUrls("https://search.example.com")).toEqual(["https://search.example.com"]);
    expect(parseNodeUrls(" http://10.0.0.1:9200, http://10.0.0.2:9200 ,")).toEqual(["http://10.0.0.1:9200", "http://10.0.0.2:9200"]);
    for (const bad of ["", " , ", "10.0.0.1:9200", "ftp://x", "http://a:9200,http://a:9200", "http://a:9200?x=1"])
      expect(() => parseNodeUrls(bad), bad).toThrow(/^ELASTICSEARCH_URL must be one URL or URLs separated by commas/);
  });

  it("a search goes on to the next node when the first one refuses the connection, and keeps away from it", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const backend = backendAt(`${dead},${url}`);
    for (let i = 0; i < 6; i++) await expect(backend.search(parseSearch({}))).resolves.toMatchObject({ hitCount: 0 });
    // Each search reached the live node once; the dead one cost at most a retry now and then.
    expect(paths).toHaveLength(6);
  });
});

describe("FetchConnection", () => {
  it("takes a 5xx that is not the engine's JSON for a failed connection", async () => {
    answers = ["plain"];
    const connection = new FetchConnection({ url: new URL(url) });
    const failed = await connection.request({ method: "GET", path: "/" }, {} as never).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(errors.ConnectionError);
    expect(isRetryable(failed)).toBe(true);
  });

  it("times out a node that stops in the middle of its answer", async () => {
    answers = ["stall"];
    const connection = new FetchConnection({ url: new URL(url) });
    const started = Date.now();
    const failed = await connection.request({ method: "GET", path: "/" }, { timeout: 300 } as never).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(errors.TimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
