/**
 * Reindex into Elasticsearch: new companies_v<N> and worksites_v<N> beside the live ones, bulk load, refresh, check
 * the new indices' health and counts, then one _aliases request swaps both aliases atomically; older versions than the
 * replaced one are deleted at once, the replaced one after the grace period (requests pinned to it finish meanwhile).
 * Any failure before the swap deletes the new indices and leaves the aliases (and so the live version) untouched; a
 * swap whose answer was lost is read back from the aliases before anything is deleted.
 * Hooks let Bevakning's step (scripts/reindex) collect the new documents' hashes and, between the count check and the
 * swap, read both versions; a hook that throws fails the reindex like any other step, so callers catch their own.
 */
import type { Client } from "@elastic/elasticsearch";
import { packedWorksiteText } from "../../document-codec";
import { addToSum, documentHash } from "../document-hash";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../../records";
import { companyDocument, companyFactsOf, worksiteDocument, type EsCompanyFacts } from "./es-documents";
import { esNames, type EsNames } from "../../elasticsearch/es-fields";
import { COMPANY_MAPPINGS, INDEX_SETTINGS, SERVING_SETTINGS, WORKSITE_MAPPINGS } from "../../elasticsearch/es-mappings";

export interface EsReindexSource {
  companies: () => AsyncIterable<CompanySourceRecord>;
  worksites: () => AsyncIterable<WorksiteSourceRecord>;
}

export interface EsReindexResult {
  version: number;
  previousVersion: number | null;
  companies: number;
  worksites: number;
  removedIndices: string[];
}

type Progress = (progress: { stage: "companies" | "worksites" | "switch"; done: number }) => void;

export interface EsReindexHooks {
  /**
   * Every company document as it is loaded: its id and change hash (Bevakning's change set: its source hash mixed with
   * its worksites' document hashes, the same value as the embedded backend's).
   */
  onCompany?: (id: number, changeHash: number) => void;
  /** After the count check, before the alias swap: both versions are complete and readable by their index names. */
  beforeSwap?: (versions: { version: number; previousVersion: number | null }) => Promise<void>;
  /** Right after the alias swap (the new version serves). */
  afterSwap?: (versions: { version: number; previousVersion: number | null }) => Promise<void>;
  /**
   * As each stage begins (the CLI logs it; the resilience suite holds a run there to kill it): prepare, companies,
   * worksites, verify, changes, switch, cleanup, grace.
   */
  onStage?: (stage: EsReindexStage, detail: { version: number }) => Promise<void> | void;
}

export type EsReindexStage =
  "prepare" | "documents" | "companies" | "worksites" | "verify" | "changes" | "switch" | "warm" | "cleanup" | "grace";

export interface EsReindexOptions {
  /**
   * How long the replaced version stays after the swap before this run deletes it (the CLI's --grace-seconds); left
   * out, it stays until the next reindex deletes it.
   */
  graceMs?: number;
  /** How long the new indices may take to be allocated (health yellow) before the reindex fails (default 60 s). */
  healthTimeout?: string;
  /**
   * On a cluster of several data nodes, how long the new indices' replicas may take to be copied (health green) before
   * the reindex fails without switching (default 10 min): a version goes live only with a copy of each shard on two
   * nodes, so losing one node right after the switch never leaves a shard without a copy.
   */
  replicaTimeoutMs?: number;
  /**
   * Primary shards per index (the CLI's ELASTICSEARCH_PRIMARIES, default 1): a shard is searched by one thread, so
   * on a node with cores to spare several primaries answer a broad search sooner (docs/decisions/0044).
   */
  primaries?: number;
  /** After the swap, the searches that warm the new version's caches (es-warm.ts); left out, none. */
  warm?: (version: number) => Promise<void>;
}

/**
 * How long a force merge of a full-Sweden index may take before the client gives up on the answer (the merge goes on
 * in the engine; the reindex fails and the version is not switched to).
 */
const FORCE_MERGE_TIMEOUT_MS = 30 * 60_000;

/** One wait of the engine's for green: well inside the client's 60 s per request; the wait for replicas repeats it. */
const GREEN_WAIT_SLICE = "30s";
/**
 * A health wait that runs out answers 408 with the health in its body (status, timed_out: true): read it as an answer,
 * not as a failed request (a full-Sweden replica copy takes minutes, many slices).
 */
const HEALTH_WAIT = { ignore: [408] };

const versionOf = (index: string) => Number(/_v(\d+)$/.exec(index)?.[1] ?? 0);

async function existingIndices(client: Client, names: EsNames): Promise<string[]> {
  const indices = await client.indices.get({ index: names.pattern, allow_no_indices: true, expand_wildcards: "all" });
  return Object.keys(indices);
}

async function liveVersion(client: Client, names: EsNames): Promise<number | null> {
  const exists = await client.indices.existsAlias({ name: names.alias("COMPANY") });
  if (!exists) return null;
  const alias = await client.indices.getAlias({ name: names.alias("COMPANY") });
  return Math.max(...Object.keys(alias).map(versionOf));
}

async function bulkLoad<T>(
  client: Client,
  index: string,
  docs: AsyncGenerator<T>,
  idOf: (doc: T) => string,
  onCount: (n: number) => void,
): Promise<number> {
  let count = 0;
  const failures: string[] = [];
  await client.helpers.bulk<T>({
    datasource: docs,
    onDocument: (doc) => {
      if (++count % 5000 === 0) onCount(count);
      return { index: { _index: index, _id: idOf(doc) } };
    },
    onDrop: (dropped) => failures.push(JSON.stringify(dropped.error)),
    flushBytes: 5_000_000,
    concurrency: 2,
    refreshOnCompletion: false,
  });
  if (failures.length > 0) throw new Error(`${failures.length} documents were rejected by ${index}, first: ${failures[0]}`);
  onCount(count);
  return count;
}

/** What a company document needs from its worksites: their municipalities and the sum of their document hashes. */
interface WorksitesOf {
  places: string[];
  hashSum: number;
}

async function* companyDocs(
  source: EsReindexSource,
  worksites: Map<number, WorksitesOf>,
  facts: Map<number, EsCompanyFacts>,
  hooks: EsReindexHooks,
) {
  for await (const company of source.companies()) {
    facts.set(company.orgSeqNo, companyFactsOf(company));
    const own = worksites.get(company.orgSeqNo);
    const document = companyDocument(company, own?.places ?? [], own?.hashSum ?? 0);
    hooks.onCompany?.(document.id, document.changeHash);
    yield document;
  }
}

async function* worksiteDocs(source: EsReindexSource, facts: Map<number, EsCompanyFacts>) {
  for await (const worksite of source.worksites()) {
    const company = facts.get(worksite.orgSeqNo);
    if (!company) throw new Error(`worksite ${worksite.cfarNo}: unknown company orgSeqNo ${worksite.orgSeqNo}`);
    yield worksiteDocument(worksite, company);
  }
}

async function load(client: Client, source: EsReindexSource, version: number, report: Progress, names: EsNames, hooks: EsReindexHooks) {
  await hooks.onStage?.("companies", { version });
  // One pass over the worksites first: each company's worksite municipalities (placeAll) and the sum of its worksites'
  // document hashes (the embedded backend's D1 `doc` text, so both backends find the same change set).
  const worksitesOf = new Map<number, WorksitesOf>();
  for await (const worksite of source.worksites()) {
    const hash = documentHash(packedWorksiteText(worksite));
    const known = worksitesOf.get(worksite.orgSeqNo);
    if (known) {
      known.places.push(worksite.municipalityCode);
      known.hashSum = addToSum(known.hashSum, hash);
    } else worksitesOf.set(worksite.orgSeqNo, { places: [worksite.municipalityCode], hashSum: hash });
  }
  const facts = new Map<number, EsCompanyFacts>();
  const companies = await bulkLoad(
    client,
    names.index("COMPANY", version),
    companyDocs(source, worksitesOf, facts, hooks),
    (d) => String(d.id),
    (done) => report({ stage: "companies", done }),
  );
  worksitesOf.clear();
  await hooks.onStage?.("worksites", { version });
  const worksites = await bulkLoad(
    client,
    names.index("WORKSITE", version),
    worksiteDocs(source, facts),
    (d) => d.cfarNo,
    (done) => report({ stage: "worksites", done }),
  );
  return { companies, worksites };
}

/**
 * Waits up to `timeoutMs` for `index` to be green and answers the health status then. In slices: one request waiting
 * minutes would be cut off by the client's own timeout (a full-Sweden replica copy takes minutes).
 */
export async function waitForGreen(client: Client, index: string, timeoutMs: number, slice = GREEN_WAIT_SLICE): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let status = "";
  do status = (await client.cluster.health({ index, wait_for_status: "green", timeout: slice }, HEALTH_WAIT)).status;
  while (status !== "green" && Date.now() < deadline);
  return status;
}

async function verify(
  client: Client,
  indices: string[],
  expected: { companies: number; worksites: number },
  timeouts: { health: string; replicasMs: number },
) {
  const index = indices.join(",");
  await client.indices.refresh({ index });
  // One segment per shard, written once and never changed while the version serves: no deleted documents, each
  // aggregation walks one segment, and top-level terms counts may come from the terms' document frequencies.
  await client.indices.forcemerge({ index, max_num_segments: 1 }, { requestTimeout: FORCE_MERGE_TIMEOUT_MS });
  // Segments on disk before replicas are asked for: a new replica then copies files instead of replaying every
  // operation of the bulk load from the translog, one by one (minutes per index on three nodes).
  await client.indices.flush({ index });
  await client.indices.putSettings({ index, settings: SERVING_SETTINGS });
  // Every primary shard of the new indices allocated (yellow: replicas may still be copying, as on one node).
  const health = await client.cluster.health({ index, wait_for_status: "yellow", timeout: timeouts.health }, HEALTH_WAIT);
  if (health.timed_out || health.status === "red") {
    throw new Error(`the new indices are not allocated (health ${health.status} after ${timeouts.health}): not switching`);
  }
  if (health.number_of_data_nodes > 1) {
    const status = await waitForGreen(client, index, timeouts.replicasMs);
    if (status !== "green")
      throw new Error(`the new indices' replicas are not ready (health ${status} after ${timeouts.replicasMs / 1000} s): not switching`);
  }
  const [companies, worksites] = await Promise.all(indices.map((index) => client.count({ index })));
  if (companies?.count !== expected.companies || worksites?.count !== expected.worksites) {
    throw new Error(
      `the new indices hold ${companies?.count} companies and ${worksites?.count} worksites, expected ${expected.companies} and ${expected.worksites}`,
    );
  }
}

function swapActions(names: EsNames, version: number, live: number | null) {
  const actions: Record<string, { index: string; alias: string; must_exist?: boolean }>[] = [];
  for (const type of ["COMPANY", "WORKSITE"] as const) {
    // must_exist: a concurrent reindex that moved the alias meanwhile fails this swap instead of leaving two live
    // versions behind one alias (Elasticsearch 8+, OpenSearch 2.12+; see es-dialect.ts).
    if (live !== null) actions.push({ remove: { index: names.index(type, live), alias: names.alias(type), must_exist: true } });
    actions.push({ add: { index: names.index(type, version), alias: names.alias(type) } });
  }
  return actions;
}

/** The alias swap; an error whose request nevertheless took effect (the answer lost on the way back) is success. */
async function swapAliases(client: Client, names: EsNames, version: number, previousVersion: number | null): Promise<void> {
  try {
    await client.indices.updateAliases({ actions: swapActions(names, version, previousVersion) });
  } catch (error) {
    const live = await liveVersion(client, names).catch(() => null);
    if (live !== version) throw error;
  }
}

export async function reindexIntoElasticsearch(
  client: Client,
  source: EsReindexSource,
  report: Progress = () => {},
  names: EsNames = esNames(),
  hooks: EsReindexHooks = {},
  options: EsReindexOptions = {},
): Promise<EsReindexResult> {
  const before = await existingIndices(client, names);
  const previousVersion = await liveVersion(client, names);
  const version = Math.max(0, ...before.map(versionOf)) + 1;
  await hooks.onStage?.("prepare", { version });
  const fresh = [names.index("COMPANY", version), names.index("WORKSITE", version)];
  let counts: { companies: number; worksites: number };
  try {
    const settings = { ...INDEX_SETTINGS, number_of_shards: options.primaries ?? 1 };
    await client.indices.create({ index: fresh[0] as string, settings: settings as never, mappings: COMPANY_MAPPINGS as never });
    await client.indices.create({ index: fresh[1] as string, settings: settings as never, mappings: WORKSITE_MAPPINGS as never });
    counts = await load(client, source, version, report, names, hooks);
    await hooks.onStage?.("verify", { version });
    await verify(client, fresh, counts, { health: options.healthTimeout ?? "60s", replicasMs: options.replicaTimeoutMs ?? 600_000 });
    await hooks.onStage?.("changes", { version });
    await hooks.beforeSwap?.({ version, previousVersion });
    await hooks.onStage?.("switch", { version });
    report({ stage: "switch", done: 0 });
    await swapAliases(client, names, version, previousVersion);
  } catch (error) {
    await client.indices.delete({ index: fresh.join(","), ignore_unavailable: true }).catch(() => {});
    throw error;
  }
  // The new version serves from here on: a later failure must not delete it.
  await hooks.afterSwap?.({ version, previousVersion });
  if (options.warm) {
    await hooks.onStage?.("warm", { version });
    await options.warm(version);
  }
  await hooks.onStage?.("cleanup", { version });
  const replaced = previousVersion === null ? [] : [names.index("COMPANY", previousVersion), names.index("WORKSITE", previousVersion)];
  const keep = new Set([...fresh, ...replaced]);
  const removedIndices = before.filter((index) => !keep.has(index));
  if (removedIndices.length > 0) await client.indices.delete({ index: removedIndices.join(",") });
  // Requests pinned to the replaced version (each isolate re-reads the aliases every 30 s) finish on it meanwhile.
  if (options.graceMs === undefined) return { version, previousVersion, ...counts, removedIndices };
  await hooks.onStage?.("grace", { version });
  const graceMs = options.graceMs;
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  const gone = replaced.filter((index) => before.includes(index));
  if (gone.length > 0) await client.indices.delete({ index: gone.join(","), ignore_unavailable: true });
  return { version, previousVersion, ...counts, removedIndices: [...removedIndices, ...gone] };
}
