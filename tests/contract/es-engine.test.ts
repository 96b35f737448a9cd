/**
 * What the Elasticsearch backend relies on from the engine, checked on the real cluster of the test run (it replaced a
 * fake that answered as the documentation says): the percolate query as documented ("Percolate query": one document
 * and several, `_percolator_document_slot`, `name` suffixing it when a search holds several percolate queries), strict mappings in documents and percolated documents, a stored
 * query naming an unmapped field, a missing index created with dynamic mappings; `_msearch` ("Multi search API": one
 * response per search, in order, an erroring search's `error` in its place); and the refusal of a field type whose
 * module is not installed, which Bevakning's reindex recognises (tests/support/cluster-fault-proxy.ts makes the percolator such a type).
 */
import type { Client } from "@elastic/elasticsearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPercolatorMissing } from "#search-index/indexing/elasticsearch/es-batched-search";
import { searchCluster } from "../cluster/search-cluster";
import { clusterClient, dropIndices } from "./support/es-cluster-helpers";
import { startFaultProxy, withoutFieldType, type FaultProxy } from "../support/cluster-fault-proxy";

const PREFIX = "urval_engine_";
const [DOCS, STRICT, AUTO] = ["docs", "strict", "auto"].map((name) => `${PREFIX}${name}`) as [string, string, string];
let client: Client;
let proxy: FaultProxy;
let bare: Client;

beforeAll(async () => {
  client = clusterClient(PREFIX).client;
  proxy = await startFaultProxy(searchCluster().url);
  proxy.setRule(withoutFieldType("percolator"));
  bare = clusterClient(PREFIX, proxy.url).client;
  await dropIndices(PREFIX);
  await client.indices.create({ index: DOCS, mappings: { properties: { message: { type: "text" }, query: { type: "percolator" } } } });
  await client.index({ index: DOCS, id: "1", refresh: true, document: { query: { match: { message: "bonsai tree" } } } });
});
afterAll(async () => {
  await dropIndices(PREFIX);
  await Promise.all([client.close(), bare.close(), proxy.close()]);
});

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("the percolator as documented", () => {
  it("matches one document, answering the stored query with slot 0", async () => {
    const response = await client.search({
      index: DOCS,
      query: { percolate: { field: "query", document: { message: "A new bonsai tree in the office" } } },
    });
    expect(response.hits.total).toEqual({ value: 1, relation: "eq" });
    expect(response.hits.hits).toEqual([
      {
        _index: DOCS,
        _id: "1",
        _score: expect.any(Number),
        _source: { query: { match: { message: "bonsai tree" } } },
        fields: { _percolator_document_slot: [0] },
      },
    ]);
  });

  it("gives the slots of the matching documents when several are percolated", async () => {
    const documents = [{ message: "bonsai tree" }, { message: "new tree" }, { message: "the office" }, { message: "office tree" }];
    const response = await client.search({ index: DOCS, query: { percolate: { field: "query", documents } } });
    expect(response.hits.hits.map((hit) => [hit._id, hit.fields])).toEqual([["1", { _percolator_document_slot: [0, 1, 3] }]]);
  });

  it("suffixes the slot field with each query's `name` only when a search holds several, and finds nothing when no document matches", async () => {
    const percolate = (name: string, documents: object[]) => ({ percolate: { field: "query", name, documents } });
    const single = await client.search({ index: DOCS, query: percolate("new", [{ message: "the office" }, { message: "old bonsai" }]) });
    expect(single.hits.hits[0]?.fields).toEqual({ _percolator_document_slot: [1] });
    const should = [percolate("a", [{ message: "bonsai" }]), percolate("b", [{ message: "office" }, { message: "tree" }])];
    const several = await client.search({ index: DOCS, query: { bool: { should } } });
    expect(several.hits.hits[0]?.fields).toEqual({ _percolator_document_slot_a: [0], _percolator_document_slot_b: [1] });
    const none = await client.search({ index: DOCS, query: { percolate: { field: "query", document: { message: "office" } } } });
    expect(none.hits.hits).toEqual([]);
  });

  it("refuses a stored query on an unmapped field and a percolate on a field that is no percolator", async () => {
    expect(await errorOf(client.index({ index: DOCS, id: "2", document: { query: { term: { colour: "red" } } } }))).toMatchObject({
      meta: { statusCode: 400 },
      message: expect.stringMatching(/No field mapping can be found for the field with name \[colour\]/),
    });
    const notPercolator = client.search({ index: DOCS, query: { percolate: { field: "message", document: { message: "tree" } } } });
    expect(await errorOf(notPercolator)).toMatchObject({ meta: { statusCode: 400 } });
  });
});

describe("mappings", () => {
  it("refuses an unknown field under a strict mapping, in a document and in a percolated document", async () => {
    await client.indices.create({
      index: STRICT,
      mappings: { dynamic: "strict", properties: { name: { type: "keyword" }, query: { type: "percolator" } } },
    });
    expect(await errorOf(client.index({ index: STRICT, id: "1", document: { name: "a", extra: 1 } }))).toMatchObject({
      meta: { statusCode: 400, body: { error: { type: "strict_dynamic_mapping_exception" } } },
    });
    await client.index({ index: STRICT, id: "q", refresh: true, document: { query: { term: { name: "a" } } } });
    const percolated = client.search({ index: STRICT, query: { percolate: { field: "query", documents: [{ name: "a", extra: 1 }] } } });
    expect(await errorOf(percolated)).toMatchObject({
      meta: { statusCode: 400, body: { error: { root_cause: [{ type: "strict_dynamic_mapping_exception" }] } } },
    });
  });

  it("creates a missing index on the first document with dynamic mappings (no percolator field then)", async () => {
    await client.index({ index: AUTO, id: "1", refresh: true, document: { query: { term: { name: "a" } } } });
    const mapping = (await client.indices.getMapping({ index: AUTO }))[AUTO]?.mappings.properties;
    expect(mapping?.query).toMatchObject({ properties: { term: expect.any(Object) } });
    const percolate = client.search({ index: AUTO, query: { percolate: { field: "query", document: { name: "a" } } } });
    expect(await errorOf(percolate)).toMatchObject({ meta: { statusCode: 400 } });
  });
});

describe("multi search and a cluster without the percolator", () => {
  it("answers every search of an _msearch in order, an erroring one with its error in its place", async () => {
    const response = await client.msearch({
      searches: [
        { index: DOCS },
        { query: { match_all: {} }, _source: false },
        { index: `${PREFIX}no_such_index` },
        { query: { match_all: {} } },
      ],
    });
    expect(response.responses).toHaveLength(2);
    expect(response.responses[0]).toMatchObject({ status: 200, hits: { hits: [{ _id: "1" }] } });
    expect(response.responses[1]).toMatchObject({ status: 404, error: { type: "index_not_found_exception" } });
  });

  it("refuses a field type whose module is missing, and the reindex recognises that for the percolator only", async () => {
    // The node's own answer for a type nobody registered, as Bevakning's fallback expects it.
    const unknown = await errorOf(
      client.indices.create({ index: `${PREFIX}x1`, mappings: { properties: { f: { type: "no_such_type" } } } as never }),
    );
    expect(unknown).toMatchObject({
      body: {
        error: {
          type: "mapper_parsing_exception",
          reason: expect.stringMatching(/No handler for type \[no_such_type\] declared on field \[f\]/),
        },
      },
    });
    expect(isPercolatorMissing(unknown)).toBe(false);
    // The same refusal for the percolator, behind the proxy that takes the module away.
    const refused = await errorOf(
      bare.indices.create({ index: `${PREFIX}saved`, mappings: { properties: { query: { type: "percolator" } } } }),
    );
    expect(refused).toMatchObject({
      body: {
        error: {
          type: "mapper_parsing_exception",
          reason: expect.stringMatching(/No handler for type \[percolator\] declared on field \[query\]/),
        },
      },
    });
    expect(isPercolatorMissing(refused)).toBe(true);
    expect(await client.indices.exists({ index: `${PREFIX}saved` })).toBe(false);
  });
});
