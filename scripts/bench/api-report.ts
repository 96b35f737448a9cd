/** The API benchmark's Markdown section (appended to BENCHMARKS.md). */

export interface LatencySummary {
  name: string;
  hitCount: number | null;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
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

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");
const count = (value: number) => value.toLocaleString("en-US").replace(/,/g, " ");

const row = (s: LatencySummary) =>
  `| ${s.name} | ${s.hitCount === null ? "" : count(s.hitCount)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.rps.toFixed(0)} | ${count(s.requests)} | ${s.errors} |`;

export function formatApiReport(
  perQuery: LatencySummary[],
  mixed: { fresh: LatencySummary; cached: LatencySummary; baseline: LatencySummary; platform: LatencySummary },
  meta: ApiBenchMeta,
): string {
  const check = (ok: boolean, text: string) => `- ${ok ? "✓" : "✗"} ${text}`;
  const all = [...perQuery, mixed.fresh, mixed.cached, mixed.baseline, mixed.platform];
  return [
    `## Search API over HTTP through the web worker (${meta.date.toISOString().slice(0, 10)})`,
    "",
    `Command: \`${meta.command}\` · ${meta.cores} cores · ${count(meta.documents)} documents in the index · ${meta.url}`,
    `${meta.connections} concurrent clients (autocannon, keep-alive), ${meta.durationS} s per run, after a warm-up. Latency is`,
    "measured by the client for the whole call: web worker → service binding → API worker (session, validation) →",
    "search backend → D1 documents → contract check. Rows marked no-cache send `Cache-Control: no-cache`, so every call",
    "runs the search; then the mix as browsers send it, where repeated searches come from the API's result cache; the",
    "baseline is the cheapest signed-in call through the same stack; the platform row is a static asset answered by the",
    "local runtime itself (no code of ours runs), the ceiling no call through `wrangler dev` can beat on this machine.",
    `Load average (uptime) before: ${meta.loadBefore}; after: ${meta.loadAfter}.`,
    "",
    "| query | hits | p50 ms | p95 ms | p99 ms | req/s | requests | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...perQuery.map((s) => row({ ...s, name: `${s.name} (no-cache)` })),
    row({ ...mixed.fresh, name: `**mix of all ${perQuery.length}, round robin (no-cache)**` }),
    row({ ...mixed.cached, name: `**mix of all ${perQuery.length}, round robin (result cache)**` }),
    row({ ...mixed.baseline, name: "baseline: GET /sapi/preflight (session check only, no search)" }),
    row({ ...mixed.platform, name: `platform: GET ${mixed.platform.name} (static asset, no worker code)` }),
    "",
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
