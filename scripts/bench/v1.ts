/**
 * npm run bench:v1 (issue 47 point 6): the same search bodies through the search screen's own call (POST
 * /sapi/search/page/{n} with a session, as the browser sends it) and through the public API (POST /v1/search?page=n
 * with an API key), one call at a time, interleaved (UI, /v1, UI, /v1 …, the order of each pair alternating), on one
 * running stack. Client-side latency from the request's start to the answer's last byte; p50 and p95 of each and their
 * ratio, twice: with Cache-Control: no-cache (every call reaches the search backend) and as clients call it (the API's
 * result cache on). The goal: /v1's p95 within 10 % of the UI call's. Every answer is checked once (status, schema, the
 * same hit count both ways).
 * On a stack started with URVAL_SEARCH_LIMIT_SCALE (npm start; --limits scaled, the default) neither call asks a burst
 * limiter (the user's and the key's are left out for benchmarks); with --limits production on a stack started without
 * it, both do, as in production: the UI call the user's search burst, /v1 that and the key's (decision 0056). The
 * user's search window (1 000 calls in 10 minutes) then allows one run of at most 20 rounds per 10 minutes.
 * The key is made for the run with the session (POST /sapi/api-keys, scope search) and revoked afterwards. The pairs are
 * paced below the key's burst limit (API_KEY_BURST: 50 calls in 10 s) and the user's (100 searches in 10 s).
 *
 *   URVAL_STATE_DIR=… npm run bench:v1 -- [--url http://localhost:8787] [--rounds 20] [--limits scaled|production]
 *                                         [--no-append]
 */
import { parseArgs } from "node:util";
import { CreatedApiKeySchema } from "#shared/api-contracts/api-keys";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { API_KEY_BURST } from "#api/tooling";
import { benchQueries, type BenchQuery } from "./api-queries";
import { browserHeaders, fetchDocumentCount } from "./api-session";
import { recordBenchmark, type BenchFigure } from "./record";
import { median, percentile } from "./ui-measure";
import { ensureStack } from "./ui-stack";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: `http://localhost:${process.env.PORT ?? 8787}` },
    rounds: { type: "string", default: "20" },
    /** How the stack was started: "scaled" (URVAL_SEARCH_LIMIT_SCALE: no burst limiter on either call) or
     * "production" (no scale: both calls ask their limiters, as in production; at most 20 rounds, see below). */
    limits: { type: "string", default: "scaled" },
    "no-append": { type: "boolean", default: false },
  },
});

if (args.limits !== "scaled" && args.limits !== "production") throw new Error(`--limits is scaled or production, not ${args.limits}`);
/** The figures' label: which limiters the calls went through. */
const LIMITS_LABEL = args.limits === "production" ? ", production limits" : "";

/** The goal of issue 47 point 6: /v1's p95 at most this times the UI call's. */
const GOAL_RATIO = 1.1;
/** One /v1 call per this many ms at most: under the key's burst limit, with a margin. */
const V1_INTERVAL_MS = Math.ceil(((API_KEY_BURST.periodSeconds * 1000) / API_KEY_BURST.limit) * 1.1);

type Way = "ui" | "v1";
interface Call {
  way: Way;
  query: BenchQuery;
}

const log = (message: string) => console.error(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function request(url: string, call: Call, session: Record<string, string>, key: string, fresh: boolean) {
  const cache: Record<string, string> = fresh ? { "Cache-Control": "no-cache" } : {};
  const body = JSON.stringify(call.query.search);
  if (call.way === "ui")
    return fetch(`${url}/sapi/search/page/${call.query.page}`, { method: "POST", headers: { ...session, ...cache }, body });
  return fetch(`${url}/v1/search?page=${call.query.page}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...cache },
    body,
  });
}

/** One call, timed to its body's last byte; throws on anything but 200. */
async function timed(url: string, call: Call, session: Record<string, string>, key: string, fresh: boolean) {
  const start = performance.now();
  const response = await request(url, call, session, key, fresh);
  const text = await response.text();
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`${call.way} ${call.query.name}: ${response.status} ${text}`);
  return { ms, text };
}

async function createKey(url: string, session: Record<string, string>) {
  const response = await fetch(`${url}/sapi/api-keys`, {
    method: "POST",
    headers: session,
    body: JSON.stringify({ name: `bench:v1 ${new Date().toISOString().slice(0, 16)}`, scopes: ["search"], expiresInDays: 30 }),
  });
  if (response.status !== 201) throw new Error(`creating the key: ${response.status} ${await response.text()}`);
  return CreatedApiKeySchema.parse(await response.json());
}

/** Each query once both ways: a 200 with a valid answer and the same hit count. */
async function checkQueries(url: string, session: Record<string, string>, key: string, queries: BenchQuery[]) {
  for (const query of queries) {
    const [ui, v1] = await Promise.all(
      (["ui", "v1"] as const).map(async (way) =>
        SearchPageAnswerSchema.parse(JSON.parse((await timed(url, { way, query }, session, key, true)).text)),
      ),
    );
    if (ui!.results.hitCount !== v1!.results.hitCount)
      throw new Error(`${query.name}: ${ui!.results.hitCount} hits in the UI, ${v1!.results.hitCount} by /v1`);
    await sleep(V1_INTERVAL_MS);
  }
}

/** `rounds` pairs per query, interleaved, the pair's order alternating; paced for the key's burst limit. */
async function measure(url: string, session: Record<string, string>, key: string, queries: BenchQuery[], rounds: number, fresh: boolean) {
  const samples: Record<Way, number[]> = { ui: [], v1: [] };
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const order: Way[] = n++ % 2 === 0 ? ["ui", "v1"] : ["v1", "ui"];
      const started = performance.now();
      for (const way of order) samples[way].push((await timed(url, { way, query }, session, key, fresh)).ms);
      await sleep(Math.max(0, V1_INTERVAL_MS - (performance.now() - started)));
    }
  }
  return samples;
}

const ms = (value: number) => value.toFixed(1);
const ratio = (v1: number, ui: number) => v1 / ui;

function report(runs: { label: string; samples: Record<Way, number[]> }[], command: string, documents: number, rounds: number) {
  const lines = [
    `### /v1 search against the UI's search call — ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `\`${command}\``,
    "",
    `${documents.toLocaleString("en-US").replace(/,/g, " ")} documents; ${rounds} rounds of the ${benchQueries(null).length} queries of bench:api, one call at a time, the UI call and /v1 interleaved. Goal: /v1 p95 ≤ ${GOAL_RATIO} × the UI's.`,
    "",
    "| mode | UI p50 | UI p95 | /v1 p50 | /v1 p95 | p95 ratio | goal |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const { label, samples } of runs) {
    const r = ratio(percentile(samples.v1, 95), percentile(samples.ui, 95));
    lines.push(
      `| ${label}${LIMITS_LABEL} | ${ms(median(samples.ui))} ms | ${ms(percentile(samples.ui, 95))} ms | ${ms(median(samples.v1))} ms | ${ms(percentile(samples.v1, 95))} ms | ${r.toFixed(3)} | ${r <= GOAL_RATIO ? "met" : "missed"} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function figures(runs: { label: string; samples: Record<Way, number[]> }[]): BenchFigure[] {
  return runs.flatMap(({ label, samples }) => [
    { figure: `${label}${LIMITS_LABEL}: UI search call p95`, value: Number(ms(percentile(samples.ui, 95))), unit: "ms" },
    { figure: `${label}${LIMITS_LABEL}: /v1 search p95`, value: Number(ms(percentile(samples.v1, 95))), unit: "ms" },
    {
      figure: `${label}${LIMITS_LABEL}: /v1 p95 / UI p95`,
      value: Number(ratio(percentile(samples.v1, 95), percentile(samples.ui, 95)).toFixed(3)),
      unit: "×",
    },
  ]);
}

async function main() {
  const stack = await ensureStack(args.url, log);
  const rounds = Number(args.rounds);
  const session = await browserHeaders(stack.url, stack.account);
  const { apiKey, key } = await createKey(stack.url, session);
  try {
    const queries = benchQueries(null);
    await checkQueries(stack.url, session, key, queries);
    log(`bench:v1: warm-up, then ${rounds} rounds × ${queries.length} queries × 2 ways, twice (no-cache, result cache)`);
    await measure(stack.url, session, key, queries, 2, true);
    const runs = [
      { label: "no-cache", samples: await measure(stack.url, session, key, queries, rounds, true) },
      { label: "result cache", samples: await measure(stack.url, session, key, queries, rounds, false) },
    ];
    const state = process.env.URVAL_STATE_DIR ? `URVAL_STATE_DIR=${process.env.URVAL_STATE_DIR} ` : "";
    const command = `${state}npm run bench:v1${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
    const documents = await fetchDocumentCount(stack.url);
    const table = report(runs, command, documents, rounds);
    console.log(table);
    if (!args["no-append"])
      await recordBenchmark(`\n${table}`, {
        area: "Public API /v1 against the UI's search call",
        command,
        figures: figures(runs),
        note: `${documents.toLocaleString("en-US").replace(/,/g, " ")} documents; the stack started by npm start ${args.limits === "production" ? "without URVAL_SEARCH_LIMIT_SCALE (both calls through their burst limiters)" : "with URVAL_SEARCH_LIMIT_SCALE=1000 (no burst limiter on either call)"}`,
      });
  } finally {
    await fetch(`${stack.url}/sapi/api-keys/${apiKey.keyId}`, { method: "DELETE", headers: session });
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
