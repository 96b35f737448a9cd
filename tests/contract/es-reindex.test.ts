/**
 * The Elasticsearch reindex on the real cluster of the test run: the next version built beside the live one, the count
 * check, both aliases moved by one atomic swap (a concurrent reader never sees them on different versions), older
 * versions deleted; a failed count check or a failing hook deletes the new indices and leaves the live aliases alone.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SqlStore } from "#scripts/reindex/local-loader";
import { reindexElasticsearchWithMonitoring } from "#scripts/reindex/reindex-elasticsearch";
import type { EsNames } from "#search-index/elasticsearch/es-fields";
import { indexWords } from "#search-index/free-text";
import { reindexIntoElasticsearch, waitForGreen } from "#search-index/indexing/elasticsearch/es-reindex";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { aliasTargets, clusterClient, countOf, dropIndices, fixtureSource, indicesUnder, sourceOf } from "./support/es-cluster-helpers";

const PREFIX = "urval_reindex_";
const clients: ReturnType<typeof clusterClient>[] = [];

/** A client on a prefix of the test's own (under this file's). */
function cluster(name: string) {
  const made = clusterClient(`${PREFIX}${name}_`);
  clients.push(made);
  return { ...made, prefix: `${PREFIX}${name}_` };
}

const both = (names: EsNames, version: number) => [names.index("COMPANY", version), names.index("WORKSITE", version)];
const servedBy = (names: EsNames, version: number) => ({
  [names.alias("COMPANY")]: [names.index("COMPANY", version)],
  [names.alias("WORKSITE")]: [names.index("WORKSITE", version)],
});

beforeAll(() => dropIndices(PREFIX));
afterAll(async () => {
  await dropIndices(PREFIX);
  await Promise.all(clients.map(({ client }) => client.close()));
});

describe("Elasticsearch reindex on the cluster", () => {
  it("builds v3 beside v2, checks the counts, swaps both aliases at once and deletes v1", async () => {
    const { client, names, prefix } = cluster("swap");
    await reindexIntoElasticsearch(client, fixtureSource(), () => {}, names);
    await reindexIntoElasticsearch(client, fixtureSource(), () => {}, names);
    expect(await aliasTargets(client, names)).toEqual(servedBy(names, 2));
    // A reader polls the aliases throughout the third reindex: each reading names one version for both.
    const readings = new Set<string>();
    let reading = true;
    const read = async () => {
      const targets = await aliasTargets(client, names);
      readings.add([names.alias("COMPANY"), names.alias("WORKSITE")].map((alias) => (targets[alias] ?? []).join("+")).join(" "));
    };
    const reader = (async () => {
      while (reading) await read();
    })();
    const result = await reindexIntoElasticsearch(client, fixtureSource(), () => {}, names);
    reading = false;
    await reader;
    await read();
    expect(result).toEqual({ version: 3, previousVersion: 2, companies: 40, worksites: 47, removedIndices: both(names, 1) });
    expect([...readings].sort()).toEqual([both(names, 2).join(" "), both(names, 3).join(" ")]);
    expect(await aliasTargets(client, names)).toEqual(servedBy(names, 3));
    expect(await indicesUnder(client, prefix)).toEqual([...both(names, 2), ...both(names, 3)].sort());
    expect([await countOf(client, names.alias("COMPANY")), await countOf(client, names.alias("WORKSITE"))]).toEqual([40, 47]);
  });

  it("waits for replicas over several health slices, reading a slice that ran out (408) as the status then", async () => {
    // One node: the replica of an index with number_of_replicas 1 is never assigned, so every slice runs out yellow.
    const { client, prefix } = cluster("green");
    const index = `${prefix}replicated`;
    await client.indices.create({ index, settings: { number_of_shards: 1, number_of_replicas: 1 } });
    const started = Date.now();
    expect(await waitForGreen(client, index, 2_500, "1s")).toBe("yellow");
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    await client.indices.putSettings({ index, settings: { number_of_replicas: 0 } });
    expect(await waitForGreen(client, index, 2_500, "1s")).toBe("green");
  });

  it("creates strict indices with the Swedish analyser, serving settings after the load, and the documents as built", async () => {
    const { client, names } = cluster("docs");
    await reindexIntoElasticsearch(client, fixtureSource(), () => {}, names);
    const index = names.index("COMPANY", 1);
    const mapping = await client.indices.getMapping({ index });
    expect(mapping[index]?.mappings).toMatchObject({
      dynamic: "strict",
      properties: Object.fromEntries(["name", "address", "people"].map((field) => [field, { type: "text", analyzer: "swedish_text" }])),
    });
    const settings = (await client.indices.getSettings({ index }))[index]?.settings?.index;
    expect(settings).toMatchObject({
      refresh_interval: "1s",
      number_of_replicas: "1",
      analysis: { analyzer: { swedish_text: { tokenizer: "whitespace" } } },
    });
    const alfa = await client.get<Record<string, unknown>>({ index, id: "1" });
    expect(alfa._source).toMatchObject({
      id: 1,
      name: "Alfa Data AB",
      sniMain: ["J", "62", "620", "6201", "62010"],
      placeAll: ["01", "0180", "14", "1480", "12", "1280"],
      limited: true,
    });
    // The analyser gives the embedded index's words (free-text.ts indexWords): accents folded but å, ä and ö kept
    // ("Café" finds the café, "Rådgivning" is not "Radgivning"), anything but a letter or digit separates, stop words
    // left out.
    const texts = ["Café Rådgivning", "AB:s Hårvård & Co HB", "Ångström-Öberg i Malmö", "Crème brûlée, Ñandú o'Brien 3.5", "ÉÜÇ ﬁ ß Łódź"];
    for (const text of texts) {
      const tokens = (await client.indices.analyze({ index, analyzer: "swedish_text", text })).tokens?.map((t) => t.token);
      expect({ text, tokens }).toEqual({ text, tokens: indexWords(text) });
    }
  });

  it("leaves the live version alone and removes the new indices when the count check fails", async () => {
    const { client, names, prefix } = cluster("count");
    await reindexIntoElasticsearch(client, fixtureSource(), () => {}, names);
    // The same company twice: 41 documents sent, 40 in the index (the second overwrote the first).
    const companies = fixtureCompanies();
    const twice = sourceOf([...companies, companies[0]!], fixtureWorksites());
    await expect(reindexIntoElasticsearch(client, twice, () => {}, names)).rejects.toThrow(
      "the new indices hold 40 companies and 47 worksites, expected 41 and 47",
    );
    expect(await indicesUnder(client, prefix)).toEqual(both(names, 1));
    expect(await aliasTargets(client, names)).toEqual(servedBy(names, 1));
    expect(await countOf(client, names.alias("COMPANY"))).toBe(40);
  });

  it("deletes the new indices and keeps the live aliases when the hook before the swap fails", async () => {
    const { client, names, prefix } = cluster("hook");
    await reindexIntoElasticsearch(client, fixtureSource(), () => {}, names);
    const thirty = fixtureCompanies().slice(0, 30);
    const ids = new Set(thirty.map((c) => c.orgSeqNo));
    const seen: number[] = [];
    const failing = reindexIntoElasticsearch(
      client,
      sourceOf(
        thirty,
        fixtureWorksites().filter((w) => ids.has(w.orgSeqNo)),
      ),
      () => {},
      names,
      {
        // Both versions are complete and readable by their names here, and the aliases still name v1.
        beforeSwap: async ({ version, previousVersion }) => {
          seen.push(
            await countOf(client, names.index("COMPANY", previousVersion ?? 0)),
            await countOf(client, names.index("COMPANY", version)),
          );
          seen.push(await countOf(client, names.alias("COMPANY")));
          throw new Error("Bevakning's step failed");
        },
      },
    );
    await expect(failing).rejects.toThrow("Bevakning's step failed");
    expect(seen).toEqual([40, 30, 40]);
    expect(await indicesUnder(client, prefix)).toEqual(both(names, 1));
    expect(await aliasTargets(client, names)).toEqual(servedBy(names, 1));
  });

  it("fails its swap when the aliases moved meanwhile, never leaving two versions behind one alias", async () => {
    const { client, names, prefix } = cluster("race");
    await reindexIntoElasticsearch(client, fixtureSource(), () => {}, names);
    const failing = reindexIntoElasticsearch(client, fixtureSource(), () => {}, names, {
      // Another reindex finishes first: its v9 takes both aliases from v1 (the swap's `remove` must find them on v1).
      beforeSwap: async () => {
        for (const index of both(names, 9)) await client.indices.create({ index });
        const types = ["COMPANY", "WORKSITE"] as const;
        await client.indices.updateAliases({
          actions: types.flatMap((type) => [
            { remove: { index: names.index(type, 1), alias: names.alias(type) } },
            { add: { index: names.index(type, 9), alias: names.alias(type) } },
          ]),
        });
      },
    });
    await expect(failing).rejects.toMatchObject({ meta: { statusCode: 404, body: { error: { type: "aliases_not_found_exception" } } } });
    expect(await aliasTargets(client, names)).toEqual(servedBy(names, 9));
    expect(await indicesUnder(client, prefix)).toEqual([...both(names, 1), ...both(names, 9)].sort());
  });

  it("keeps the new version serving when a step after the alias swap fails", async () => {
    const { client, names, prefix } = cluster("after");
    await reindexIntoElasticsearch(client, fixtureSource(), () => {}, names);
    const failing = reindexIntoElasticsearch(client, fixtureSource(), () => {}, names, {
      afterSwap: () => Promise.reject(new Error("after the swap")),
    });
    await expect(failing).rejects.toThrow("after the swap");
    expect(await aliasTargets(client, names)).toEqual(servedBy(names, 2));
    expect(await indicesUnder(client, prefix)).toEqual([...both(names, 1), ...both(names, 2)].sort());
  });

  it("reports a failing Bevakning step and still swaps (the search index matters more than one night's alerts)", async () => {
    const { client, names } = cluster("bevakning");
    const down = () => Promise.reject(new Error("app database unavailable"));
    const store: SqlStore = { sql: down, insertValues: down };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await reindexElasticsearchWithMonitoring(client, fixtureSource(), { names, store });
    expect(result).toMatchObject({ version: 1, percolator: { error: "app database unavailable" }, changes: null });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("Bevakning percolator resync failed"));
    logged.mockRestore();
    expect(await aliasTargets(client, names)).toEqual(servedBy(names, 1));
  });

  it("treats a live index without change hashes as having no hashes: nothing staged, reported, and the next run compares", async () => {
    const { client, names } = cluster("hashes");
    // An app database without Bevakning's tables: the percolator resync and the staging have nothing to do.
    const store: SqlStore = { sql: async <Row>() => [[]] as Row[][], insertValues: async () => ({ rows: 0 }) };
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    await reindexElasticsearchWithMonitoring(client, fixtureSource(), { names, store });
    // v1 as an index built before `changeHash` existed: its documents carry only the source hash.
    const v1 = names.index("COMPANY", 1);
    const stripped = await client.updateByQuery({
      index: v1,
      refresh: true,
      script: { source: "ctx._source.remove('changeHash')", lang: "painless" },
    });
    expect(stripped.updated).toBe(40);
    expect((await client.count({ index: v1, query: { exists: { field: "changeHash" } } })).count).toBe(0);
    const second = await reindexElasticsearchWithMonitoring(client, fixtureSource(), { names, store });
    expect(second).toMatchObject({
      version: 2,
      percolator: { stored: 0, deleted: 0 },
      changes: { error: expect.stringMatching(/companies_v1 has documents without a change hash/) },
    });
    expect(await aliasTargets(client, names)).toEqual(servedBy(names, 2));
    // v2 has change hashes: the same source again is no change at all (the worksites are hashed alike on both sides).
    const third = await reindexElasticsearchWithMonitoring(client, fixtureSource(), { names, store });
    expect(third).toMatchObject({ version: 3, changes: { added: 0, removed: 0, changed: 0 } });
    info.mockRestore();
  });
});
