/**
 * The backends the conformance suite runs against: embedded always; Elasticsearch when ELASTICSEARCH_URL is set (the
 * fixture is reindexed into indices prefixed ELASTICSEARCH_INDEX_PREFIX, default "urval_contract_", so a shared
 * cluster's live aliases are never touched).
 */
import type { SearchBackend } from "../../search-index/backend";
import { createEsClient, ElasticsearchBackend } from "../../search-index/elasticsearch/es-backend";
import { esNames } from "../../search-index/elasticsearch/es-fields";
import { reindexIntoElasticsearch } from "../../search-index/elasticsearch/es-reindex";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
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

function elasticsearch(url: string): ContractBackend {
  return {
    name: "elasticsearch",
    async open() {
      const env = {
        ELASTICSEARCH_URL: url,
        ELASTICSEARCH_DIALECT: process.env.ELASTICSEARCH_DIALECT,
        ELASTICSEARCH_API_KEY: process.env.ELASTICSEARCH_API_KEY,
      };
      const names = esNames(process.env.ELASTICSEARCH_INDEX_PREFIX ?? "urval_contract_");
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
      return { backend: new ElasticsearchBackend(client, names), close: () => client.close() };
    },
  };
}

export const contractBackends: ContractBackend[] = process.env.ELASTICSEARCH_URL
  ? [embedded, elasticsearch(process.env.ELASTICSEARCH_URL)]
  : [embedded];
