/** The modules every node must have loaded, checked with GET /_cat/plugins once the cluster is up. */
import { z } from "zod";
import { ClusterError } from "./cluster-error";
import { getJson } from "./readiness";

/** The plugin classes UrvalNode.MODULES loads (scripts/cluster/node); _cat/plugins names classpath plugins by class. */
export const REQUIRED_MODULES = [
  "org.opensearch.transport.Netty4Plugin",
  "org.opensearch.analysis.common.CommonAnalysisPlugin",
  "org.opensearch.index.mapper.MapperExtrasPlugin",
  "org.opensearch.percolator.PercolatorPlugin",
  "org.opensearch.join.ParentJoinPlugin",
  "org.opensearch.index.reindex.ReindexPlugin",
  "org.opensearch.search.aggregations.matrix.MatrixAggregationPlugin",
  "org.opensearch.painless.PainlessPlugin",
] as const;

export const PluginsSchema = z.array(z.object({ name: z.string(), component: z.string() }));
export type Plugins = z.infer<typeof PluginsSchema>;

/** The first node and required module missing from a _cat/plugins answer, or undefined when all are there. */
export function findMissingModule(plugins: Plugins, nodeNames: string[]): { node: string; module: string } | undefined {
  for (const node of nodeNames) {
    const loaded = new Set(plugins.filter((plugin) => plugin.name === node).map((plugin) => plugin.component));
    const module = REQUIRED_MODULES.find((required) => !loaded.has(required));
    if (module) return { node, module };
  }
  return undefined;
}

/** Throws MODULE_MISSING naming the first required module some node did not load (GET /_cat/plugins). */
export async function checkModules(url: string, nodeNames: string[]): Promise<void> {
  const answer = await getJson(`${url}/_cat/plugins?format=json`, 10_000);
  const parsed = answer?.status === 200 ? PluginsSchema.safeParse(answer.body) : null;
  if (!parsed?.success) throw new ClusterError("MODULE_MISSING", `GET ${url}/_cat/plugins did not answer a plugin list`);
  const missing = findMissingModule(parsed.data, nodeNames);
  if (missing) {
    throw new ClusterError("MODULE_MISSING", `node ${missing.node} has not loaded the module ${missing.module} (GET ${url}/_cat/plugins)`);
  }
}
