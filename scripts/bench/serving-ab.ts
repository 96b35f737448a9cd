/**
 * npm run bench:serving-ab: the serving cost of issue 15 side by side, interleaved. Two running stacks (say main and a
 * branch) are driven in turns, round after round, with the three signed-in calls of bench:api that need no dataset
 * (the preflight, the mix as browsers send it, server-rendered /sok) and the static asset that is the ceiling of each
 * stack; interleaving spreads whatever else the machine does over both stacks alike. Per stack and call: the median
 * over rounds of req/s, its share of the same stack's static rate in the same round, and the stack's runtime CPU per
 * request (its workerd processes, from /proc), which other work on the machine changes much less than req/s.
 * Each stack serves one account at these rates, far past the per-user search limits (docs/decisions/0038): start both
 * with URVAL_SEARCH_LIMIT_SCALE=1000.
 *
 *   npm run bench:serving-ab -- --a http://127.0.0.1:8861 --a-state DIR --b http://127.0.0.1:8860 --b-state DIR
 *                               [--rounds 4] [--duration 5] [--connections 20] [--label-a before] [--label-b after]
 *                               [--calls preflight,mix,sok]   (also: health, GET /sapi/health without a session)
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { signInToStack } from "#tests/support/stack-client";
import { benchQueries } from "./api-queries";
import { percentile } from "./api-report";
import { apiHeaders } from "./api-session";
import { recordBenchmark, type BenchFigure } from "./record";
import { cpuMs, stackWorkerdPids } from "./stack-cpu";

const { values: args } = parseArgs({
  options: {
    a: { type: "string" },
    "a-state": { type: "string" },
    b: { type: "string" },
    "b-state": { type: "string" },
    "label-a": { type: "string", default: "A" },
    "label-b": { type: "string", default: "B" },
    rounds: { type: "string", default: "4" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    calls: { type: "string", default: "preflight,mix,sok" },
    "no-append": { type: "boolean", default: false },
  },
});

type CannonRequest = NonNullable<autocannon.Options["requests"]>[number];
interface Call {
  key: string;
  name: string;
  headers: (cookie: string, url: string) => Record<string, string>;
  requests: (asset: string) => CannonRequest[];
}

const ALL_CALLS: Call[] = [
  { key: "preflight", name: "GET /sapi/preflight", headers: apiHeaders, requests: () => [{ method: "GET", path: "/sapi/preflight" }] },
  {
    key: "health",
    name: "GET /sapi/health (through both workers, no session)",
    headers: () => ({}),
    requests: () => [{ method: "GET", path: "/sapi/health" }],
  },
  {
    key: "mix",
    name: "search mix as browsers send it (result cache)",
    headers: apiHeaders,
    requests: () =>
      benchQueries(null).map((q) => ({ method: "POST", path: `/sapi/search/page/${q.page}`, body: JSON.stringify(q.search) })),
  },
  {
    key: "sok",
    name: "GET /sok (server-rendered)",
    headers: (cookie) => ({ Cookie: cookie, Accept: "text/html" }),
    requests: () => [{ method: "GET", path: "/sok" }],
  },
  { key: "static", name: "static asset (ceiling)", headers: () => ({}), requests: (asset) => [{ method: "GET", path: asset }] },
];

interface Stack {
  label: string;
  url: string;
  cookie: string;
  asset: string;
}

async function openStack(label: string, url: string | undefined, state: string | undefined): Promise<Stack> {
  if (!url || !state) throw new Error("--a, --a-state, --b and --b-state are required");
  const account = JSON.parse(readFileSync(path.join(state, "demo-account.json"), "utf8")) as { username: string; password: string };
  const cookie = await signInToStack(url, account, { acceptTerms: true });
  const html = await (await fetch(`${url}/logga-in`)).text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  if (!asset) throw new Error(`${url}: no /assets/*.js script in /logga-in`);
  return { label, url, cookie, asset };
}

async function run(stack: Stack, call: Call, seconds: number) {
  const pids = stackWorkerdPids(stack.url);
  const before = cpuMs(pids);
  const result = await autocannon({
    url: stack.url,
    connections: Number(args.connections),
    duration: seconds,
    headers: call.headers(stack.cookie, stack.url),
    requests: call.requests(stack.asset),
  });
  const requests = result.requests.total;
  return {
    rps: requests / result.duration,
    cpuPerRequest: requests > 0 ? (cpuMs(pids) - before) / requests : Number.NaN,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((x, y) => x - y),
    50,
  );

/** The chosen calls (--calls), then always the static asset, the ceiling each is compared with. */
const CALLS: Call[] = [
  ...ALL_CALLS.filter((call) => call.key !== "static" && (args.calls ?? "").split(",").includes(call.key)),
  ...ALL_CALLS.filter((call) => call.key === "static"),
];

async function main() {
  const stacks = [await openStack(args["label-a"], args.a, args["a-state"]), await openStack(args["label-b"], args.b, args["b-state"])];
  const rounds = Number(args.rounds);
  const seconds = Number(args.duration);
  const loadBefore = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  // results[stack][call] = per-round figures
  const results = stacks.map(() => CALLS.map(() => [] as { rps: number; cpuPerRequest: number; errors: number }[]));
  for (const stack of stacks) for (const call of CALLS) await run(stack, call, 1); // warm-up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const s of order) {
      for (const [c, call] of CALLS.entries()) {
        const figures = await run(stacks[s] as Stack, call, seconds);
        results[s]?.[c]?.push(figures);
        process.stderr.write(`round ${round + 1}/${rounds} ${stacks[s]?.label} ${call.name}: ${figures.rps.toFixed(0)} req/s\n`);
      }
    }
  }
  const ceilingIndex = CALLS.length - 1;
  const command = `npm run bench:serving-ab -- ${process.argv.slice(2).join(" ")}`;
  const recorded: BenchFigure[] = [];
  const lines = [
    `## Serving cost side by side: ${stacks.map((s) => `${s.label} (${s.url})`).join(" vs ")} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`${command}\` · ${os.cpus().length} cores · load average before ${loadBefore}, after ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
    `${args.connections} clients, ${rounds} rounds of ${seconds} s per call and stack, the stacks in turns (ABBA…). Medians over the rounds;`,
    "'of static' is the call's req/s as a share of the same stack's static asset in the same round; 'runtime CPU' is the",
    "CPU time of the stack's workerd processes per request, and 'CPU share' the static asset's CPU per request over the call's.",
    "",
    "| stack | call | req/s | of static | runtime CPU ms/req | CPU share | errors |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [s, stack] of stacks.entries()) {
    const ceiling = results[s]?.[ceilingIndex] ?? [];
    for (const [c, call] of CALLS.entries()) {
      const figures = results[s]?.[c] ?? [];
      const shares = figures.map((f, round) => f.rps / (ceiling[round]?.rps ?? Number.NaN));
      const cpu = median(figures.map((f) => f.cpuPerRequest));
      const cpuShare = median(ceiling.map((f) => f.cpuPerRequest)) / cpu;
      recorded.push({ figure: `${s === 0 ? "A" : "B"}: ${call.name}, runtime CPU per request`, value: Number(cpu.toFixed(2)), unit: "ms" });
      lines.push(
        `| ${stack.label} | ${call.name} | ${median(figures.map((f) => f.rps)).toFixed(0)} | ${(median(shares) * 100).toFixed(0)} % | ${cpu.toFixed(2)} | ${(cpuShare * 100).toFixed(0)} % | ${figures.reduce((n, f) => n + f.errors, 0)} |`,
      );
    }
  }
  const report = `${lines.join("\n")}\n`;
  console.log(report);
  if (!args["no-append"])
    await recordBenchmark(`\n${report}`, {
      area: "Serving cost side by side",
      command,
      figures: recorded,
      note: `A = ${args["label-a"]}, B = ${args["label-b"]}`,
    });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
