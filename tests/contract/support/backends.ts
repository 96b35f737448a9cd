/**
 * The backends the conformance suite runs against: the embedded index, and the Elasticsearch backend on the real
 * cluster of the test run (tests/cluster: an OpenSearch node started for it, or the one ELASTICSEARCH_URL names). The
 * fixture is reindexed into indices prefixed "urval_contract_", so a shared cluster's live aliases are never touched.
 */
import type { SearchBackend } from "#search-index/backend";
import { createEsClient, ElasticsearchBackend } from "#search-index/elasticsearch/es-backend";
import { esNames } from "#search-index/elasticsearch/es-fields";
import { reindexIntoElasticsearch } from "#search-index/indexing/elasticsearch/es-reindex";
import { fixtureCompanies, fixtureWorksites } from "../../fixtures/search/fixture-dataset";
import { clusterEnv } from "../../cluster/search-cluster";
import { embeddedBackendOf, openEmbeddedFixture } from "./embedded-fixture";

export interface ContractBackend {
  name: string;
  open(): Promise<{ backend: SearchBackend; close(): Promise<void> }>;
}

const embedded: ContractBackend = {
  name: "embedded",
  async open() {
    const fixture = await openEmbeddedFixture();
    return { backend: await embeddedBackendOf(fixture), close: () => fixture.close() };
  },
};

/** The Elasticsearch backend on the fixture, reindexed under `prefix` (a file of its own running beside the suite). */
export const elasticsearchUnder = (prefix: string): ContractBackend => ({
  name: "elasticsearch",
  async open() {
    const env = clusterEnv(prefix);
    const names = esNames(env.ELASTICSEARCH_INDEX_PREFIX);
    const loader = createEsClient(env, { fetchConnection: false });
    const source = {
      async *companies() {
        yield* fixtureCompanies();
      },
      async *worksites() {
        yield* fixtureWorksites();
      },
    };
    await reindexIntoElasticsearch(loader, source, () => {}, names);
    await loader.close();
    const client = createEsClient(env);
    // Pinned to the live version, as the workers search (backend-for-env.ts): the whole-index counts are then kept.
    const unpinned = new ElasticsearchBackend(client, names);
    return { backend: unpinned.pinnedTo(await unpinned.resolveLive()), close: () => client.close() };
  },
});

export const embeddedContractBackend = embedded;
export const contractBackends: ContractBackend[] = [embedded, elasticsearchUnder("urval_contract_")];
