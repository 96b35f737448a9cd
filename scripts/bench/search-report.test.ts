import { describe, expect, it } from "vitest";
import type { BenchQuery } from "./search-queries";
import { engineGoalLines, queryHeader, queryRows, ratio, searchFigures } from "./search-report";
import type { QueryResult, Timing } from "./search-run";

const timing = (...wall: number[]): Timing => ({ wall, cpu: wall });
const query = (name: string, broad = false): BenchQuery => ({ name, broad, search: {} });
const result = (
  name: string,
  timings: QueryResult["timings"],
  mismatches: QueryResult["mismatches"] = {},
  errors: QueryResult["errors"] = {},
): QueryResult => ({
  query: query(name),
  hitCount: 1234,
  timings,
  mismatches,
  errors,
});

const stats = {
  companies: 10,
  worksites: 11,
  dataset: "synthetic, seed 7",
  buildSeconds: 1.23,
  indexMb: 4.4,
  wordsMb: { name: 1, address: 1, people: 1 },
  sqliteLoadSeconds: null,
  duckdbLoadSeconds: null,
  duckdbMb: 12.3,
};

describe("engineGoalLines", () => {
  const results = [
    result("fast", { embedded: timing(10, 10, 10), duckdb: timing(30, 30, 30), cluster1: timing(20, 40, 60) }),
    result("close", { embedded: timing(10, 10, 10), duckdb: timing(12, 12, 12), cluster1: timing(50, 90, 150) }),
  ];

  it("says met or not met per engine, with the closest ratio and the slowest p95", () => {
    expect(engineGoalLines(results, ["embedded", "duckdb", "cluster1"])).toEqual([
      "Goal: the embedded index at least 1.5× faster at p50 than DuckDB on every query: not met ✗ (1 of 2 queries); the closest: 'close' at 1.2×.",
      "Goal: the embedded index at least 1.5× faster at p50 than cluster 1 node on every query: met ✓; the closest: 'fast' at 4.0×.",
      "Goal: cluster 1 node p95 under 100 ms on every query: not met ✗ (1 of 2 queries); the slowest: 'close' at 150 ms.",
    ]);
  });

  it("counts a query with failed runs as missed, whatever its p95", () => {
    const failing = [result("failing", { embedded: timing(10), cluster3: timing(20, 20, 30) }, {}, { cluster3: 1 })];
    expect(engineGoalLines(failing, ["embedded", "cluster3"])[1]).toBe(
      "Goal: cluster 3 nodes p95 under 100 ms on every query: not met ✗ (1 of 1 queries); the slowest: 'failing' at 30.0 ms; 1 timed searches failed.",
    );
  });

  it("has no lines for the embedded index and SQLite alone", () => {
    expect(engineGoalLines(results, ["embedded", "sqlite"])).toEqual([]);
  });

  it("counts a missing measurement as missed, not met", () => {
    const missing = [result("gone", { embedded: timing(1), cluster3: timing() })];
    expect(engineGoalLines(missing, ["embedded", "cluster3"])[1]).toContain("not met ✗ (1 of 1 queries)");
  });
});

describe("the query table", () => {
  it("has p50, p95 and a ratio column per engine beside the embedded index, and marks a differing hit count", () => {
    const engines = ["embedded", "sqlite", "cluster3"] as const;
    expect(queryHeader(engines)[0]).toBe(
      "| query | hits | embedded p50 ms | embedded p95 ms | embedded CPU p50 ms | SQLite p50 ms | SQLite p95 ms | SQLite ÷ embedded (p50) | cluster 3 nodes p50 ms | cluster 3 nodes p95 ms | cluster 3 nodes ÷ embedded (p50) |",
    );
    const rows = queryRows(
      [result("q", { embedded: timing(2, 2), sqlite: timing(500, 500), cluster3: timing(3, 3, 250) }, { cluster3: 1233 })],
      engines,
    );
    expect(rows).toEqual([`| q | ${(1234).toLocaleString("sv-SE")} | 2.0 | 2.0 | 2.0 | 500 | 500 | 250× | 3.0 ≠ | 250 | 1.5× |`]);
  });

  it("shows ratios under 10 with one decimal", () => {
    expect([ratio(1.449), ratio(9.96), ratio(133.4)]).toEqual(["1.4×", "10.0×", "133×"]);
  });
});

describe("searchFigures", () => {
  const results = [result("q", { embedded: timing(2), sqlite: timing(50), duckdb: timing(8), cluster1: timing(9) })];

  it("keeps the old figures while only the embedded index and SQLite run", () => {
    const names = searchFigures(results, [], stats, ["embedded", "sqlite"]).map((f) => f.figure);
    expect(names).toEqual([
      "q: embedded p50",
      "free-text word index: address and people words",
      "embedded index: build time",
      "embedded index: typed arrays",
    ]);
  });

  it("records every engine's p50 and the cluster's p95 otherwise", () => {
    const names = searchFigures(results, [], stats, ["embedded", "duckdb", "cluster1"]).map((f) => f.figure);
    expect(names).toEqual([
      "q: embedded p50",
      "q: DuckDB p50",
      "q: cluster 1 node p50",
      "q: cluster 1 node p95",
      "embedded index: build time",
      "embedded index: typed arrays",
      "DuckDB file",
    ]);
  });
});
