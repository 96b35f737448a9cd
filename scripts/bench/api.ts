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
 * One account at these rates is far past the per-user search limits (docs/decisions/0038): start the stack with
 * URVAL_SEARCH_LIMIT_SCALE=1000 (npm start, scripts/start.ts), or the searching rows fail with HTTP 429.
 *
 *   npm run bench:api -- [--url http://localhost:8787] [--user demo --password …] [--connections 20] [--duration 10]
 *                        [--include-source DIR]   (dataset dir: uploads a 5000-number include list from it)
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { PERSIST_DIR } from "../lib/local-bindings";
import { benchQueries, type BenchQuery } from "./api-queries";
import { type CannonRequest, runCannon, summarize } from "./api-cannon";
import { apiFigures, formatApiReport, type LatencySummary } from "./api-report";
import { browserHeaders, checkQuery, checkSearchPage, fetchDocumentCount, staticAssetPath, uploadIncludeList } from "./api-session";
import { recordBenchmark } from "./record";
import { stackWorkerdPids } from "./stack-cpu";

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

const searchRequest = (query: BenchQuery): CannonRequest => ({
  method: "POST",
  path: `/sapi/search/page/${query.page}`,
  body: JSON.stringify(query.search),
});

/** One autocannon run against the stack at --url; the runtime's CPU over the run from its workerd processes. */
async function cannon(headers: Record<string, string>, requests: CannonRequest[], durationS: number, name: string) {
  const sample = await runCannon({
    url: args.url,
    connections: Number(args.connections),
    durationS,
    headers,
    requests,
    backendTiming: requests.every((request) => request.method === "POST"),
    cpuPids: stackWorkerdPids(args.url),
  });
  return summarize(name, [sample]);
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** Every run in order: each query alone and the mix without the cache, the mix with it, the baseline, /sok, the asset. */
async function runAll(headers: Record<string, string>, queries: BenchQuery[], hitCounts: number[], durationS: number) {
  const fresh = { ...headers, "Cache-Control": "no-cache" };
  const bar = new SingleBar({ format: "bench:api [{bar}] {value}/{total} runs · {name}", stream: process.stderr });
  bar.start(queries.length + 5, 0, { name: "warm-up" });
  await cannon(fresh, queries.map(searchRequest), Number(args.warmup), "warm-up");
  const perQuery: LatencySummary[] = [];
  for (const [i, query] of queries.entries()) {
    bar.update(i, { name: query.name });
    perQuery.push({ ...(await cannon(fresh, [searchRequest(query)], durationS, query.name)), hitCount: hitCounts[i] ?? null });
  }
  bar.update(queries.length, { name: "mix, no-cache" });
  const mixedFresh = await cannon(fresh, queries.map(searchRequest), durationS, "mix, no-cache");
  bar.update(queries.length + 1, { name: "mix, result cache" });
  const mixedCached = await cannon(headers, queries.map(searchRequest), durationS, "mix, result cache");
  bar.update(queries.length + 2, { name: "baseline" });
  const baseline = await cannon(headers, [{ method: "GET", path: "/sapi/preflight" }], durationS, "baseline");
  bar.update(queries.length + 3, { name: "GET /sok" });
  const page = { Cookie: headers.Cookie ?? "", Accept: "text/html" };
  const searchPage = await cannon(page, [{ method: "GET", path: "/sok" }], durationS, "GET /sok");
  bar.update(queries.length + 4, { name: "platform" });
  const asset = await staticAssetPath(args.url);
  const platform = await cannon({}, [{ method: "GET", path: asset }], durationS, asset);
  bar.update(queries.length + 5);
  bar.stop();
  return { perQuery, mixed: { fresh: mixedFresh, cached: mixedCached, baseline, searchPage, platform } };
}

async function main() {
  const headers = await browserHeaders(args.url, demoAccount());
  const includeFileId = args["include-source"] ? await uploadIncludeList(args.url, headers, args["include-source"], 5000) : null;
  const queries = benchQueries(includeFileId);
  const hitCounts = await Promise.all(queries.map((query) => checkQuery(args.url, headers, query)));
  await checkSearchPage(args.url, headers);
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
