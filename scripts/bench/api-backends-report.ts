/**
 * The Markdown section and the recorded figures of `npm run bench:api-backends`: the API benchmark's calls on a stack
 * whose search backend is the embedded index and on one whose backend is the OpenSearch cluster, side by side per call
 * with the ratio cluster ÷ embedded.
 */
import type { LatencySummary } from "./api-report";
import type { BenchFigure } from "./record";

export const BACKENDS_AREA = "Search API: embedded vs cluster backend";

export interface BackendPair {
  name: string;
  /**
   * search: API search calls that all reach the backend (no-cache; Server-Timing carries the backend time); cached: the
   * mix as browsers send it (the API's result cache on); page: the server-rendered search page; these go to
   * runs.jsonl. control: the preflight and the static asset, which show how alike the two stacks are otherwise.
   */
  kind: "search" | "cached" | "page" | "control";
  /** Hits each backend's answer reported (calls of one query), null for the others. */
  hits: { embedded: number | null; cluster: number | null };
  embedded: LatencySummary;
  cluster: LatencySummary;
}

export interface BackendsMeta {
  command: string;
  date: Date;
  connections: number;
  /** Seconds per call and backend, split over `rounds` alternating runs. */
  durationS: number;
  rounds: number;
  cores: number;
  dataset: { dir: string; companies: number; worksites: number };
  documents: { embedded: number; cluster: number };
  urls: { embedded: string; cluster: string };
  /** The cluster as it answered: engine and version, nodes, heap of the node(s). */
  cluster: { engine: string; nodes: number; heapMb: number | null; url: string };
  loadBefore: string;
  loadAfter: string;
}

const ms = (value: number | null | undefined) => (value != null && Number.isFinite(value) ? value.toFixed(1) : "–");
const rate = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "–");
const count = (value: number) => value.toLocaleString("en-US").replace(/,/g, " ");
const cpu = (s: LatencySummary) => (s.cpuMsPerRequest == null ? "–" : s.cpuMsPerRequest.toFixed(2));

/** cluster ÷ embedded, "–" when either is missing or zero. */
export function ratio(cluster: number | null | undefined, embedded: number | null | undefined): string {
  if (cluster == null || embedded == null || !Number.isFinite(cluster) || !Number.isFinite(embedded) || embedded === 0) return "–";
  const r = cluster / embedded;
  return `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}×`;
}

const sameHits = (pair: BackendPair) => pair.hits.embedded === pair.hits.cluster;

const hitsCell = (pair: BackendPair) => {
  const { embedded, cluster } = pair.hits;
  if (embedded === null && cluster === null) return "";
  if (sameHits(pair)) return count(embedded ?? 0);
  return `${embedded === null ? "–" : count(embedded)} / ${cluster === null ? "–" : count(cluster)} ✗`;
};

const row = (p: BackendPair) => {
  const { embedded: e, cluster: c } = p;
  return `| ${p.name} | ${hitsCell(p)} | ${ms(e.p50)} | ${ms(c.p50)} | ${ratio(c.p50, e.p50)} | ${ms(e.p95)} | ${ms(c.p95)} | ${ratio(c.p95, e.p95)} | ${ms(e.p99)} | ${ms(c.p99)} | ${rate(e.rps)} | ${rate(c.rps)} | ${ratio(c.rps, e.rps)} | ${ms(e.backendP50)} | ${ms(c.backendP50)} | ${cpu(e)} | ${cpu(c)} | ${e.errors} / ${c.errors} |`;
};

/** The errors of the run by backend and kind: "cluster: 40 HTTP 504, 2 client timeout". */
function failureKinds(pairs: BackendPair[]): string {
  return (["embedded", "cluster"] as const)
    .flatMap((side) => {
      const kinds: Record<string, number> = {};
      for (const p of pairs) for (const [kind, n] of Object.entries(p[side].failures ?? {})) kinds[kind] = (kinds[kind] ?? 0) + n;
      const text = Object.entries(kinds)
        .map(([kind, n]) => `${count(n)} ${kind}`)
        .join(", ");
      return text === "" ? [] : [`${side}: ${text}`];
    })
    .join("; ");
}

/** The smallest and largest of the ratios cluster ÷ embedded of a figure over the calls that all reach the backend. */
function ratioRange(pairs: BackendPair[], pick: (s: LatencySummary) => number): string {
  const ratios = pairs
    .filter((p) => p.kind === "search")
    .map((p) => pick(p.cluster) / pick(p.embedded))
    .filter(Number.isFinite);
  if (ratios.length === 0) return "–";
  const fmt = (r: number) => `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}×`;
  return `${fmt(Math.min(...ratios))} to ${fmt(Math.max(...ratios))}`;
}

export function formatBackendsReport(pairs: BackendPair[], meta: BackendsMeta): string {
  const check = (ok: boolean, text: string) => `- ${ok ? "✓" : "✗"} ${text}`;
  const withHits = pairs.filter((p) => p.hits.embedded !== null || p.hits.cluster !== null);
  const differing = withHits.filter((p) => !sameHits(p));
  const errors = pairs.reduce((n, p) => n + p.embedded.errors + p.cluster.errors, 0);
  const slowest = (side: "embedded" | "cluster") =>
    Math.max(...pairs.filter((p) => p.kind === "search").map((p) => p[side].backendP50 ?? Number.POSITIVE_INFINITY));
  const heap = meta.cluster.heapMb === null ? "heap unknown" : `${count(meta.cluster.heapMb)} MB heap`;
  const nodes = `${meta.cluster.nodes} node${meta.cluster.nodes === 1 ? "" : "s"}`;
  const seconds =
    meta.rounds > 1
      ? `${meta.durationS} s per call and backend in ${meta.rounds} alternating runs`
      : `${meta.durationS} s per call and backend`;
  return [
    `## ${BACKENDS_AREA} (${meta.date.toISOString().slice(0, 10)})`,
    "",
    `Command: \`${meta.command}\` · ${meta.cores} cores`,
    `Dataset ${meta.dataset.dir}: ${count(meta.dataset.companies)} companies and ${count(meta.dataset.worksites)} worksites; documents in`,
    `the index: embedded ${count(meta.documents.embedded)}, cluster ${count(meta.documents.cluster)}.`,
    `Two stacks of the same build (scripts/start.ts, own state each): embedded index at ${meta.urls.embedded}, cluster at`,
    `${meta.urls.cluster} (${meta.cluster.engine}, ${nodes}, ${heap}, ${meta.cluster.url}).`,
    `${meta.connections} concurrent clients (autocannon, keep-alive), ${seconds}, after a warm-up of each; the`,
    "calls are interleaved: each call runs on one stack and then on the other, the order swapped every run, so what",
    "else the machine does falls on both alike. The calls are bench:api's (the query mix with `Cache-Control: no-cache`,",
    "the mix as browsers send it, the preflight, server-rendered /sok, a static asset). ×: cluster ÷ embedded (above 1",
    "the cluster is slower, or for req/s serves more). 'backend p50' is the median backend time the API reported in",
    "Server-Timing; 'CPU ms/req' is the CPU time per request of the stack's workerd processes, for the cluster stack",
    "plus the OpenSearch node's JVM, which what else runs on the machine changes much less than req/s. Latencies",
    "include the failed calls.",
    `Load average (uptime) before: ${meta.loadBefore}; after: ${meta.loadAfter}.`,
    "",
    "| call | hits | p50 ms embedded | p50 ms cluster | × p50 | p95 ms embedded | p95 ms cluster | × p95 | p99 ms embedded | p99 ms cluster | req/s embedded | req/s cluster | × req/s | backend p50 ms embedded | backend p50 ms cluster | CPU ms/req embedded | CPU ms/req cluster | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...pairs.map(row),
    "",
    check(
      differing.length === 0,
      differing.length === 0
        ? `both backends find the same number of hits for each of the ${withHits.length} queries`
        : `the backends' hit counts differ for: ${differing.map((p) => p.name).join("; ")}`,
    ),
    `- cluster ÷ embedded over the no-cache search calls: p50 ${ratioRange(pairs, (s) => s.p50)}, p95 ${ratioRange(pairs, (s) => s.p95)}, req/s ${ratioRange(pairs, (s) => s.rps)}`,
    `- slowest backend p50 of a no-cache search call: embedded ${ms(slowest("embedded"))} ms, cluster ${ms(slowest("cluster"))} ms`,
    check(errors === 0, `no errors at ${meta.connections} clients: ${errors}${errors > 0 ? ` (${failureKinds(pairs)})` : ""}`),
    ...(pairs.some((p) => (p.embedded.failures?.["HTTP 503"] ?? 0) + (p.cluster.failures?.["HTTP 503"] ?? 0) > 0)
      ? [
          "- HTTP 503 is the API's SEARCH_UNAVAILABLE: the backend did not answer in time (on the cluster, a try of more than 4 s;",
          "  search-index/elasticsearch/es-client.ts)",
        ]
      : []),
    "",
  ].join("\n");
}

/**
 * Per searching call, p50, p95 and req/s of each backend, for docs/benchmarks/runs.jsonl; for the no-cache mix also the
 * CPU per request and the errors.
 */
export function backendsFigures(pairs: BackendPair[]): BenchFigure[] {
  const sides = ["embedded", "cluster"] as const;
  return pairs
    .filter((p) => p.kind !== "control")
    .flatMap((p) => [
      ...sides.flatMap((side) => [
        { figure: `${p.name}: ${side} p50`, value: Number(ms(p[side].p50)), unit: "ms" },
        { figure: `${p.name}: ${side} p95`, value: Number(ms(p[side].p95)), unit: "ms" },
        { figure: `${p.name}: ${side} req/s`, value: Number(rate(p[side].rps)), unit: "req/s" },
      ]),
      ...(p.kind === "search" && p.name.startsWith("mix")
        ? sides.flatMap((side) => [
            { figure: `${p.name}: ${side} CPU per request`, value: Number(cpu(p[side])), unit: "ms" },
            { figure: `${p.name}: ${side} errors`, value: p[side].errors, unit: "calls" },
          ])
        : []),
    ]);
}
