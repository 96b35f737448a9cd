/**
 * The data of the backend-equivalence property test: 20 000 synthetic companies (6 000 inside npm test, decision 0067)
 * and their worksites from the project's generator (scripts/data generateDataset, a fixed seed; the test run's shared dataset, tests/support/shared.ts),
 * indexed into the embedded backend the way production gets it (SEARCH_DB migrations, reindexEmbedded into a fresh
 * local state) and into the test cluster with reindexIntoElasticsearch under a prefix of its own.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SearchBackend } from "#search-index/backend";
import type { CompanySourceRecord } from "#search-index/engine";
import { createEsClient, ElasticsearchBackend, type EsEnv } from "#search-index/elasticsearch/es-backend";
import { esNames } from "#search-index/elasticsearch/es-fields";
import { reindexIntoElasticsearch } from "#search-index/indexing/elasticsearch/es-reindex";
import { readCompanies, readWorksites } from "#scripts/reindex/source-reader";
import { atScale } from "../../support/scale";
import { sharedDataset } from "../../support/shared";
import { indexEmbedded } from "./embedded-fixture";
import { collectValuePools, type ValuePools } from "./equivalence-pools";

export const EQUIVALENCE_DATASET = { companies: atScale(6_000, 20_000), seed: 23 } as const;

export interface EquivalenceBackends {
  embedded: SearchBackend;
  elasticsearch: SearchBackend;
  pools: ValuePools;
  /** Seconds per setup step. */
  timings: Record<"generate" | "index" | "pools", number>;
  close(): Promise<void>;
}

const since = (started: number) => Math.round((performance.now() - started) / 100) / 10;

const openEmbedded = (root: string, sourceDir: string) => indexEmbedded(sourceDir, path.join(root, "state"));

/** Reindexes the dataset into `env`'s cluster under env.ELASTICSEARCH_INDEX_PREFIX; close() deletes that prefix's indices. */
async function openElasticsearch(env: EsEnv & { ELASTICSEARCH_INDEX_PREFIX: string }, sourceDir: string) {
  const names = esNames(env.ELASTICSEARCH_INDEX_PREFIX);
  const loader = createEsClient(env, { fetchConnection: false });
  try {
    await reindexIntoElasticsearch(
      loader,
      { companies: () => readCompanies(sourceDir), worksites: () => readWorksites(sourceDir) },
      () => {},
      names,
    );
  } finally {
    await loader.close();
  }
  const client = createEsClient(env);
  // Pinned to the live version, as the workers search (backend-for-env.ts): the whole-index counts are then kept.
  const unpinned = new ElasticsearchBackend(client, names);
  return {
    backend: unpinned.pinnedTo(await unpinned.resolveLive()),
    async close() {
      // By name, not by wildcard: a cluster may refuse wildcard deletes (action.destructive_requires_name).
      const indices = Object.keys(await client.indices.get({ index: names.pattern, allow_no_indices: true }));
      if (indices.length > 0) await client.indices.delete({ index: indices.join(",") });
      await client.close();
    },
  };
}

/**
 * One company in UNKNOWN_REGISTRATIONS_EVERY has its F-tax, VAT and employer registrations unknown (null), as every
 * company loaded from the free registers has them (to-record.ts UNKNOWN): the generator writes only known ones, and
 * both backends must leave the unknown ones out of 'Ja' and 'Nej' alike, on the companies and on their worksites.
 */
export const UNKNOWN_REGISTRATIONS_EVERY = 13;

function withUnknownRegistrations(sharedDir: string, root: string): string {
  const dir = path.join(root, "data");
  mkdirSync(dir, { recursive: true });
  for (const file of ["manifest.json", "worksites.ndjson"]) copyFileSync(path.join(sharedDir, file), path.join(dir, file));
  const lines = readFileSync(path.join(sharedDir, "companies.ndjson"), "utf8").trimEnd().split("\n");
  const unknown = (line: string) => {
    const company = JSON.parse(line) as CompanySourceRecord;
    if (company.orgSeqNo % UNKNOWN_REGISTRATIONS_EVERY !== 0) return line;
    return JSON.stringify({ ...company, fTaxReg: null, vatReg: null, employerReg: null });
  };
  writeFileSync(path.join(dir, "companies.ndjson"), `${lines.map(unknown).join("\n")}\n`);
  return dir;
}

export async function openEquivalenceBackends(env: EsEnv & { ELASTICSEARCH_INDEX_PREFIX: string }): Promise<EquivalenceBackends> {
  const root = mkdtempSync(path.join(tmpdir(), "urval-equivalence-"));
  let started = performance.now();
  // The test run's shared dataset (tests/support/shared.ts): generated once per run, also Bevakning's churn base; here
  // with some companies' registrations unknown, as the free registers leave them.
  const sourceDir = withUnknownRegistrations(await sharedDataset(EQUIVALENCE_DATASET.companies, EQUIVALENCE_DATASET.seed), root);
  const timings = { generate: since(started), index: 0, pools: 0 };
  started = performance.now();
  const [embedded, elasticsearch] = await Promise.all([openEmbedded(root, sourceDir), openElasticsearch(env, sourceDir)]);
  timings.index = since(started);
  started = performance.now();
  const pools = await collectValuePools(sourceDir);
  timings.pools = since(started);
  return {
    embedded: embedded.backend,
    elasticsearch: elasticsearch.backend,
    pools,
    timings,
    async close() {
      await Promise.allSettled([embedded.close(), elasticsearch.close()]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
