import { describe, expect, it } from "vitest";
import { backendsFigures, formatBackendsReport, ratio, type BackendPair } from "./api-backends-report";
import type { LatencySummary } from "./api-report";

const side = (p50: number, rps: number, backendP50: number | null = null, errors = 0): LatencySummary => ({
  name: "",
  hitCount: null,
  requests: rps * 10,
  errors,
  p50,
  p95: p50 * 2,
  p99: p50 * 3,
  rps,
  backendP50,
  cpuMsPerRequest: 1.5,
});

const pair = (
  name: string,
  kind: BackendPair["kind"],
  embedded: LatencySummary,
  cluster: LatencySummary,
  hits: [number | null, number | null] = [null, null],
): BackendPair => ({
  name,
  kind,
  hits: { embedded: hits[0], cluster: hits[1] },
  embedded,
  cluster,
});

const meta = {
  command: "npm run bench:api-backends -- --no-append",
  date: new Date("2026-11-26T18:00:00Z"),
  connections: 20,
  durationS: 10,
  rounds: 2,
  cores: 2,
  dataset: { dir: "data/demo", companies: 100_000, worksites: 107_999 },
  documents: { embedded: 207_999, cluster: 207_999 },
  urls: { embedded: "http://127.0.0.1:8870", cluster: "http://127.0.0.1:8871" },
  cluster: { engine: "opensearch 2.19.1", nodes: 1, heapMb: 2048, url: "http://127.0.0.1:9465" },
  loadBefore: "1",
  loadAfter: "2",
};

const pairs = [
  pair("no filter (no-cache)", "search", side(40, 100, 10), side(80, 50, 30), [100_000, 100_000]),
  pair("name prefix 'berg' (no-cache)", "search", side(20, 200, 4), side(30, 150, 12), [1234, 1236]),
  pair("mix of all 2, round robin (no-cache)", "search", side(30, 150, 8), { ...side(60, 75, 25, 4), failures: { "HTTP 503": 4 } }),
  pair("mix of all 2, round robin (result cache)", "cached", side(10, 400), side(10, 400)),
  pair("static asset (no worker code)", "control", side(5, 800), {
    ...side(5, 790, null, 3),
    failures: { "HTTP 504": 2, "client timeout": 1 },
  }),
];

describe("ratio", () => {
  it("divides the cluster's figure by the embedded index's, and gives a dash when either is missing", () => {
    expect(ratio(80, 40)).toBe("2.00×");
    expect(ratio(25, 100)).toBe("0.25×");
    expect(ratio(1500, 100)).toBe("15×");
    expect(ratio(10, 0)).toBe("–");
    expect(ratio(null, 10)).toBe("–");
    expect(ratio(Number.NaN, 10)).toBe("–");
  });
});

describe("formatBackendsReport", () => {
  const report = formatBackendsReport(pairs, meta);

  it("puts both backends of a call side by side with the ratios, backend time and CPU", () => {
    expect(report).toContain(
      "| no filter (no-cache) | 100 000 | 40.0 | 80.0 | 2.00× | 80.0 | 160.0 | 2.00× | 120.0 | 240.0 | 100 | 50 | 0.50× | 10.0 | 30.0 | 1.50 | 1.50 | 0 / 0 |",
    );
    expect(report).toContain("opensearch 2.19.1, 1 node, 2 048 MB heap");
    expect(report).toContain("Command: `npm run bench:api-backends -- --no-append`");
  });

  it("flags queries whose hit counts differ between the backends", () => {
    expect(report).toContain("| name prefix 'berg' (no-cache) | 1 234 / 1 236 ✗ |");
    expect(report).toContain("- ✗ the backends' hit counts differ for: name prefix 'berg' (no-cache)");
  });

  it("summarises the ratios over the no-cache search calls only, and counts every error", () => {
    expect(report).toContain(
      "- cluster ÷ embedded over the no-cache search calls: p50 1.50× to 2.00×, p95 1.50× to 2.00×, req/s 0.50× to 0.75×",
    );
    expect(report).toContain("- slowest backend p50 of a no-cache search call: embedded 10.0 ms, cluster 30.0 ms");
    expect(report).toContain("- ✗ no errors at 20 clients: 7 (cluster: 4 HTTP 503, 2 HTTP 504, 1 client timeout)");
    expect(report).toContain("- HTTP 503 is the API's SEARCH_UNAVAILABLE");
  });

  it("passes the hit check when both backends agree", () => {
    const agreeing = formatBackendsReport([pairs[0] as BackendPair], meta);
    expect(agreeing).toContain("- ✓ both backends find the same number of hits for each of the 1 queries");
    expect(agreeing).toContain("- ✓ no errors at 20 clients: 0");
    expect(agreeing).not.toContain("SEARCH_UNAVAILABLE");
  });
});

describe("backendsFigures", () => {
  it("records p50, p95 and req/s of each backend for every call but the controls, CPU and errors for the no-cache mix", () => {
    const figures = backendsFigures(pairs);
    expect(figures).toHaveLength(4 * 6 + 4);
    expect(figures.slice(0, 6)).toEqual([
      { figure: "no filter (no-cache): embedded p50", value: 40, unit: "ms" },
      { figure: "no filter (no-cache): embedded p95", value: 80, unit: "ms" },
      { figure: "no filter (no-cache): embedded req/s", value: 100, unit: "req/s" },
      { figure: "no filter (no-cache): cluster p50", value: 80, unit: "ms" },
      { figure: "no filter (no-cache): cluster p95", value: 160, unit: "ms" },
      { figure: "no filter (no-cache): cluster req/s", value: 50, unit: "req/s" },
    ]);
    expect(figures.some((f) => f.figure.startsWith("static asset"))).toBe(false);
    expect(figures.filter((f) => f.figure.startsWith("mix of all 2, round robin (no-cache)")).slice(6)).toEqual([
      { figure: "mix of all 2, round robin (no-cache): embedded CPU per request", value: 1.5, unit: "ms" },
      { figure: "mix of all 2, round robin (no-cache): embedded errors", value: 0, unit: "calls" },
      { figure: "mix of all 2, round robin (no-cache): cluster CPU per request", value: 1.5, unit: "ms" },
      { figure: "mix of all 2, round robin (no-cache): cluster errors", value: 4, unit: "calls" },
    ]);
  });
});
