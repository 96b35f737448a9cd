/**
 * What the Elasticsearch contract tests read from the real cluster of the test run (tests/cluster): clients on an index
 * prefix of their own, the indices and aliases that prefix holds, and removal of exactly those indices.
 */
import type { Client } from "@elastic/elasticsearch";
import { createEsClient } from "#search-index/elasticsearch/es-backend";
import { esNames, type EsNames } from "#search-index/elasticsearch/es-fields";
import type { EsReindexSource } from "#search-index/indexing/elasticsearch/es-reindex";
import type { CompanySourceRecord, WorksiteSourceRecord } from "#search-index/records";
import { fixtureCompanies, fixtureWorksites } from "../../fixtures/search/fixture-dataset";
import { clusterEnv } from "../../cluster/search-cluster";

/** A client of the test cluster (or of `url`, e.g. a fault proxy in front of it) and the names under `prefix`. */
export function clusterClient(prefix: string, url?: string): { client: Client; names: EsNames } {
  const env = clusterEnv(prefix);
  return {
    client: createEsClient({ ...env, ...(url ? { ELASTICSEARCH_URL: url } : {}) }, { fetchConnection: false }),
    names: esNames(prefix),
  };
}

/** Deletes every index under each prefix (a test file's own prefixes, never a shorter one), with a client of its own. */
export async function dropIndices(...prefixes: string[]): Promise<void> {
  const refused = prefixes.find((prefix) => !/^urval_[a-z0-9]+_/.test(prefix));
  if (refused !== undefined) throw new Error(`refusing to delete indices under the prefix ${JSON.stringify(refused)}`);
  const { client } = clusterClient(prefixes[0] ?? "");
  try {
    const index = prefixes.map((prefix) => `${prefix}*`).join(",");
    await client.indices.delete({ index, expand_wildcards: "all", ignore_unavailable: true, allow_no_indices: true });
  } finally {
    await client.close();
  }
}

/** The indices under `prefix`, sorted. */
export async function indicesUnder(client: Client, prefix: string): Promise<string[]> {
  const rows = await client.cat.indices({ index: `${prefix}*`, format: "json", h: "index", expand_wildcards: "all" });
  return (rows as { index?: string }[]).map((row) => String(row.index)).sort();
}

/** Alias → the indices it names (sorted), for both aliases of `names`; an alias naming nothing is left out. */
export async function aliasTargets(client: Client, names: EsNames): Promise<Record<string, string[]>> {
  const aliases = [names.alias("COMPANY"), names.alias("WORKSITE")];
  const owners = await client.indices.getAlias({ name: aliases.join(",") }, { ignore: [404] });
  const targets: Record<string, string[]> = {};
  for (const [index, entry] of Object.entries(owners as Record<string, { aliases?: Record<string, unknown> }>))
    for (const alias of Object.keys(entry.aliases ?? {}))
      if (aliases.includes(alias)) targets[alias] = [...(targets[alias] ?? []), index].sort();
  return targets;
}

export async function countOf(client: Client, index: string): Promise<number> {
  return (await client.count({ index })).count;
}

/** A reindex source over records in memory. */
export function sourceOf(companies: CompanySourceRecord[], worksites: WorksiteSourceRecord[]): EsReindexSource {
  return {
    async *companies() {
      yield* companies;
    },
    async *worksites() {
      yield* worksites;
    },
  };
}

/** The search fixture (40 companies, 47 worksites) as a reindex source. */
export const fixtureSource = (): EsReindexSource => sourceOf(fixtureCompanies(), fixtureWorksites());
