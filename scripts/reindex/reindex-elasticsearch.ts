/**
 * Reindex into Elasticsearch (ELASTICSEARCH_URL, optional ELASTICSEARCH_API_KEY and ELASTICSEARCH_INDEX_PREFIX) from a
 * source dataset directory.
 */
import { createEsClient } from "../../search-index/elasticsearch/es-backend";
import { esNames } from "../../search-index/elasticsearch/es-fields";
import { reindexIntoElasticsearch, type EsReindexResult } from "../../search-index/elasticsearch/es-reindex";
import type { ReindexProgress } from "./reindex-embedded";
import { readCompanies, readManifest, readWorksites } from "./source-reader";

export async function reindexElasticsearch(options: {
  sourceDir: string;
  onProgress?: (progress: ReindexProgress) => void;
}): Promise<EsReindexResult> {
  const url = process.env.ELASTICSEARCH_URL;
  if (!url) throw new Error("set ELASTICSEARCH_URL (and ELASTICSEARCH_API_KEY) to reindex into Elasticsearch");
  const manifest = readManifest(options.sourceDir);
  const client = createEsClient(
    { ELASTICSEARCH_URL: url, ELASTICSEARCH_API_KEY: process.env.ELASTICSEARCH_API_KEY },
    { fetchConnection: false },
  );
  try {
    return await reindexIntoElasticsearch(
      client,
      { companies: () => readCompanies(options.sourceDir), worksites: () => readWorksites(options.sourceDir) },
      ({ stage, done }) =>
        options.onProgress?.({
          stage,
          done,
          total: stage === "companies" ? manifest.companies : stage === "worksites" ? manifest.worksites : 1,
        }),
      esNames(process.env.ELASTICSEARCH_INDEX_PREFIX),
    );
  } finally {
    await client.close();
  }
}
