/**
 * npm run bench:profile: where the CPU time of one kind of request goes. Drives the running stack (npm start, or
 * PORT=… tsx scripts/start.ts) with autocannon like bench:api while the V8 sampling profiler of the web and API
 * isolates runs (through the local runtime's inspector, found among workerd's listening sockets), then prints per
 * isolate the busy share of the wall time and the functions with the most self time. The table and the command are
 * appended to docs/benchmarks (record.ts; --no-append to only print). The search and /sok calls of one account at
 * these rates are far past the per-user search limits (docs/decisions/0038): start the stack with
 * URVAL_SEARCH_LIMIT_SCALE=1000.
 *
 *   npm run bench:profile -- [--url http://127.0.0.1:8787] [--call preflight|search|sok] [--seconds 10]
 *                            [--connections 20] [--top 12] [--label before] [--save DIR]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { PERSIST_DIR } from "../lib/local-bindings";
import { benchQueries } from "./api-queries";
import { browserHeaders } from "./api-session";
import { recordBenchmark } from "./record";
import { stackWorkerdPids, workerdSockets } from "./stack-cpu";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: `http://127.0.0.1:${process.env.PORT ?? 8787}` },
    call: { type: "string", default: "preflight" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    top: { type: "string", default: "12" },
    label: { type: "string", default: "" },
    user: { type: "string" },
    password: { type: "string" },
    "no-append": { type: "boolean", default: false },
    /** A directory to keep each isolate's raw profile in (.cpuprofile, for DevTools or a flame graph). */
    save: { type: "string" },
  },
});

const ISOLATES = ["core:user:urval-web", "core:user:urval-api"] as const;

const InspectorTargetsSchema = z.array(z.object({ id: z.string(), webSocketDebuggerUrl: z.string() }));

/**
 * The runtime's inspector: one of workerd's listening loopback ports whose /json lists our isolates. Several stacks
 * may run on this machine (other worktrees, a before/after pair); `wrangler dev` starts the workerd that listens on
 * --url's port and the one with the isolates' inspector as siblings, so only that wrangler's children are asked.
 */
async function findInspector(): Promise<Map<string, string>> {
  const pids = new Set(stackWorkerdPids(args.url));
  const sockets = workerdSockets().filter((socket) => pids.has(socket.pid));
  for (const { port } of sockets) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(1000) });
      const targets = InspectorTargetsSchema.safeParse(await response.json());
      if (!targets.success) continue;
      const found = new Map(
        targets.data.filter((t) => (ISOLATES as readonly string[]).includes(t.id)).map((t) => [t.id, t.webSocketDebuggerUrl]),
      );
      if (found.size === ISOLATES.length) return found;
    } catch {
      // not an inspector
    }
  }
  throw new Error(`no workerd inspector with the web and API isolates beside the stack at ${args.url}`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A minimal Chrome DevTools Protocol session over the runtime's WebSocket. */
class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private constructor(private readonly socket: WebSocket) {
    // The runtime sends its answers as binary frames.
    socket.binaryType = "arraybuffer";
    socket.addEventListener("message", (event: MessageEvent<string | ArrayBuffer>) => {
      const text = typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data);
      const message = JSON.parse(text) as { id?: number; result?: unknown; error?: unknown };
      // The runtime answers some calls (Profiler.enable) with their id and no result; any message with an id settles.
      if (message.id === undefined) return;
      this.pending.get(message.id)?.(message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message.result);
      this.pending.delete(message.id);
    });
  }

  static open(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    // Timed, so a connection that never opens fails loudly (a pending promise alone would let node exit 0, silently).
    return withTimeout(
      new Promise((resolve, reject) => {
        socket.addEventListener("open", () => resolve(new Inspector(socket)));
        socket.addEventListener("error", () => reject(new Error(`inspector ${url} refused the connection`)));
      }),
      10_000,
      `inspector ${url} did not open`,
    );
  }

  send(method: string, params: object = {}): Promise<unknown> {
    return this.sendWithin(method, params, 60_000);
  }

  private sendWithin(method: string, params: object, ms: number): Promise<unknown> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return withTimeout(new Promise((resolve) => this.pending.set(id, resolve)), ms, `inspector: no answer to ${method}`);
  }

  /** For idempotent set-up calls the runtime sometimes leaves unanswered under load: asked again after 5 s, 6 times. */
  async sendRetrying(method: string, params: object = {}): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sendWithin(method, params, 5_000);
      } catch (error) {
        if (attempt >= 6) throw error;
      }
    }
  }

  close(): void {
    this.socket.close();
  }
}

interface Hotspot {
  name: string;
  ms: number;
}

/** Self time per function (name and place), busy time (all but idle) and the profile's wall time, in ms. */
function summarizeProfile(profile: CpuProfile): { wallMs: number; busyMs: number; hotspots: Hotspot[] } {
  const wallMs = (profile.endTime - profile.startTime) / 1000;
  const byNode = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the delta to the next one (the last sample gets none).
  for (let i = 0; i < samples.length; i++) {
    const node = samples[i] ?? 0;
    byNode.set(node, (byNode.get(node) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  const bySpot = new Map<string, number>();
  let busyMs = 0;
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    busyMs += ms;
    const place = url ? ` ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}` : "";
    const name = `${functionName || "(anonymous)"}${place}`;
    bySpot.set(name, (bySpot.get(name) ?? 0) + ms);
  }
  const hotspots = [...bySpot].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  return { wallMs, busyMs, hotspots };
}

function demoAccount(): { username: string; password: string } {
  if (args.user && args.password) return { username: args.user, password: args.password };
  const file = path.join(PERSIST_DIR, "demo-account.json");
  return JSON.parse(readFileSync(file, "utf8")) as { username: string; password: string };
}

type CannonRequest = NonNullable<autocannon.Options["requests"]>[number];

function requestsFor(call: string): CannonRequest[] {
  if (call === "preflight") return [{ method: "GET", path: "/sapi/preflight" }];
  if (call === "sok") return [{ method: "GET", path: "/sok" }];
  if (call === "search")
    return benchQueries(null).map((query) => ({
      method: "POST",
      path: `/sapi/search/page/${query.page}`,
      body: JSON.stringify(query.search),
    }));
  throw new Error(`--call must be preflight, search or sok, not ${call}`);
}

async function main() {
  const account = demoAccount();
  const headers = await browserHeaders(args.url, account);
  const requests = requestsFor(args.call);
  const seconds = Number(args.seconds);
  const targets = await findInspector();
  const inspectors = await Promise.all(ISOLATES.map(async (id) => Inspector.open(targets.get(id) ?? "")));
  // Warm-up without the profiler, so code is compiled and caches are filled as in steady serving.
  await runCannon(headers, requests, 2);
  // The runtime may leave inspector messages of an idle isolate unanswered until it runs again: a trickle of cheap
  // requests through both isolates while the profilers are set up keeps them answering.
  await whileTrickling(headers, async () => {
    for (const inspector of inspectors) {
      await inspector.sendRetrying("Profiler.enable");
      await inspector.sendRetrying("Profiler.setSamplingInterval", { interval: 200 });
      await inspector.sendRetrying("Profiler.start");
    }
  });
  const bar = new SingleBar({ format: "bench:profile [{bar}] {value}/{total} s", stream: process.stderr });
  bar.start(seconds, 0);
  const ticker = setInterval(() => bar.increment(), 1000);
  const result = await runCannon(headers, requests, seconds);
  clearInterval(ticker);
  bar.update(seconds);
  bar.stop();
  const profiles = await Promise.all(
    inspectors.map(async (inspector) => (await inspector.send("Profiler.stop")) as { profile: CpuProfile }),
  );
  for (const inspector of inspectors) inspector.close();
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    profiles.forEach(({ profile }, i) =>
      writeFileSync(path.join(args.save as string, `${ISOLATES[i]?.replaceAll(":", "-")}.cpuprofile`), JSON.stringify(profile)),
    );
  }
  const summaries = profiles.map(({ profile }) => summarizeProfile(profile));
  const report = formatReport(result, summaries);
  console.log(report);
  if (!args["no-append"])
    await recordBenchmark(`\n${report}`, {
      area: "CPU profile of the web and API isolates",
      command: `npm run bench:profile -- ${process.argv.slice(2).join(" ")}`,
      figures: [
        { figure: `${args.call}: req/s`, value: Number((result.requests / result.seconds).toFixed(0)), unit: "req/s" },
        ...summaries.map((summary, i) => ({
          figure: `${args.call}: ${i === 0 ? "web" : "API"} isolate busy time per request`,
          value: result.requests > 0 ? Math.round((summary.busyMs / result.requests) * 1000) : Number.NaN,
          unit: "µs",
        })),
      ],
      ...(args.label ? { note: `label: ${args.label}` } : {}),
    });
  process.exit(0);
}

/** Runs `work` while one client keeps calling the preflight (web and API isolates), sequentially. */
async function whileTrickling(headers: Record<string, string>, work: () => Promise<void>): Promise<void> {
  let done = false;
  const trickle = (async () => {
    while (!done) await (await fetch(`${args.url}/sapi/preflight`, { headers })).arrayBuffer();
  })();
  try {
    await work();
  } finally {
    done = true;
    await trickle;
  }
}

async function runCannon(headers: Record<string, string>, requests: CannonRequest[], seconds: number) {
  const instance = autocannon(
    { url: args.url, connections: Number(args.connections), duration: seconds, headers, requests },
    () => undefined,
  );
  const result = await new Promise<autocannon.Result>((resolve) => instance.on("done", resolve));
  return { requests: result.requests.total, errors: result.errors + result.non2xx + result.timeouts, seconds: result.duration };
}

function formatReport(
  result: { requests: number; errors: number; seconds: number },
  summaries: ReturnType<typeof summarizeProfile>[],
): string {
  const top = Number(args.top);
  const perRequest = (ms: number) => (result.requests > 0 ? ((ms / result.requests) * 1000).toFixed(0) : "–");
  const lines = [
    `## CPU profile of the web and API isolates: ${args.call}${args.label ? ` (${args.label})` : ""} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`npm run bench:profile -- ${process.argv.slice(2).join(" ")}\` · ${os.cpus().length} cores · load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
    `${args.connections} clients for ${result.seconds} s: ${result.requests} requests (${(result.requests / result.seconds).toFixed(0)} req/s), ${result.errors} errors. V8 sampling profiler at 200 µs in each isolate; self time per function, µs per request.`,
  ];
  for (const [i, summary] of summaries.entries()) {
    lines.push(
      "",
      `**${ISOLATES[i] ?? ""}**: busy ${summary.busyMs.toFixed(0)} ms of ${summary.wallMs.toFixed(0)} ms wall (${((summary.busyMs / summary.wallMs) * 100).toFixed(0)} %), ${perRequest(summary.busyMs)} µs per request`,
      "",
      "| function | self ms | % of busy | µs/request |",
      "| --- | ---: | ---: | ---: |",
      ...summary.hotspots
        .slice(0, top)
        .map(
          (spot) =>
            `| \`${spot.name.replace(/\|/g, "\\|")}\` | ${spot.ms.toFixed(0)} | ${((spot.ms / summary.busyMs) * 100).toFixed(1)} | ${perRequest(spot.ms)} |`,
        ),
    );
  }
  return `${lines.join("\n")}\n`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
