/** The API benchmark's Markdown section (recorded in docs/benchmarks by record.ts). */

export interface LatencySummary {
  name: string;
  hitCount: number | null;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** p50 of the backend time the API reported in Server-Timing, when the answers carried one. */
  backendP50?: number | null;
  /** CPU time (ms) the stack's runtime processes used during the run, per request (all isolates, router, D1). */
  cpuMsPerRequest?: number | null;
  /** The errors by kind ("HTTP 504", "client timeout", …), when the run kept them. */
  failures?: Record<string, number>;
}

export interface ApiBenchMeta {
  command: string;
  date: Date;
  url: string;
  connections: number;
  durationS: number;
  documents: number;
  loadBefore: string;
  loadAfter: string;
  cores: number;
}

/** Exact percentile (nearest rank) of ascending-sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The `backend;dur=…` entry of a Server-Timing header, in ms (null when absent). */
export function parseBackendTime(header: string | undefined | null): number | null {
  const match = header ? /(?:^|,)\s*backend;dur=([\d.]+)/.exec(header) : null;
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Targets of issue 15, as shares of the static asset's request rate in the same run. */
export const SHARE_TARGETS = { preflight: 0.85, mixCached: 0.6, searchPage: 0.5 } as const;
export const BACKEND_P50_TARGET_MS = 20;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");
const count = (value: number) => value.toLocaleString("en-US").replace(/,/g, " ");

const share = (s: LatencySummary, ceiling: LatencySummary) => (ceiling.rps > 0 ? s.rps / ceiling.rps : Number.NaN);
const percent = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(0)} %` : "–");

/** The row's share of the static rate if the runtime had the CPU to itself: static CPU per request / the row's. */
const cpuShare = (s: LatencySummary, ceiling: LatencySummary) =>
  s.cpuMsPerRequest && ceiling.cpuMsPerRequest ? ceiling.cpuMsPerRequest / s.cpuMsPerRequest : Number.NaN;
const cpu = (s: LatencySummary) => (s.cpuMsPerRequest == null ? "" : s.cpuMsPerRequest.toFixed(2));

const row = (s: LatencySummary, ceiling: LatencySummary) =>
  `| ${s.name} | ${s.hitCount === null ? "" : count(s.hitCount)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.rps.toFixed(0)} | ${percent(share(s, ceiling))} | ${s.backendP50 == null ? "" : ms(s.backendP50)} | ${cpu(s)} | ${count(s.requests)} | ${s.errors} |`;

/** The headline figures for docs/benchmarks/runs.jsonl: the mixes, the baseline, /sok and the ceiling, and the slowest backend p50. */
export function apiFigures(
  perQuery: LatencySummary[],
  mixed: { fresh: LatencySummary; cached: LatencySummary; baseline: LatencySummary; searchPage: LatencySummary; platform: LatencySummary },
): { figure: string; value: number; unit: string }[] {
  const rows: [string, LatencySummary][] = [
    ["search mix (no-cache)", mixed.fresh],
    ["search mix (result cache)", mixed.cached],
    ["GET /sapi/preflight", mixed.baseline],
    ["GET /sok (server-rendered)", mixed.searchPage],
    ["static asset (ceiling)", mixed.platform],
  ];
  const slowestBackend = Math.max(...[...perQuery, mixed.fresh].map((s) => s.backendP50 ?? Number.POSITIVE_INFINITY));
  return [
    ...rows.flatMap(([name, s]) => [
      { figure: `${name}: p50`, value: Number(ms(s.p50)), unit: "ms" },
      { figure: `${name}: req/s`, value: Number(s.rps.toFixed(0)), unit: "req/s" },
    ]),
    { figure: "slowest backend p50 of an uncached search", value: Number(ms(slowestBackend)), unit: "ms" },
  ];
}

export function formatApiReport(
  perQuery: LatencySummary[],
  mixed: {
    fresh: LatencySummary;
    cached: LatencySummary;
    baseline: LatencySummary;
    searchPage: LatencySummary;
    platform: LatencySummary;
  },
  meta: ApiBenchMeta,
): string {
  const check = (ok: boolean, text: string) => `- ${ok ? "✓" : "✗"} ${text}`;
  const all = [...perQuery, mixed.fresh, mixed.cached, mixed.baseline, mixed.searchPage, mixed.platform];
  const ceiling = mixed.platform;
  const searching = [...perQuery, mixed.fresh];
  const slowestBackend = Math.max(...searching.map((s) => s.backendP50 ?? Number.POSITIVE_INFINITY));
  return [
    `## Search API over HTTP through the web worker (${meta.date.toISOString().slice(0, 10)})`,
    "",
    `Command: \`${meta.command}\` · ${meta.cores} cores · ${count(meta.documents)} documents in the index · ${meta.url}`,
    `${meta.connections} concurrent clients (autocannon, keep-alive), ${meta.durationS} s per run, after a warm-up. Latency is`,
    "measured by the client for the whole call: web worker → service binding → API worker (session, validation) →",
    "search backend → D1 documents → contract check. Rows marked no-cache send `Cache-Control: no-cache`, so every call",
    "runs the search; then the mix as browsers send it, where repeated searches come from the API's result cache; the",
    "baseline is the cheapest signed-in call through the same stack; the platform row is a static asset answered by the",
    "local runtime itself (no code of ours runs), the ceiling no call through `wrangler dev` can beat on this machine;",
    "GET /sok is the server-rendered search page (both loaders, the first page through the API, React rendering).",
    "'of static' is each row's request rate as a share of the platform row's; 'backend p50' is the median of the",
    "backend time the API reported in Server-Timing for the row's answers; 'runtime CPU' is the CPU time of the stack's",
    "workerd processes (our isolates, the asset router, local D1) during the row's run per request, which other work on",
    "the machine does not change the way it changes req/s.",
    `Load average (uptime) before: ${meta.loadBefore}; after: ${meta.loadAfter}.`,
    "",
    "| query | hits | p50 ms | p95 ms | p99 ms | req/s | of static | backend p50 ms | runtime CPU ms/req | requests | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...perQuery.map((s) => row({ ...s, name: `${s.name} (no-cache)` }, ceiling)),
    row({ ...mixed.fresh, name: `**mix of all ${perQuery.length}, round robin (no-cache)**` }, ceiling),
    row({ ...mixed.cached, name: `**mix of all ${perQuery.length}, round robin (result cache)**` }, ceiling),
    row({ ...mixed.baseline, name: "baseline: GET /sapi/preflight (session check only, no search)" }, ceiling),
    row({ ...mixed.searchPage, name: "server-rendered search page: GET /sok (first page through the loader)" }, ceiling),
    row({ ...mixed.platform, name: `platform: GET ${mixed.platform.name} (static asset, no worker code)` }, ceiling),
    "",
    check(
      share(mixed.baseline, ceiling) >= SHARE_TARGETS.preflight,
      `preflight ≥ ${SHARE_TARGETS.preflight * 100} % of the static rate: ${percent(share(mixed.baseline, ceiling))}`,
    ),
    check(
      share(mixed.cached, ceiling) >= SHARE_TARGETS.mixCached,
      `mix as browsers send it ≥ ${SHARE_TARGETS.mixCached * 100} % of the static rate: ${percent(share(mixed.cached, ceiling))}`,
    ),
    check(
      share(mixed.searchPage, ceiling) >= SHARE_TARGETS.searchPage,
      `server-rendered /sok ≥ ${SHARE_TARGETS.searchPage * 100} % of the static rate: ${percent(share(mixed.searchPage, ceiling))}`,
    ),
    `- if the runtime had the CPU to itself (static CPU per request / the row's): preflight ${percent(cpuShare(mixed.baseline, ceiling))}, mix as browsers send it ${percent(cpuShare(mixed.cached, ceiling))}, /sok ${percent(cpuShare(mixed.searchPage, ceiling))}`,
    check(
      slowestBackend <= BACKEND_P50_TARGET_MS,
      `every searching row's backend p50 ≤ ${BACKEND_P50_TARGET_MS} ms (no-cache): slowest ${ms(slowestBackend)} ms`,
    ),
    check(mixed.fresh.p50 <= 40, `mix p50 ≤ 40 ms, every call searching: ${ms(mixed.fresh.p50)} ms`),
    check(mixed.cached.p50 <= 40, `mix p50 ≤ 40 ms as browsers call it: ${ms(mixed.cached.p50)} ms`),
    `- platform ceiling at ${meta.connections} clients: p50 ${ms(mixed.platform.p50)} ms, ${mixed.platform.rps.toFixed(0)} req/s (p50 ≤ 40 ms at ${meta.connections} clients needs about ${Math.round((meta.connections * 1000) / 40)} req/s)`,
    check(
      all.every((s) => s.errors === 0),
      `no errors at ${meta.connections} clients: ${all.reduce((n, s) => n + s.errors, 0)}`,
    ),
    "",
  ].join("\n");
}
