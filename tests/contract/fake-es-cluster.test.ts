/**
 * The fake cluster answers as Elasticsearch documents it, through the official client: the percolate query's examples
 * (docs: "Percolate query", query-dsl-percolate-query; one document and several, `_percolator_document_slot`, `name`),
 * strict mappings, a percolator query naming an unmapped field, and auto-creation of a missing index; `_msearch`
 * (docs: "Multi search API": one response per search, in order, an erroring search's `error` in its place) and a
 * cluster without the percolator module.
 */
import type { Client } from "@elastic/elasticsearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPercolatorMissing } from "../../search-index/elasticsearch/es-batched-search";
import { createEsClient } from "../../search-index/elasticsearch/es-backend";
import { startFakeElasticsearch } from "./fake-elasticsearch";
import { FakeCluster } from "./fake-es-cluster";

let client: Client;
let close: () => Promise<void>;
const cluster = new FakeCluster();

beforeAll(async () => {
  const fake = await startFakeElasticsearch(cluster.handle);
  close = fake.close;
  client = createEsClient({ ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" }, { fetchConnection: false });
  await client.indices.create({
    index: "my-index-000001",
    mappings: { properties: { message: { type: "text" }, query: { type: "percolator" } } },
  });
  await client.index({ index: "my-index-000001", id: "1", refresh: true, document: { query: { match: { message: "bonsai tree" } } } });
});
afterAll(async () => {
  await client.close();
  await close();
});

describe("fake Elasticsearch: the percolator as documented", () => {
  it("matches one document, answering the stored query with slot 0", async () => {
    const response = await client.search({
      index: "my-index-000001",
      query: { percolate: { field: "query", document: { message: "A new bonsai tree in the office" } } },
    });
    expect(response.hits.total).toEqual({ value: 1, relation: "eq" });
    expect(response.hits.hits).toEqual([
      {
        _index: "my-index-000001",
        _id: "1",
        _score: expect.any(Number),
        _source: { query: { match: { message: "bonsai tree" } } },
        fields: { _percolator_document_slot: [0] },
      },
    ]);
  });

  it("gives the slots of the matching documents when several are percolated", async () => {
    const documents = [{ message: "bonsai tree" }, { message: "new tree" }, { message: "the office" }, { message: "office tree" }];
    const response = await client.search({ index: "my-index-000001", query: { percolate: { field: "query", documents } } });
    expect(response.hits.hits.map((hit) => [hit._id, hit.fields])).toEqual([["1", { _percolator_document_slot: [0, 1, 3] }]]);
  });

  it("names the slot field after the query's `name`, and finds nothing when no document matches", async () => {
    const named = await client.search({
      index: "my-index-000001",
      query: { percolate: { field: "query", name: "new", documents: [{ message: "the office" }, { message: "old bonsai" }] } },
    });
    expect(named.hits.hits[0]?.fields).toEqual({ _percolator_document_slot_new: [1] });
    const none = await client.search({
      index: "my-index-000001",
      query: { percolate: { field: "query", document: { message: "office" } } },
    });
    expect(none.hits.hits).toEqual([]);
  });

  it("refuses a stored query on an unmapped field and a percolate on a field that is no percolator", async () => {
    await expect(
      client.index({ index: "my-index-000001", id: "2", document: { query: { term: { colour: "red" } } } }),
    ).rejects.toMatchObject({
      meta: { statusCode: 400 },
      message: expect.stringMatching(/No field mapping can be found for the field with name \[colour\]/),
    });
    await expect(
      client.search({ index: "my-index-000001", query: { percolate: { field: "message", document: { message: "tree" } } } }),
    ).rejects.toMatchObject({ meta: { statusCode: 400 } });
  });
});

describe("fake Elasticsearch: mappings", () => {
  it("refuses an unknown field under a strict mapping, in a document and in a percolated document", async () => {
    await client.indices.create({
      index: "strict",
      mappings: { dynamic: "strict", properties: { name: { type: "keyword" }, query: { type: "percolator" } } },
    });
    await expect(client.index({ index: "strict", id: "1", document: { name: "a", extra: 1 } })).rejects.toMatchObject({
      meta: { statusCode: 400, body: { error: { type: "strict_dynamic_mapping_exception" } } },
    });
    await client.index({ index: "strict", id: "q", document: { query: { term: { name: "a" } } } });
    await expect(
      client.search({ index: "strict", query: { percolate: { field: "query", documents: [{ name: "a", extra: 1 }] } } }),
    ).rejects.toMatchObject({ meta: { body: { error: { type: "strict_dynamic_mapping_exception" } } } });
  });

  it("creates a missing index on the first document with dynamic mappings (no percolator field then)", async () => {
    await client.index({ index: "auto", id: "1", document: { query: { term: { name: "a" } } } });
    const mapping = cluster.indices.get("auto")?.mappings.properties;
    expect(mapping?.query).toEqual({ type: "object" });
    await expect(client.search({ index: "auto", query: { percolate: { field: "query", document: { name: "a" } } } })).rejects.toMatchObject(
      {
        meta: { statusCode: 400 },
      },
    );
  });
});

describe("fake Elasticsearch: multi search and a cluster without the percolator", () => {
  it("answers every search of an _msearch in order, an erroring one with its error in its place", async () => {
    const response = await client.msearch({
      searches: [
        { index: "my-index-000001" },
        { query: { match_all: {} }, _source: false },
        { index: "no-such-index" },
        { query: { match_all: {} } },
      ],
    });
    expect(response.responses).toHaveLength(2);
    expect(response.responses[0]).toMatchObject({ status: 200, hits: { hits: [{ _id: "1" }] } });
    expect(response.responses[1]).toMatchObject({ status: 404, error: { type: "index_not_found_exception" } });
  });

  it("refuses a percolator field without the module, as Elasticsearch does, and the reindex recognises it", async () => {
    const bare = await startFakeElasticsearch(new FakeCluster({ percolator: false }).handle);
    const other = createEsClient({ ELASTICSEARCH_URL: bare.url, ELASTICSEARCH_DIALECT: "elasticsearch" }, { fetchConnection: false });
    try {
      const refused = await other.indices.create({ index: "saved", mappings: { properties: { query: { type: "percolator" } } } }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({
        body: { error: { type: "mapper_parsing_exception", reason: "No handler for type [percolator] declared on field [query]" } },
      });
      expect(isPercolatorMissing(refused)).toBe(true);
      const other400 = await other.indices
        .create({ index: "x", mappings: { properties: { f: { type: "geo_shape" } } } })
        .catch((error: unknown) => error);
      expect(isPercolatorMissing(other400)).toBe(false);
    } finally {
      await other.close();
      await bare.close();
    }
  });
});
