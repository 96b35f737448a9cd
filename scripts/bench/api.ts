/**
 * npm run bench:api: drives the running stack (npm start, or PORT=… tsx scripts/start.ts) over HTTP on localhost with
 * concurrent keep-alive clients, through the web worker like a browser, using the search-engine benchmark's query mix.
 * Each query runs alone and all of them round robin with Cache-Control: no-cache (every call reaches the search
 * backend), then the mix once more as browsers call it (the API's result cache on), the cheapest signed-in call
 * (preflight), the server-rendered search page (GET /sok: the signed-in layout's and /sok's loaders, the first page
 * through the API, React rendering) and a static asset the runtime serves without our code (the ceiling of the run).
 * Client-side latencies give p50/p95/p99 and requests per second; every searching call's Server-Timing gives the
 * backend time the API measured (p50 per row).
 * The table and the command line are appended to docs/benchmarks (record.ts; --no-append to only print).
 *
 *   npm run bench:api -- [--url http://localhost:8787] [--user demo --password …] [--connections 20] [--duration 10]
 *                        [--include-source DIR]   (dataset dir: uploads a 5000-number include list from it)
 */
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { SingleBar } from "cli-progress";
import { SEARCH_REQUEST_ID_HEADER } from "#shared/api-contracts/search-api";
import { PERSIST_DIR } from "../lib/local-bindings";
import { benchQueries, type BenchQuery } from "./api-queries";
import { apiFigures, formatApiReport, parseBackendTime, percentile, type LatencySummary } from "./api-report";
import { checkQuery, fetchDocumentCount, signIn, uploadIncludeList } from "./api-session";
import { recordBenchmark } from "./record";
import { cpuMs, stackWorkerdPids } from "./stack-cpu";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: `http://localhost:${process.env.PORT ?? 8787}` },
    user: { type: "string" },
    password: { type: "string" },
    connections: { type: "string", default: "20" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    "include-source": { type: "string" },
    "no-append": { type: "boolean", default: false },
  },
});

function demoAccount(): { username: string; password: string } {
  if (args.user && args.password) return { username: args.user, password: args.password };
  const file = path.join(PERSIST_DIR, "demo-account.json");
  return JSON.parse(readFileSync(file, "utf8")) as { username: string; password: string };
}

type CannonRequest = NonNullable<autocannon.Options["requests"]>[number];

/** Backend times (ms) from the Server-Timing header of answers, collected per run. */
let backendTimes: number[] = [];

const recordBackendTime = (_status: number, _body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
  const value = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "server-timing")?.[1];
  const backend = parseBackendTime(Array.isArray(value) ? value.join(",") : value);
  if (backend !== null) backendTimes.push(backend);
};

const toRequest = (query: BenchQuery): CannonRequest => ({
  method: "POST",
  path: `/sapi/search/page/${query.page}`,
  body: JSON.stringify(query.search),
  onResponse: recordBackendTime,
});

/** One autocannon run; latencies are collected per response so p95 is exact. */
async function cannon(headers: Record<string, string>, requests: CannonRequest[], durationS: number, name: string) {
  const connections = Number(args.connections);
  const latencies: number[] = [];
  backendTimes = [];
  const pids = stackWorkerdPids(args.url);
  const cpuBefore = cpuMs(pids);
  const instance = autocannon({ url: args.url, connections, duration: durationS, headers, requests }, () => undefined);
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await new Promise<autocannon.Result>((resolve) => instance.on("done", resolve));
  const runtimeCpuMs = cpuMs(pids) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const summary: LatencySummary = {
    name,
    hitCount: null,
    requests: latencies.length,
    errors: result.errors + result.non2xx + result.timeouts,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / result.duration,
    cpuMsPerRequest: latencies.length > 0 ? runtimeCpuMs / latencies.length : null,
    backendP50:
      backendTimes.length > 0
        ? percentile(
            backendTimes.sort((a, b) => a - b),
            50,
          )
        : null,
  };
  return summary;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function browserHeaders(): Promise<Record<string, string>> {
  const account = demoAccount();
  return {
    Cookie: await signIn(args.url, account.username, account.password),
    Origin: new URL(args.url).origin,
    "Sec-Fetch-Site": "same-origin",
    "Content-Type": "application/json",
    [SEARCH_REQUEST_ID_HEADER]: "1",
  };
}

/** A built client asset (served by the platform's asset handling; no worker code of ours runs for it). */
async function staticAssetPath(): Promise<string> {
  const html = await (await fetch(`${args.url}/logga-in`)).text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  if (!asset) throw new Error("no /assets/*.js script in /logga-in");
  return asset;
}

/** The server-rendered search page must render for the signed-in user (not redirect to /logga-in) before it is measured. */
async function checkSearchPage(headers: Record<string, string>): Promise<void> {
  const response = await fetch(`${args.url}/sok`, { headers: { Cookie: headers.Cookie ?? "" }, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200 || !html.includes("<html")) throw new Error(`GET /sok: ${response.status}, not the rendered page`);
}

/** Every run in order: each query alone and the mix without the cache, the mix with it, the baseline, /sok, the asset. */
async function runAll(headers: Record<string, string>, queries: BenchQuery[], hitCounts: number[], durationS: number) {
  const fresh = { ...headers, "Cache-Control": "no-cache" };
  const bar = new SingleBar({ format: "bench:api [{bar}] {value}/{total} runs · {name}", stream: process.stderr });
  bar.start(queries.length + 5, 0, { name: "warm-up" });
  await cannon(fresh, queries.map(toRequest), Number(args.warmup), "warm-up");
  const perQuery: LatencySummary[] = [];
  for (const [i, query] of queries.entries()) {
    bar.update(i, { name: query.name });
    perQuery.push({ ...(await cannon(fresh, [toRequest(query)], durationS, query.name)), hitCount: hitCounts[i] ?? null });
  }
  bar.update(queries.length, { name: "mix, no-cache" });
  const mixedFresh = await cannon(fresh, queries.map(toRequest), durationS, "mix, no-cache");
  bar.update(queries.length + 1, { name: "mix, result cache" });
  const mixedCached = await cannon(headers, queries.map(toRequest), durationS, "mix, result cache");
  bar.update(queries.length + 2, { name: "baseline" });
  const baseline = await cannon(headers, [{ method: "GET", path: "/sapi/preflight" }], durationS, "baseline");
  bar.update(queries.length + 3, { name: "GET /sok" });
  const page = { Cookie: headers.Cookie ?? "", Accept: "text/html" };
  const searchPage = await cannon(page, [{ method: "GET", path: "/sok" }], durationS, "GET /sok");
  bar.update(queries.length + 4, { name: "platform" });
  const asset = await staticAssetPath();
  const platform = await cannon({}, [{ method: "GET", path: asset }], durationS, asset);
  bar.update(queries.length + 5);
  bar.stop();
  return { perQuery, mixed: { fresh: mixedFresh, cached: mixedCached, baseline, searchPage, platform } };
}

async function main() {
  const headers = await browserHeaders();
  const includeFileId = args["include-source"] ? await uploadIncludeList(args.url, headers, args["include-source"], 5000) : null;
  const queries = benchQueries(includeFileId);
  const hitCounts = await Promise.all(queries.map((query) => checkQuery(args.url, headers, query)));
  await checkSearchPage(headers);
  const loadBefore = loadAverage();
  const durationS = Number(args.duration);
  const { perQuery, mixed } = await runAll(headers, queries, hitCounts, durationS);
  const command = `npm run bench:api -- ${process.argv.slice(2).join(" ")}`.trim();
  const documents = await fetchDocumentCount(args.url);
  const report = formatApiReport(perQuery, mixed, {
    command,
    date: new Date(),
    url: args.url,
    connections: Number(args.connections),
    durationS,
    documents,
    loadBefore,
    loadAfter: loadAverage(),
    cores: os.cpus().length,
  });
  console.log(report);
  if (!args["no-append"])
    await recordBenchmark(`\n${report}`, {
      area: "Search API over HTTP",
      command,
      figures: apiFigures(perQuery, mixed),
      note: `${documents.toLocaleString("en-US").replace(/,/g, " ")} documents in the index, ${args.connections} clients`,
    });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
