/**
 * Scenario 8 (issue 27): failover on a 3-node OpenSearch cluster under load. A stack whose workers name all three nodes
 * in ELASTICSEARCH_URL (the client's pool goes on to the next live node), N subscribers searching with the load
 * scenario's oracle, and two large exports running, while one node is SIGKILLed and, half a minute later, started
 * again on its data folder: twice, first a node that holds a copy of the live companies index and is neither the
 * cluster manager nor the first URL, then the elected cluster manager, whichever it is. Then (8b) a reindex into the
 * cluster as the operators run it, and the node that holds the live companies index's primary SIGKILLed while it
 * loads: the reindex must complete or fail cleanly, and the old or the new version must answer every search.
 *
 * Product defaults throughout (retry policy, export lease, the reindex's 120 s grace, OpenSearch's allocation delay);
 * only the node's time down (30 s, under the 60 s after which OpenSearch would copy its shards elsewhere) is ours.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ES_CALL_POLICIES } from "#search-index/engine";
import { INDEX_VERSION_HEADER, SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { z } from "zod";
import { type Cluster, startCluster } from "#scripts/cluster/cluster";
import { ClusterStateProbe } from "./support/cluster-probe";
import { readDatasetFacts, type DatasetFacts } from "./support/datasets";
import { checkLedgerWithRetry, createExportAccount, type ExportAccount, ExportClient, type LedgerFigures } from "./support/export-ledger";
import { VersionBook } from "./support/load-checks";
import { SubscriberClient } from "./support/load-client";
import { LoadStats, percentile, type Sample } from "./support/load-stats";
import { runSubscriber } from "./support/load-subscriber";
import { startReindex } from "./support/reindex-process";
import type { ScenarioReport } from "./support/report";
import { createAccounts, random, SEARCHES } from "./scenario-load";
import { startStack, type Stack } from "./support/stack";

export interface FailoverOptions {
  /** The stack's port and state directory. */
  port: number;
  stateDir: string;
  /** HTTP port of the first node (transport: + 100). */
  clusterPort: number;
  heapMb: number;
  users: number;
  /** Served first (A) and reindexed to (B); the same number of companies. */
  dataA: string;
  dataB: string;
  log: string[];
  progress: (line: string) => void;
}

/** How long a killed node stays down: under index.unassigned.node_left.delayed_timeout (60 s), so it recovers its own copies. */
const DOWN_MS = 30_000;
/**
 * The subscribers' first seconds on freshly started nodes (cold JVMs, 20 sign-ins at once): reported apart, not counted;
 * then a measured stretch without a fault before the first kill.
 */
const WARM_MS = 20_000;
const NO_FAULT_MS = 20_000;
/** Between the cluster's green and the next step. */
const CALM_MS = 15_000;
/**
 * The large exports' rows. The export request reads the ids under the interactive policy (4 s per try) in pages of up to
 * 10 000; on this shared 2-core machine a 5 000-id page took 3.5–6.7 s in the engine alone (the ids come from _source),
 * so the request stays at 2 000 rows. The job then reads its rows under the background policy.
 */
const BIG_EXPORT_ROWS = 2_000;
const SETTLE_MS = 10 * 60_000;
const REINDEX_BOUND_MS = 10 * 60_000;
/** The reindex is killed this long into its companies stage (the bulk load). */
const KILL_INTO_LOAD_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The retry policy of the search backend (search-index/elasticsearch/es-client.ts) as the report states it. */
export function describeRetryPolicy(): string {
  const policyOf = (name: keyof typeof ES_CALL_POLICIES, what: string) => {
    const { timeoutMs, retries, backoffMs } = ES_CALL_POLICIES[name];
    const waits = Array.from({ length: retries }, (_, i) => `${(backoffMs * 2 ** i) / 2}–${backoffMs * 2 ** i} ms`).join(", ");
    return `${name} (${what}): ${timeoutMs / 1000} s per try, ${retries} ${retries === 1 ? "retry" : "retries"} after ${waits}`;
  };
  return [
    "retried: connection refused or dropped (and a non-JSON 5xx from the runtime's proxy), 429, 502, 503, 504",
    "never retried: a timeout (the try used its budget) and every other answer",
    policyOf("interactive", "searches, details, counts, alias reads"),
    policyOf("background", "an export's row reads"),
    `maintenance (the reindex): ${ES_CALL_POLICIES.maintenance.timeoutMs / 1000} s per try, the transport's ${ES_CALL_POLICIES.maintenance.retries} retries`,
    "each try goes to the pool's next node of ELASTICSEARCH_URL; a node that refuses or drops a connection is marked dead and chosen less until it answers again",
  ].join("; ");
}

// ---- The cluster's view: health over time, shard placement, the elected cluster manager ----

const ShardRowsSchema = z.array(z.object({ index: z.string(), prirep: z.string(), state: z.string(), node: z.string().nullable() }));
const ManagerSchema = z.array(z.object({ node: z.string() }));

async function clusterGet(cluster: Cluster, path: string): Promise<unknown> {
  for (const url of cluster.runningUrls()) {
    try {
      const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return await response.json();
    } catch {
      // the next running node
    }
  }
  throw new Error(`no running node answered ${path}`);
}

async function shardsOf(cluster: Cluster, index: string) {
  return ShardRowsSchema.parse(await clusterGet(cluster, `/_cat/shards/${index}?format=json&h=index,prirep,state,node`));
}

async function managerName(cluster: Cluster): Promise<string> {
  const [row] = ManagerSchema.parse(await clusterGet(cluster, "/_cat/cluster_manager?format=json"));
  if (!row) throw new Error("no elected cluster manager");
  return row.node;
}

const nodeIndex = (cluster: Cluster, name: string) => {
  const i = cluster.nodes.findIndex((node) => node.name === name);
  if (i < 0) throw new Error(`no node named ${name}`);
  return i;
};

/** The cluster's health every 250 ms from a running node: the moments it changed. */
class HealthWatch {
  readonly changes: { status: string; at: number }[] = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(private readonly cluster: Cluster) {
    this.loop = (async () => {
      while (this.running) {
        const status = await this.cluster.health();
        if (this.changes.at(-1)?.status !== status) this.changes.push({ status, at: Date.now() });
        await sleep(250);
      }
    })();
  }

  /** The first moment at or after `from` the status was `wanted` (or another than it with `not`). */
  firstAt(from: number, wanted: string, not = false): number | null {
    const last = this.changes.filter((c) => c.at <= from).at(-1);
    if (last && (last.status === wanted) !== not) return from;
    return this.changes.find((c) => c.at > from && (c.status === wanted) !== not)?.at ?? null;
  }

  /** Statuses seen between two moments, e.g. "green → yellow → green". */
  between(from: number, to: number): string {
    const before = this.changes.filter((c) => c.at <= from).at(-1);
    const inside = this.changes.filter((c) => c.at > from && c.at <= to);
    return [...(before ? [before] : []), ...inside].map((c) => c.status).join(" → ");
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}

// ---- Why a request failed: the API's own log line for its request id ----

const RequestFailedSchema = z.object({ requestId: z.string(), error: z.string().optional(), status: z.number().optional() }).loose();

/**
 * requestId → the error behind a failed API request ("TimeoutError", "ConnectionError", …), added from the stack's
 * log lines now held (the stack keeps the last 20 000 lines only: the run scans it every few seconds).
 */
function noteFailureCauses(log: readonly string[], causes: Map<string, string>): Map<string, string> {
  for (const line of log) {
    if (!line.includes('"msg":"request failed"')) continue;
    const json = line.slice(line.indexOf("{"), line.lastIndexOf("}") + 1);
    try {
      const parsed = RequestFailedSchema.safeParse(JSON.parse(json));
      if (parsed.success) causes.set(parsed.data.requestId, parsed.data.error ?? `status ${parsed.data.status}`);
    } catch {
      // a line cut by the runtime's prefix
    }
  }
  return causes;
}

/** "TimeoutError 3, ConnectionError 1" over failures whose detail names a request id. */
function causeCounts(failures: readonly { detail: string }[], causes: Map<string, string>): string {
  const counts = new Map<string, number>();
  for (const failure of failures) {
    const id = /"requestId":"([0-9a-f]+)"/.exec(failure.detail)?.[1];
    const cause = (id && causes.get(id)) ?? (failure.detail.startsWith("503") ? "503 (cause not logged)" : failure.detail.slice(0, 40));
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return [...counts.entries()].map(([cause, n]) => `${cause} ${n}`).join(", ") || "-";
}

// ---- Figures over a time window ----

const isSearch = (call: string) => call.startsWith("search");

function windowFigures(stats: LoadStats, from: number, to: number) {
  const inWindow = (s: Sample) => isSearch(s.call) && s.startedAt >= from && s.startedAt <= to;
  const ms = stats.samples
    .filter(inWindow)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  // A failure is recorded when its call ends: up to a few seconds after it began.
  const failed = stats.failures.filter((f) => isSearch(f.call) && f.at >= from && f.at <= to + 10_000).length;
  return { searches: ms.length, failed, maxMs: Math.round(ms.at(-1) ?? 0), p95Ms: percentile(ms, 0.95) };
}

// ---- Part 1: node kills under load with exports ----

interface RoundFigures {
  node: string;
  role: string;
  exportsRunningAtKill: number;
  killedAt: number;
  restartedAt: number;
  greenAt: number;
  /** First status other than green seen after the kill. */
  degradedAt: number | null;
  statuses: string;
}

interface Run {
  cluster: Cluster;
  stack: Stack;
  stats: LoadStats;
  watch: HealthWatch;
  progress: (line: string) => void;
}

async function waitForRunning(client: ExportClient, jobs: string[], boundMs: number): Promise<number> {
  const until = Date.now() + boundMs;
  for (;;) {
    const statuses = await Promise.all(jobs.map(async (job) => (await client.job(job)).status));
    if (statuses.every((s) => s !== "READY") || Date.now() > until) return statuses.filter((s) => s === "RUNNING").length;
    await sleep(250);
  }
}

/**
 * A large export requested as a user would: again after an error card (each one counted as a user-visible error), at
 * most five times; null when every try failed.
 */
async function requestExport(stats: LoadStats, client: ExportClient): Promise<string | null> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const started = performance.now();
    try {
      const job = await client.requestExport(BIG_EXPORT_ROWS);
      stats.record("export: request (large)", performance.now() - started);
      return job;
    } catch (error) {
      stats.record("export: request (large)", performance.now() - started);
      stats.fail("export: request (large)", "failed", String(error));
      await sleep(2000);
    }
  }
  return null;
}

/** Two large exports started, then the node SIGKILLed once both run; started again after DOWN_MS; back when green. */
async function killRound(
  run: Run,
  victim: { index: number; role: string },
  exporters: { client: ExportClient; jobs: string[] }[],
): Promise<RoundFigures> {
  const { cluster, watch } = run;
  const jobs = await Promise.all(exporters.map(({ client }) => requestExport(run.stats, client)));
  exporters.forEach((exporter, i) => {
    const job = jobs[i];
    if (job) exporter.jobs.push(job);
  });
  const running = (await Promise.all(exporters.map(({ client }, i) => (jobs[i] ? waitForRunning(client, [jobs[i]], 60_000) : 0)))).reduce(
    (a, b) => a + b,
    0,
  );
  const node = cluster.nodes[victim.index]?.name ?? "?";
  run.progress(`SIGKILL ${node} (${victim.role}), ${running}/2 large exports running`);
  const killedAt = Date.now();
  await cluster.killNode(victim.index, "SIGKILL");
  await sleep(DOWN_MS - (Date.now() - killedAt));
  const restartedAt = Date.now();
  run.progress(`starting ${node} again on its data folder (cluster ${await cluster.health()})`);
  await cluster.startNode(victim.index);
  const greenAt = Math.min(Date.now(), watch.firstAt(restartedAt, "green") ?? Number.POSITIVE_INFINITY);
  run.progress(`green again ${seconds(greenAt - killedAt)} s after the kill`);
  await sleep(1_000); // the watch's own green, for the transitions below
  return {
    node,
    role: victim.role,
    exportsRunningAtKill: running,
    killedAt,
    restartedAt,
    greenAt,
    degradedAt: watch.firstAt(killedAt, "green", true),
    statuses: watch.between(killedAt - 1, greenAt + 1_000),
  };
}

/** A node that holds a copy of the live companies index and is neither the cluster manager nor the first URL. */
async function firstVictim(cluster: Cluster, liveIndex: string): Promise<{ index: number; role: string }> {
  const manager = await managerName(cluster);
  const holders = (await shardsOf(cluster, liveIndex)).filter((s) => s.node !== null);
  const first = cluster.nodes[0]?.name;
  const pick = holders.find((s) => s.node !== manager && s.node !== first) ?? holders.find((s) => s.node !== first) ?? holders[0];
  if (!pick?.node) throw new Error(`no node holds ${liveIndex}`);
  const role = [
    `${pick.prirep === "p" ? "primary" : "replica"} of ${liveIndex}`,
    pick.node === manager ? "the cluster manager" : `not the cluster manager (${manager})`,
  ].join(", ");
  return { index: nodeIndex(cluster, pick.node), role };
}

async function managerVictim(cluster: Cluster, liveIndex: string): Promise<{ index: number; role: string }> {
  const manager = await managerName(cluster);
  const copy = (await shardsOf(cluster, liveIndex)).find((s) => s.node === manager);
  const holds = copy ? `${copy.prirep === "p" ? "primary" : "replica"} of ${liveIndex}` : `no copy of ${liveIndex}`;
  const first = manager === cluster.nodes[0]?.name ? ", the first URL" : "";
  return { index: nodeIndex(cluster, manager), role: `the elected cluster manager${first}, ${holds}` };
}

// ---- Part 2: the live primary's node killed during a reindex ----

interface ReindexFigures {
  node: string;
  role: string;
  stageAtKill: string;
  code: number | null;
  error: string | null;
  versionBefore: number;
  versionNew: number | null;
  liveAfter: number | null;
  versionsLeft: number[];
  liveCompanies: number | null;
  seconds: number;
  /** From the kill until the restarted node had joined, and until green (NaN: not green by the end). */
  killToBack: number;
  killToGreen: number;
  probe: { searches: number; failed: number; served: Map<number, number>; maxMs: number; problems: string[] };
  aliasGaps: number;
}

/** Searches through the stack every 250 ms: each must answer 200 from the old or the new version, with its count. */
function probeSearches(client: SubscriberClient, book: VersionBook, versions: () => Set<number>) {
  const probe = { searches: 0, failed: 0, served: new Map<number, number>(), maxMs: 0, problems: [] as string[] };
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await client.postJson("probe search", "/sapi/search/page/0", { resultType: "COMPANY" });
      probe.maxMs = Math.max(probe.maxMs, Math.round(performance.now() - started));
      probe.searches++;
      const version = Number(answer?.headers.get(INDEX_VERSION_HEADER));
      const parsed = answer ? SearchPageAnswerSchema.safeParse(answer.body) : null;
      if (!answer || !parsed?.success) probe.failed++;
      else if (!versions().has(version) || parsed.data.results.hitCount !== book.datasetOf(version)?.names.size) {
        probe.failed++;
        if (probe.problems.length < 5) probe.problems.push(`v${version} answered ${parsed.data.results.hitCount} hits`);
      } else probe.served.set(version, (probe.served.get(version) ?? 0) + 1);
      await sleep(250);
    }
  })();
  return {
    probe,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function reindexWithPrimaryKill(
  run: Run,
  options: FailoverOptions,
  book: VersionBook,
  datasetB: DatasetFacts,
  probeClient: SubscriberClient,
): Promise<ReindexFigures> {
  const { cluster } = run;
  const aliases = () => new ClusterStateProbe(cluster.runningUrls()[0] ?? cluster.url).read();
  const before = await aliases();
  if (before.current === null) throw new Error("no live version before the reindex");
  const versionBefore = before.current;
  const live = `companies_v${versionBefore}`;
  const versions = new Set([versionBefore]);
  const { probe, stop } = probeSearches(probeClient, book, () => versions);
  let aliasGaps = 0;
  let watching = true;
  const aliasLoop = (async () => {
    while (watching) {
      const state = await aliases().catch(() => null);
      if (state && (state.current === null || state.worksitesCurrent === null)) aliasGaps++;
      await sleep(1000);
    }
  })();
  const started = Date.now();
  const reindex = startReindex({
    source: options.dataB,
    stateDir: options.stateDir,
    // The CLI's default grace: the replaced version serves on for 120 s after the swap.
    graceSeconds: 120,
    cluster: { url: cluster.urls.join(","), dialect: "opensearch" },
  });
  let killToBack = Number.NaN;
  let greenFrom: number | null = null;
  let node = "?";
  let role = "";
  let stageAtKill = "";
  try {
    await reindex.reached("prepare");
    if (reindex.version !== null) {
      book.assign(reindex.version, datasetB);
      versions.add(reindex.version);
    }
    await reindex.reached("companies");
    await sleep(KILL_INTO_LOAD_MS);
    const shards = await shardsOf(cluster, `companies_v*,worksites_v*`);
    const primary = shards.find((s) => s.index === live && s.prirep === "p" && s.state === "STARTED");
    if (!primary?.node) throw new Error(`no started primary of ${live}`);
    node = primary.node;
    const manager = await managerName(cluster);
    const also = shards
      .filter((s) => s.node === node && s.index !== live)
      .map((s) => `${s.prirep === "p" ? "primary" : "replica"} of ${s.index}`);
    role = [`primary of ${live}`, ...also, node === manager ? "the cluster manager" : `cluster manager ${manager}`].join(", ");
    stageAtKill = reindex.stages.at(-1) ?? "?";
    run.progress(`reindex v${reindex.version} at ${stageAtKill}: SIGKILL ${node} (${role})`);
    const killedAt = Date.now();
    const i = nodeIndex(cluster, node);
    await cluster.killNode(i, "SIGKILL");
    await sleep(DOWN_MS - (Date.now() - killedAt));
    // Joined is enough here: the reindex's own new indices keep the cluster yellow while they get their replicas.
    await cluster.startNode(i, { until: "yellow" });
    killToBack = (Date.now() - killedAt) / 1000;
    run.progress(`${node} back (3 nodes) ${seconds(Date.now() - killedAt)} s after the kill; waiting for the reindex`);
    greenFrom = killedAt;
  } catch (error) {
    run.progress(`part 2 stopped early: ${String(error)}`);
  }
  let bound: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    reindex.done,
    new Promise<null>((resolve) => (bound = setTimeout(() => resolve(null), REINDEX_BOUND_MS))),
  ]);
  clearTimeout(bound); // a pending timer would keep the runner alive after its report
  if (ended === null) await reindex.kill();
  const { code, output } = await reindex.done;
  await sleep(5_000); // searches a little after the end too
  watching = false;
  await Promise.all([stop(), aliasLoop]);
  const after = await aliases();
  const greenAt = greenFrom === null ? null : run.watch.firstAt(greenFrom + killToBack * 1000, "green");
  const killToGreen = greenFrom === null || greenAt === null ? Number.NaN : (greenAt - greenFrom) / 1000;
  const count = await clusterGet(cluster, "/companies/_count").catch(() => null);
  const error = code === 0 ? null : (output.filter((l) => /error|failed/i.test(l)).at(-1) ?? output.at(-1) ?? "").slice(0, 300);
  return {
    node,
    role,
    stageAtKill,
    code,
    error,
    versionBefore,
    versionNew: reindex.version,
    liveAfter: after.current,
    versionsLeft: after.versions,
    liveCompanies: z.object({ count: z.number() }).safeParse(count).data?.count ?? null,
    seconds: (Date.now() - started) / 1000,
    killToBack,
    killToGreen,
    probe,
    aliasGaps,
  };
}

// ---- The scenario ----

export async function runClusterFailover(options: FailoverOptions): Promise<ScenarioReport[]> {
  const policy = describeRetryPolicy();
  options.progress(`retry policy: ${policy}`);
  const [datasetA, datasetB] = await Promise.all([readDatasetFacts(options.dataA), readDatasetFacts(options.dataB)]);
  const cluster = await startCluster({
    nodes: 3,
    heapMb: options.heapMb,
    httpPort: options.clusterPort,
    fresh: true,
    clusterName: "urval-failover",
    onProgress: (message) => options.progress(`cluster: ${message}`),
  });
  rmSync(options.stateDir, { recursive: true, force: true });
  let stack: Stack | null = null;
  let watch: HealthWatch | null = null;
  const deadline = { at: Date.now() + 60 * 60_000 };
  const causes = new Map<string, string>();
  const stats = new LoadStats();
  try {
    stack = await startStack({
      port: options.port,
      stateDir: options.stateDir,
      log: options.log,
      env: {
        URVAL_SEARCH_BACKEND: "cluster",
        ELASTICSEARCH_URL: cluster.urls.join(","),
        ELASTICSEARCH_DIALECT: "opensearch",
        URVAL_DEMO_DATA: options.dataA,
        URVAL_DEMO_COMPANIES: String(datasetA.names.size),
      },
    });
    options.progress(`stack on ${stack.url}, ELASTICSEARCH_URL=${cluster.urls.join(",")}`);
    watch = new HealthWatch(cluster);
    const state = await new ClusterStateProbe(cluster.url).read();
    if (state.current === null) throw new Error("the cluster has no live version");
    const liveIndex = `companies_v${state.current}`;
    while ((await cluster.health()) !== "green") await sleep(500); // the serving settings' replicas
    const book = new VersionBook();
    book.assign(state.current, datasetA);
    const accounts = await createAccounts(options.stateDir, options.users + 1);
    const exportAccounts: ExportAccount[] = [];
    for (const name of ["fo-x", "fo-y"]) exportAccounts.push(await createExportAccount(options.stateDir, name, 2 * BIG_EXPORT_ROWS));
    const exporters = await Promise.all(
      exportAccounts.map(async (account) => {
        const client = new ExportClient(stack?.url ?? "");
        await client.signIn(account);
        return { account, client, jobs: [] as string[] };
      }),
    );
    const started = Date.now();
    const ticker = setInterval(() => {
      const s = Math.round((Date.now() - started) / 1000);
      if (s % 5 === 0) noteFailureCauses(options.log, causes);
      if (s % 15 === 0) options.progress(`${s} s: ${stats.requests} requests, ${stats.failures.length} failures`);
    }, 1000);
    const sessions = accounts.slice(1).map((account, i) =>
      runSubscriber(new SubscriberClient(stack?.url ?? "", stats), stats, book, {
        ...account,
        deadline,
        searches: SEARCHES,
        listSource: datasetA,
        exports: 1,
        think: [300, 1500],
        random: random(2000 + i),
      }),
    );
    const run: Run = { cluster, stack, stats, watch, progress: options.progress };
    await sleep(WARM_MS + NO_FAULT_MS);
    const rounds: RoundFigures[] = [];
    rounds.push(await killRound(run, await firstVictim(cluster, liveIndex), exporters));
    await sleep(CALM_MS);
    rounds.push(await killRound(run, await managerVictim(cluster, liveIndex), exporters));
    await sleep(CALM_MS);
    const part1End = Date.now();
    // Part 2 on the same stack while the subscribers go on; a probe of its own says which version answered.
    const probeAccount = accounts[0];
    if (!probeAccount) throw new Error("no accounts");
    const probeClient = new SubscriberClient(stack.url, new LoadStats());
    await probeClient.signIn(probeAccount);
    const part2Start = Date.now();
    const reindex = await reindexWithPrimaryKill(run, options, book, datasetB, probeClient);
    const part2End = Date.now();
    deadline.at = Date.now();
    await Promise.all(sessions);
    clearInterval(ticker);
    noteFailureCauses(options.log, causes);
    // The exports' end: DONE or ERROR (refunded), polled as the export popup does.
    const jobs = exporters.flatMap(({ client, jobs }) => jobs.map((job) => ({ client, job })));
    const settleUntil = Date.now() + SETTLE_MS;
    while (Date.now() < settleUntil) {
      const statuses = await Promise.all(jobs.map(async ({ client, job }) => (await client.job(job)).status));
      if (statuses.every((s) => s === "DONE" || s === "ERROR")) break;
      await sleep(2000);
    }
    await watch.stop();
    watch = null;
    const errorLines = options.log.filter((l) => l.includes('"level":"error"'));
    await stack.stop();
    stack = null;
    const ledgers: LedgerFigures[] = [];
    for (const { account, jobs: accountJobs } of exporters)
      ledgers.push(await checkLedgerWithRetry(options.stateDir, account, accountJobs));
    return [
      failoverReport({ options, cluster, stats, rounds, ledgers, policy, part1: [started, part1End], errorLines, causes }),
      reindexReport(
        reindex,
        windowFigures(stats, part2Start, part2End),
        causeCounts(
          stats.failures.filter((f) => isSearch(f.call) && f.at >= part2Start && f.at <= part2End + 10_000),
          causes,
        ),
      ),
    ];
  } catch (error) {
    for (const f of stats.failures.slice(0, 15)) options.progress(`${f.kind} ${f.call}: ${f.detail}`);
    throw error;
  } finally {
    mkdirSync(options.stateDir, { recursive: true });
    writeFileSync(path.join(options.stateDir, "stack.log"), `${options.log.join("\n")}\n`);
    deadline.at = Date.now();
    await watch?.stop();
    await stack?.stop();
    await cluster.stop();
  }
}

function failoverReport(input: {
  options: FailoverOptions;
  cluster: Cluster;
  stats: LoadStats;
  rounds: RoundFigures[];
  ledgers: LedgerFigures[];
  policy: string;
  part1: [number, number];
  errorLines: string[];
  causes: Map<string, string>;
}): ScenarioReport {
  const { options, cluster, stats, rounds, ledgers, policy } = input;
  const warmEnd = input.part1[0] + WARM_MS;
  const searches = stats.samples.filter((s) => isSearch(s.call) && s.startedAt >= warmEnd).length;
  const measured = stats.failures.filter((f) => f.at >= warmEnd);
  const searchFailures = measured.filter((f) => isSearch(f.call));
  const { causes } = input;
  const firstKill = rounds[0]?.killedAt ?? input.part1[1];
  const warmUp = windowFigures(stats, input.part1[0], warmEnd - 10_000);
  const baseline = windowFigures(stats, warmEnd, firstKill - 10_000);
  const windows = rounds.map((r) => windowFigures(stats, r.killedAt, r.greenAt));
  const done = ledgers.reduce((n, l) => n + l.done, 0);
  const refunded = ledgers.reduce((n, l) => n + l.error, 0);
  const mismatches = ledgers.flatMap((l) => l.mismatches);
  const perRound = (f: (r: RoundFigures, i: number) => string) => rounds.map(f).join("; ");
  // The goal: nothing a user sees from the first kill until the end of part 1 (before it: the no-fault baseline).
  const afterKill = measured.filter((f) => f.at >= firstKill && f.at <= input.part1[1] + 10_000);
  const problems = [
    ...(afterKill.length > 0 ? [`${afterKill.length} calls failed or answered wrong from the first kill on`] : []),
    ...(measured.some((f) => f.kind === "wrong") ? ["wrong answers"] : []),
    ...mismatches,
    ...(done + refunded !== rounds.length * 2 ? [`${done + refunded} of ${rounds.length * 2} large exports requested and settled`] : []),
    ...rounds.filter((r) => r.exportsRunningAtKill === 0).map((r) => `no large export ran when ${r.node} was killed`),
  ];
  return {
    scenario: "8-cluster-failover",
    summary: [
      `killed ${rounds.map((r) => r.node).join(", then ")} (the second the cluster manager)`,
      `searches ${searches}, failed ${searchFailures.length} (${causeCounts(searchFailures, causes)})`,
      `longest search kill → green ${windows.map((w) => w.maxMs).join("/")} ms, p95 ${windows.map((w) => w.p95Ms).join("/")} ms`,
      `kill → green ${rounds.map((r) => seconds(r.greenAt - r.killedAt)).join("/")} s`,
      `large exports DONE ${done}, refunded ${refunded}, ledger mismatches ${mismatches.length}`,
    ].join("; "),
    title: `Failover: a node of 3 SIGKILLed under ${options.users} subscribers and 2 exports, then restarted`,
    pass: problems.length === 0,
    figures: {
      cluster: `3 nodes × ${options.heapMb} MB heap, OpenSearch ${cluster.version}, 1 shard + 1 replica per index, ${options.dataA.split("/").pop()}`,
      killed: perRound((r, i) => `${i + 1}: ${r.node} (${r.role})`),
      requests: stats.requests,
      searches,
      [`warm-up (first ${WARM_MS / 1000} s, not counted): searches / failed`]: `${warmUp.searches} / ${warmUp.failed}`,
      "searches after it": searches,
      "failed searches": searchFailures.filter((f) => f.kind === "failed").length,
      "wrong answers": measured.filter((f) => f.kind === "wrong").length,
      "failed searches by cause": causeCounts(searchFailures, causes),
      "no fault, before the first kill: searches / failed / p95 ms": `${baseline.searches} / ${baseline.failed} / ${baseline.p95Ms}`,
      "user-visible errors from the first kill on": afterKill.length,
      "user-visible errors after the warm-up": measured.length,
      "user-visible errors by cause": causeCounts(measured, causes),
      "searches in the failover window (kill → green)": windows.map((w) => w.searches).join("/"),
      "longest search in it ms": windows.map((w) => w.maxMs).join("/"),
      "p95 in it ms": windows.map((w) => w.p95Ms).join("/"),
      "failed in it": windows.map((w) => w.failed).join("/"),
      "health after the kill": perRound((r) => r.statuses),
      "kill → not green s": perRound((r) => (r.degradedAt === null ? "never" : seconds(r.degradedAt - r.killedAt))),
      "kill → restart s": perRound((r) => seconds(r.restartedAt - r.killedAt)),
      "restart → green s (yellow → green)": perRound((r) => seconds(r.greenAt - r.restartedAt)),
      "kill → green s": perRound((r) => seconds(r.greenAt - r.killedAt)),
      [`large exports (${BIG_EXPORT_ROWS} rows)`]: `${rounds.length * 2}: DONE ${done}, ERROR refunded ${refunded}, running at the kills ${rounds.map((r) => r.exportsRunningAtKill).join("/")}`,
      "charged twice / ledger mismatches": mismatches.length,
      "rows charged": ledgers.map((l) => l.charged).join("/"),
      "distinct records in files": ledgers.map((l) => l.recordsInFiles).join("/"),
      "stack error log lines": input.errorLines.length,
    },
    notes: [
      `retry policy: ${policy}`,
      ...problems,
      ...measured.slice(0, 10).map((f) => `${f.kind} ${f.call} at ${new Date(f.at).toISOString().slice(11, 19)}: ${f.detail}`),
      ...input.errorLines.slice(-5).map((l) => `stack: ${l.slice(0, 300)}`),
    ],
  };
}

function reindexReport(r: ReindexFigures, load: ReturnType<typeof windowFigures>, causes: string): ScenarioReport {
  const problems: string[] = [];
  if (r.code === 0 && r.liveAfter !== r.versionNew) problems.push(`the reindex ended well but v${r.liveAfter} is live`);
  if (r.code !== 0 && r.liveAfter !== r.versionBefore) problems.push(`the reindex failed and v${r.liveAfter} is live`);
  if (r.liveCompanies === null) problems.push("the live alias did not answer a count after the reindex");
  if (r.probe.failed > 0) problems.push(`${r.probe.failed} probe searches got no answer from either version`, ...r.probe.problems);
  if (load.failed > 0) problems.push(`${load.failed} subscriber searches failed during the reindex`);
  if (r.aliasGaps > 0) problems.push(`${r.aliasGaps} alias reads named no index`);
  if (r.node === "?") problems.push("no node was killed");
  if (!Number.isFinite(r.killToBack)) problems.push("the killed node did not join again");
  const outcome =
    r.code === 0
      ? `completed: v${r.versionBefore} → v${r.versionNew}`
      : `failed (exit ${r.code}), v${r.versionBefore} stays live: ${r.error ?? ""}`;
  return {
    scenario: "8b-cluster-reindex-primary-killed",
    summary: [
      `killed ${r.node} (primary of the live companies index) at ${r.stageAtKill}`,
      `reindex ${r.code === 0 ? "completed" : `failed (exit ${r.code})`}, v${r.liveAfter} live`,
      `probe searches ${r.probe.searches}, unanswered ${r.probe.failed}, served ${[...r.probe.served.entries()].map(([v, n]) => `v${v} ${n}`).join(", ")}`,
      `subscriber searches ${load.searches}, failed ${load.failed}`,
    ].join("; "),
    title: "Reindex into the cluster while the node holding the live index's primary is SIGKILLed and restarted",
    pass: problems.length === 0,
    figures: {
      killed: `${r.node} (${r.role}) at reindex stage ${r.stageAtKill}`,
      reindex: `${outcome} in ${r.seconds.toFixed(0)} s (grace 120 s included)`,
      "kill → node back s": Number.isFinite(r.killToBack) ? r.killToBack.toFixed(1) : "-",
      "kill → green s": Number.isFinite(r.killToGreen) ? r.killToGreen.toFixed(1) : "not green by the end",
      "live after": `v${r.liveAfter} (${r.liveCompanies ?? "?"} companies), versions left: ${r.versionsLeft.join(" ")}`,
      "probe searches": r.probe.searches,
      "probe searches unanswered (neither version)": r.probe.failed,
      "served by version": [...r.probe.served.entries()].map(([v, n]) => `v${v}: ${n}`).join(", "),
      "longest probe search ms": r.probe.maxMs,
      "subscriber searches during it": load.searches,
      "failed during it": load.failed,
      "failed by cause": causes,
      "longest / p95 ms": `${load.maxMs} / ${load.p95Ms}`,
    },
    notes: problems,
  };
}
