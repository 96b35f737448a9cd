/** The search cluster of the test run (./global-setup.ts), as tests see it. */
import { inject } from "vitest";
import type { EsDialect } from "#search-index/engine";

export interface SearchClusterInfo {
  url: string;
  dialect: EsDialect;
  /** Named by ELASTICSEARCH_URL rather than started by the run: tests must not stop or pause it. */
  external: boolean;
}

declare module "vitest" {
  export interface ProvidedContext {
    searchCluster: SearchClusterInfo;
  }
}

export function searchCluster(): SearchClusterInfo {
  return inject("searchCluster");
}

/** The environment a client of the test cluster is made from (createEsClient), with its own index prefix. */
export function clusterEnv(prefix: string) {
  const { url, dialect } = searchCluster();
  return {
    ELASTICSEARCH_URL: url,
    ELASTICSEARCH_DIALECT: dialect,
    ELASTICSEARCH_API_KEY: process.env.ELASTICSEARCH_API_KEY,
    ELASTICSEARCH_INDEX_PREFIX: prefix,
  };
}
