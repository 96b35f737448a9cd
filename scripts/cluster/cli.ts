/**
 * npm run cluster -- [--nodes 1|3] [--heap 512m|1g] [--port 9400] [--fresh]   start, stay in the foreground
 * npm run cluster -- --stop [--port 9400]                                    stop a cluster another process started
 *
 * Starts a real OpenSearch 2.19 cluster on 127.0.0.1 (see README, "A real search cluster"); Ctrl-C stops every node.
 * Exit codes: 0 stopped cleanly, 1 the cluster failed (build, start, a node died), 2 bad input (unknown flag, bad value,
 * busy port, no Java or Maven): one line on stderr. --stop exits 1 when no cluster runs on that port.
 */
import path from "node:path";
import { displayPath, ROOT } from "./build";
import { type CliArgs, parseCliArgs, USAGE } from "./cli-args";
import { type Cluster, startCluster, stopCluster } from "./cluster";
import { ClusterError } from "./cluster-error";
import { readClusterState } from "./cluster-state";
import { ProgressLine } from "./progress-line";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Prints an error as one line (plus a log tail for failures that are not bad input); returns the exit code. */
function fail(error: unknown): number {
  if (!(error instanceof ClusterError)) {
    console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  console.error(`cluster: ${error.message}`);
  if (error.detail && !error.isInputError) console.error(error.detail);
  return error.isInputError ? 2 : 1;
}

async function printSummary(cluster: Cluster, totalMs: number): Promise<void> {
  const count = cluster.nodes.length;
  const built = totalMs - cluster.startMs > 3_000 ? ` (${seconds(totalMs)} with the launcher build)` : "";
  console.log(
    `OpenSearch ${cluster.version} is ${await cluster.health()}: ${count} node${count === 1 ? "" : "s"}, ready in ${seconds(cluster.startMs)}${built}`,
  );
  const memory = cluster.nodeMemoryMb();
  for (const [i, node] of cluster.nodes.entries()) {
    const up = node.upMs === null ? "" : `  up ${seconds(node.upMs)}`;
    console.log(
      `  ${node.name}  pid ${node.pid}  http ${node.httpPort}  transport ${node.transportPort}${up}  rss ${memory[i]?.rssMb ?? "?"} MB`,
    );
  }
  const folder = displayPath(path.dirname(cluster.nodes[0]?.home ?? ROOT));
  console.log(`  data and node.log: ${folder}/`);
  console.log(`URL  ${cluster.url}`);
  console.log(`ELASTICSEARCH_URL=${cluster.url} ELASTICSEARCH_DIALECT=opensearch`);
  console.log(`Ctrl-C stops the cluster (from elsewhere: npm run cluster -- --stop --port ${cluster.nodes[0]?.httpPort})`);
}

/** Stays in the foreground until a signal (stop all nodes, 0), a --stop from elsewhere (0) or every node died (1). */
function runForeground(cluster: Cluster, port: number, stopSignals: AbortSignal): Promise<number> {
  return new Promise<number>((resolve) => {
    const reported = new Set<string>();
    const finish = (code: number, message?: string) => {
      clearInterval(monitor);
      const progress = new ProgressLine();
      if (message) progress.update(message);
      void cluster.stop().then(
        () => {
          progress.clear();
          resolve(code);
        },
        (error: unknown) => {
          progress.clear();
          resolve(fail(error));
        },
      );
    };
    const monitor = setInterval(() => {
      const gone = cluster.nodeMemoryMb().filter((node) => node.rssMb === null);
      if (gone.length === 0) return;
      if (readClusterState(port)?.stopRequestedAt) {
        console.log("cluster stopped by npm run cluster -- --stop");
        return finish(0);
      }
      for (const node of gone.filter((entry) => !reported.has(entry.name))) {
        reported.add(node.name);
        console.error(
          `cluster: node ${node.name} (pid ${node.pid}) exited; see ${cluster.nodes.find((n) => n.name === node.name)?.logFile}`,
        );
      }
      if (gone.length === cluster.nodes.length) finish(1);
    }, 1_000);
    stopSignals.addEventListener("abort", () => {
      const count = cluster.nodes.length;
      finish(0, `stopping ${count} node${count === 1 ? "" : "s"}`);
    });
  }).then((code) => {
    if (code === 0 && stopSignals.aborted) console.log("cluster stopped");
    return code;
  });
}

async function start(args: CliArgs): Promise<number> {
  const stopSignals = new AbortController();
  const onSignal = () => stopSignals.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const started = Date.now();
  const progress = new ProgressLine();
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      nodes: args.nodes,
      heapMb: args.heap,
      httpPort: args.port,
      fresh: args.fresh,
      onProgress: (message) => progress.update(message),
      signal: stopSignals.signal,
    });
  } catch (error) {
    progress.clear();
    if (stopSignals.signal.aborted) {
      console.error("cluster: start interrupted; every node started so far is stopped");
      return 0;
    }
    return fail(error);
  }
  progress.clear();
  await printSummary(cluster, Date.now() - started);
  return runForeground(cluster, args.port, stopSignals.signal);
}

async function stop(port: number): Promise<number> {
  const progress = new ProgressLine();
  progress.update(`stopping the cluster on port ${port}`);
  try {
    const pids = await stopCluster(port);
    progress.clear();
    console.log(`cluster on port ${port} stopped (pids ${pids.join(", ")})`);
    return 0;
  } catch (error) {
    progress.clear();
    return fail(error);
  }
}

async function main(argv: string[]): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    return fail(error);
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  return args.stop ? stop(args.port) : start(args);
}

process.exitCode = await main(process.argv.slice(2));
