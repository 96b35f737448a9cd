/**
 * Vitest global setup of the projects that need a real search cluster (contract, cluster): one OpenSearch node on
 * loopback, started by the test run (scripts/cluster) and stopped after it, unless ELASTICSEARCH_URL names one already
 * (then ELASTICSEARCH_DIALECT must say which engine it is). Tests read it with `inject("searchCluster")`
 * (./search-cluster.ts).
 */
import type { TestProject } from "vitest/node";
import { startSharedCluster } from "../support/shared";
import { parseDialect } from "#search-index/engine";
import type { SearchClusterInfo } from "./search-cluster";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.ELASTICSEARCH_URL;
  if (external) {
    const info: SearchClusterInfo = { url: external, dialect: parseDialect(process.env.ELASTICSEARCH_DIALECT), external: true };
    project.provide("searchCluster", info);
    return async () => {};
  }
  const started = Date.now();
  const cluster = await startSharedCluster();
  console.log(`[cluster] OpenSearch node ready at ${cluster.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const info: SearchClusterInfo = { url: cluster.url, dialect: "opensearch", external: false };
  project.provide("searchCluster", info);
  return () => cluster.stop();
}
