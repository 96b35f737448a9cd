/**
 * npm run bench:api-backends: the search API on the embedded index and on the OpenSearch cluster in one run (issue 27).
 * Starts two stacks of the same build on the same dataset through scripts/start.ts (own ports and state directories
 * under .wrangler/bench-api-backends; the cluster stack starts its own OpenSearch node), or uses two running ones,
 * then runs bench:api's calls on both, interleaved per call (each call on one stack, then the other, the order swapped
 * every run), and prints one side-by-side table: p50/p95/p99, req/s and their ratio cluster ÷ embedded, the backend
 * time from Server-Timing and the CPU per request. The stacks (and the node) are stopped at the end, on an error and
 * on Ctrl-C. The table and the command are appended to docs/benchmarks (record.ts; --no-append to only print).
 *
 *   npm run bench:api-backends -- [--companies N | --source DIR]   (default: the demo dataset npm start uses)
 *        [--connections 20] [--duration 10] [--rounds 2] [--warmup 5] [--heap-mb 2048] [--fresh] [--skip-build]
 *        [--embedded-port 8870] [--cluster-port 8871] [--node-port 9465] [--start-timeout 180] [--no-append]
 *   or against running stacks: --embedded-url URL --embedded-state DIR --cluster-url URL --cluster-state DIR
 *        [--node-port P]   (the state directories give the demo accounts; the node's port its heap and CPU)
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { readClusterState } from "../cluster/cluster-state";
import { DEMO_DATA_DIR } from "../demo-data";
import { ROOT } from "../lib/local-bindings";
import { benchQueries, type BenchQuery } from "./api-queries";
import { type CannonRequest, type CannonSample, runCannon, summarize } from "./api-cannon";
import { BACKENDS_AREA, backendsFigures, formatBackendsReport, type BackendPair } from "./api-backends-report";
import { browserHeaders, checkQuery, checkSearchPage, fetchDocumentCount, staticAssetPath, uploadIncludeList } from "./api-session";
import { type BackendName, readAccount, type RunningStack, startStack, stopStartedStacks } from "./backend-stacks";
import { recordBenchmark } from "./record";
import { stackWorkerdPids } from "./stack-cpu";

const { values: args } = parseArgs({
  options: {
    companies: { type: "string" },
    source: { type: "string" },
    connections: { type: "string", default: "20" },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    warmup: { type: "string", default: "5" },
    "heap-mb": { type: "string", default: "2048" },
    "embedded-port": { type: "string", default: "8870" },
    "cluster-port": { type: "string", default: "8871" },
    "node-port": { type: "string", default: "9465" },
    state: { type: "string", default: ".wrangler/bench-api-backends" },
    fresh: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    "start-timeout": { type: "string", default: "180" },
    "embedded-url": { type: "string" },
    "embedded-state": { type: "string" },
    "cluster-url": { type: "string" },
    "cluster-state": { type: "string" },
    "no-append": { type: "boolean", default: false },
  },
});

const positive = z.coerce.number().int().positive();
const port = z.coerce.number().int().min(1024).max(65535);
const options = z
  .object({
    companies: positive.optional(),
    source: z.string().optional(),
    connections: positive,
    duration: positive,
    rounds: positive,
    warmup: z.coerce.number().int().nonnegative(),
    heapMb: z.coerce.number().int().min(256),
    embeddedPort: port,
    clusterPort: port,
    nodePort: port,
    startTimeoutMin: positive,
  })
  .refine((o) => !(o.companies && o.source), "--companies and --source exclude each other")
  .parse({
    companies: args.companies,
    source: args.source,
    connections: args.connections,
    duration: args.duration,
    rounds: args.rounds,
    warmup: args.warmup,
    heapMb: args["heap-mb"],
    embeddedPort: args["embedded-port"],
    clusterPort: args["cluster-port"],
    nodePort: args["node-port"],
    startTimeoutMin: args["start-timeout"],
  });

const ManifestSchema = z.object({
  companies: z.number(),
  worksites: z.number(),
  churnedFrom: z.object({ companies: z.number() }).optional(),
});

interface Dataset {
  dir: string;
  /** The count start.ts is told (URVAL_DEMO_COMPANIES): it generates the dataset when the folder holds another. */
  companies: number;
}

/** --source DIR as it is; --companies N generated once into data/bench-api-N (seed 1); else npm start's demo dataset. */
function chooseDataset(): Dataset {
  if (options.source) {
    const dir = path.resolve(options.source);
    const manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
    return { dir, companies: manifest.churnedFrom?.companies ?? manifest.companies };
  }
  if (options.companies) return { dir: path.join(ROOT, "data", `bench-api-${options.companies}`), companies: options.companies };
  return { dir: DEMO_DATA_DIR, companies: Number(process.env.URVAL_DEMO_COMPANIES ?? 100_000) };
}

const readManifest = (dir: string) => ManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));

/** Each call runs --duration seconds per backend, in --rounds runs of this length. */
const sliceSeconds = () => Math.max(1, Math.round(options.duration / options.rounds));
const count = (value: number) => value.toLocaleString("en-US").replace(/,/g, " ");

const log = (message: string) => process.stderr.write(`${message}\n`);

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

// ---------------------------------------------------------------------------------------------------------------
// The stacks

let stopping: Promise<void> | null = null;

/** Stops the stacks started by this run, also one still starting; once, however often it is asked. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    log("\n▸ Stopping the stacks this run started");
    await stopStartedStacks();
  })();
  return stopping;
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    // npm and tsx pass the terminal's Ctrl-C on as well: the first one counts.
    if (stopping) return;
    log(`\n${signal}: stopping`);
    void stopAll().finally(() => process.exit(130));
  });

/**
 * The node's index was built for the dataset of the last run on its port; start.ts decides whether to reindex from
 * a marker in the cluster stack's state, which another dataset's run on the same node may have made stale.
 */
function forgetStaleClusterIndex(stateRoot: string, clusterState: string, datasetKey: string) {
  const lastFile = path.join(stateRoot, `node-${options.nodePort}.json`);
  const last = existsSync(lastFile) ? (JSON.parse(readFileSync(lastFile, "utf8")) as { dataset?: string }).dataset : undefined;
  if (last !== datasetKey) rmSync(path.join(clusterState, "demo-cluster-index.json"), { force: true });
  mkdirSync(stateRoot, { recursive: true });
  writeFileSync(lastFile, JSON.stringify({ dataset: datasetKey }));
}

async function startBoth(dataset: Dataset): Promise<Record<BackendName, RunningStack>> {
  const stateRoot = path.resolve(ROOT, args.state ?? ".wrangler/bench-api-backends");
  const key = `${path.basename(dataset.dir)}-${createHash("sha256").update(dataset.dir).digest("hex").slice(0, 8)}`;
  const stateOf = (backend: BackendName) => path.join(stateRoot, key, backend);
  if (args.fresh) rmSync(path.join(stateRoot, key), { recursive: true, force: true });
  forgetStaleClusterIndex(stateRoot, stateOf("cluster"), key);
  const common = {
    dataDir: dataset.dir,
    companies: dataset.companies,
    clusterPort: options.nodePort,
    heapMb: options.heapMb,
    timeoutMs: options.startTimeoutMin * 60_000,
  };
  // One after the other: the first builds the app and generates a missing dataset, which the second then finds.
  log(`▸ Starting the embedded stack on port ${options.embeddedPort} (state ${stateOf("embedded")})`);
  const embedded = await startStack(
    { ...common, backend: "embedded", port: options.embeddedPort, stateDir: stateOf("embedded"), build: !args["skip-build"] },
    log,
  );
  log(`▸ Starting the cluster stack on port ${options.clusterPort}, its node on ${options.nodePort} (state ${stateOf("cluster")})`);
  const cluster = await startStack(
    { ...common, backend: "cluster", port: options.clusterPort, stateDir: stateOf("cluster"), build: false },
    log,
  );
  return { embedded, cluster };
}

/** Stacks already running (--embedded-url/--cluster-url with their state directories, which hold the accounts). */
function runningStacks(): Record<BackendName, RunningStack> | null {
  const given = [args["embedded-url"], args["embedded-state"], args["cluster-url"], args["cluster-state"]];
  if (given.every((value) => value === undefined)) return null;
  if (given.some((value) => value === undefined))
    throw new Error("--embedded-url, --embedded-state, --cluster-url and --cluster-state go together");
  const open = (backend: BackendName, url: string, stateDir: string): RunningStack => ({
    backend,
    url,
    stateDir,
    account: readAccount(stateDir),
    stop: async () => undefined,
    tail: () => "",
  });
  return {
    embedded: open("embedded", args["embedded-url"] as string, args["embedded-state"] as string),
    cluster: open("cluster", args["cluster-url"] as string, args["cluster-state"] as string),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The node behind the cluster stack

const NodeRootSchema = z.object({ version: z.object({ number: z.string(), distribution: z.string().optional() }) });
const NodeStatsSchema = z.object({
  nodes: z.record(z.string(), z.object({ jvm: z.object({ mem: z.object({ heap_max_in_bytes: z.number() }) }) })),
});

async function describeNode(url: string) {
  const root = NodeRootSchema.parse(await (await fetch(url)).json());
  const stats = NodeStatsSchema.parse(await (await fetch(`${url}/_nodes/stats/jvm`)).json());
  const heaps = Object.values(stats.nodes).map((node) => node.jvm.mem.heap_max_in_bytes / 2 ** 20);
  return {
    engine: `${root.version.distribution ?? "elasticsearch"} ${root.version.number}`,
    nodes: heaps.length,
    heapMb: heaps.length > 0 ? Math.round(Math.max(...heaps)) : null,
    url,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The calls

/** What one stack needs to run the calls: its session, queries (the include list's file id is its own) and processes. */
interface Target {
  stack: RunningStack;
  headers: Record<string, string>;
  queries: BenchQuery[];
  hitCounts: number[];
  asset: string;
  cpuPids: string[];
}

interface Call {
  name: string;
  kind: BackendPair["kind"];
  run(target: Target): { headers: Record<string, string>; requests: CannonRequest[]; hits: number | null };
}

const searchRequest = (query: BenchQuery): CannonRequest => ({
  method: "POST",
  path: `/sapi/search/page/${query.page}`,
  body: JSON.stringify(query.search),
});

const noCache = (target: Target) => ({ ...target.headers, "Cache-Control": "no-cache" });

function calls(queryNames: string[]): Call[] {
  return [
    ...queryNames.map((name, i): Call => ({
      name: `${name} (no-cache)`,
      kind: "search",
      run: (t) => ({ headers: noCache(t), requests: [searchRequest(t.queries[i] as BenchQuery)], hits: t.hitCounts[i] ?? null }),
    })),
    {
      name: `mix of all ${queryNames.length}, round robin (no-cache)`,
      kind: "search",
      run: (t) => ({ headers: noCache(t), requests: t.queries.map(searchRequest), hits: null }),
    },
    {
      name: `mix of all ${queryNames.length}, round robin (result cache)`,
      kind: "cached",
      run: (t) => ({ headers: t.headers, requests: t.queries.map(searchRequest), hits: null }),
    },
    {
      name: "GET /sok (server-rendered, first page through the API)",
      kind: "page",
      run: (t) => ({
        headers: { Cookie: t.headers.Cookie ?? "", Accept: "text/html" },
        requests: [{ method: "GET", path: "/sok" }],
        hits: null,
      }),
    },
    {
      name: "baseline: GET /sapi/preflight (no search)",
      kind: "control",
      run: (t) => ({ headers: t.headers, requests: [{ method: "GET", path: "/sapi/preflight" }], hits: null }),
    },
    {
      name: "static asset (no worker code)",
      kind: "control",
      run: (t) => ({ headers: {}, requests: [{ method: "GET", path: t.asset }], hits: null }),
    },
  ];
}

/**
 * A preparation step, tried up to five times, 10 s apart: a stack's first calls may fail while its backend warms up (the
 * embedded index loads its snapshot; a cold node may exceed the API's 4 s per try on a busy machine, as the include
 * list's 5000 numbers have).
 */
async function patiently<T>(stack: RunningStack, what: string, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt === 5) throw new Error(`${stack.backend} stack, ${what}: ${message}\n${stack.tail()}`);
      log(`  ${stack.backend} stack, ${what}: ${message.split("\n")[0]}; trying again in 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
  }
}

async function prepare(stack: RunningStack, datasetDir: string, extraPids: string[]): Promise<Target> {
  const headers = await patiently(stack, "sign-in", () => browserHeaders(stack.url, stack.account));
  const includeFileId = await patiently(stack, "include list", () => uploadIncludeList(stack.url, headers, datasetDir, 5000));
  const queries = benchQueries(includeFileId);
  const hitCounts: number[] = [];
  for (const query of queries) hitCounts.push(await patiently(stack, query.name, () => checkQuery(stack.url, headers, query)));
  await patiently(stack, "GET /sok", () => checkSearchPage(stack.url, headers));
  return {
    stack,
    headers,
    queries,
    hitCounts,
    asset: await staticAssetPath(stack.url),
    cpuPids: [...stackWorkerdPids(stack.url), ...extraPids],
  };
}

async function runInterleaved(targets: Record<BackendName, Target>): Promise<BackendPair[]> {
  const list = calls(targets.embedded.queries.map((q) => q.name));
  const sliceS = sliceSeconds();
  // In a log (no terminal) a line every 15 s.
  const bar = new SingleBar({
    format: "bench:api-backends [{bar}] {value}/{total} runs · {name}",
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 15_000,
  });
  bar.start(list.length * options.rounds * 2 + 2, 0, { name: "warm-up" });
  const once = (target: Target, call: Call, seconds: number) => {
    const { headers, requests } = call.run(target);
    return runCannon({
      url: target.stack.url,
      connections: options.connections,
      durationS: seconds,
      headers,
      requests,
      backendTiming: call.kind === "search" || call.kind === "cached",
      cpuPids: target.cpuPids,
    });
  };
  const mix = list.find((call) => call.name.endsWith("(no-cache)") && call.name.startsWith("mix")) as Call;
  for (const backend of ["embedded", "cluster"] as const) {
    bar.increment(1, { name: `warm-up, ${backend}` });
    if (options.warmup > 0) await once(targets[backend], mix, options.warmup);
  }
  const pairs: BackendPair[] = [];
  for (const [i, call] of list.entries()) {
    const samples: Record<BackendName, CannonSample[]> = { embedded: [], cluster: [] };
    for (let round = 0; round < options.rounds; round++) {
      const order: BackendName[] = (i + round) % 2 === 0 ? ["embedded", "cluster"] : ["cluster", "embedded"];
      for (const backend of order) {
        bar.increment(1, { name: `${call.name}, ${backend}` });
        samples[backend].push(await once(targets[backend], call, sliceS));
      }
    }
    pairs.push({
      name: call.name,
      kind: call.kind,
      hits: { embedded: call.run(targets.embedded).hits, cluster: call.run(targets.cluster).hits },
      embedded: summarize(call.name, samples.embedded),
      cluster: summarize(call.name, samples.cluster),
    });
  }
  bar.stop();
  return pairs;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const dataset = chooseDataset();
  const stacks = runningStacks() ?? (await startBoth(dataset));
  const manifest = readManifest(dataset.dir);
  const nodeUrl = `http://127.0.0.1:${options.nodePort}`;
  const node = await describeNode(nodeUrl);
  const nodePids = (readClusterState(options.nodePort)?.nodes ?? []).map((n) => String(n.pid));
  log(
    `▸ Preparing the measurement (sign-in, include list, each query checked on both stacks); node: ${node.engine}, heap ${node.heapMb} MB`,
  );
  const targets = {
    embedded: await prepare(stacks.embedded, dataset.dir, []),
    cluster: await prepare(stacks.cluster, dataset.dir, nodePids),
  };
  const documents = {
    embedded: await fetchDocumentCount(stacks.embedded.url),
    cluster: await fetchDocumentCount(stacks.cluster.url),
  };
  const loadBefore = loadAverage();
  const pairs = await runInterleaved(targets);
  const command = `npm run bench:api-backends -- ${process.argv.slice(2).join(" ")}`.trim();
  const report = formatBackendsReport(pairs, {
    command,
    date: new Date(),
    connections: options.connections,
    durationS: sliceSeconds() * options.rounds,
    rounds: options.rounds,
    cores: os.cpus().length,
    dataset: { dir: path.relative(ROOT, dataset.dir) || dataset.dir, companies: manifest.companies, worksites: manifest.worksites },
    documents,
    urls: { embedded: stacks.embedded.url, cluster: stacks.cluster.url },
    cluster: node,
    loadBefore,
    loadAfter: loadAverage(),
  });
  console.log(report);
  if (!args["no-append"])
    await recordBenchmark(`\n${report}`, {
      area: BACKENDS_AREA,
      command,
      figures: backendsFigures(pairs),
      note: `${count(manifest.companies)} companies and ${count(manifest.worksites)} worksites, ${options.connections} clients; cluster: ${node.engine}, ${node.nodes} node${node.nodes === 1 ? "" : "s"}, ${node.heapMb} MB heap`,
    });
}

main()
  .catch((error: unknown) => {
    // After Ctrl-C the stacks' ends are no news.
    if (!stopping) console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll().then(() => process.exit()));
