import { describe, expect, it } from "vitest";
import { parseSearch, visiblePage } from "#search-index/engine";
import { NEW_FILTER_QUERIES, newFilterBudgetLines, newFilterFigures, type PairResult, runNewFilterPairs } from "./search-new-filters";
import { BENCH_QUERIES } from "./search-queries";
import type { BenchEngine, Timing } from "./search-run";

const timing = (...wall: number[]): Timing => ({ wall, cpu: wall });
const [first, second] = NEW_FILTER_QUERIES.filter((query) => !query.comparator);

const pair = (query: PairResult["query"], without: PairResult["without"], within: PairResult["with"]): PairResult => ({
  query,
  hits: 10,
  baseHits: 20,
  without,
  with: within,
  mismatches: {},
  errors: {},
});

describe("the new-filter searches", () => {
  it("each extends a search of the mix and is a valid search that adds to it", () => {
    const names = new Set(BENCH_QUERIES.map((query) => query.name));
    for (const query of NEW_FILTER_QUERIES) {
      expect(names.has(query.base), query.name).toBe(true);
      const base = BENCH_QUERIES.find((b) => b.name === query.base);
      expect(JSON.stringify(parseSearch(query.search)), query.name).not.toBe(JSON.stringify(parseSearch(base?.search ?? {})));
      expect(query.page ?? 0, query.name).toBe(base?.page ?? 0);
    }
  });

  it("has a comparator, an existing filter only, on every unfiltered search that a new filter extends", () => {
    const comparators = NEW_FILTER_QUERIES.filter((query) => query.comparator);
    for (const query of comparators) {
      const { excludeCodeSet, range, bool } = query.search;
      expect(Object.keys(excludeCodeSet ?? {}), query.name).toEqual([]);
      expect(Object.keys(range ?? {}), query.name).toEqual([]);
      expect(bool?.gasell, query.name).toBeUndefined();
      expect(Object.keys(bool ?? {}).length, query.name).toBeGreaterThan(0);
    }
    const unfiltered = BENCH_QUERIES.filter(
      (query) => JSON.stringify(parseSearch(query.search)) === JSON.stringify(parseSearch({ resultType: query.search.resultType })),
    );
    for (const base of unfiltered.filter((b) => NEW_FILTER_QUERIES.some((query) => !query.comparator && query.base === b.name)))
      expect(
        comparators.some((query) => query.base === base.name),
        base.name,
      ).toBe(true);
  });

  it("covers exclusion, growth, Gasellföretag and company age", () => {
    const searches = NEW_FILTER_QUERIES.map((query) => query.search);
    expect(searches.some((s) => Object.keys(s.excludeCodeSet ?? {}).length > 0)).toBe(true);
    expect(searches.some((s) => s.range?.turnoverChange !== undefined)).toBe(true);
    expect(searches.some((s) => s.range?.employeeChange !== undefined)).toBe(true);
    expect(searches.some((s) => s.bool?.gasell === true)).toBe(true);
    expect(searches.some((s) => s.range?.companyAge !== undefined)).toBe(true);
  });
});

describe("runNewFilterPairs", () => {
  it("times both sides on every engine in turns and reports a cluster whose count differs", async () => {
    const calls: string[] = [];
    const engine = (name: BenchEngine["name"], offset: number): BenchEngine => ({
      name,
      runs: 3,
      strict: false,
      search: ({ search }) => {
        const side = JSON.stringify(search);
        calls.push(`${name}:${side.length}`);
        return side.length + offset;
      },
      suggest: () => [],
    });
    const results = await runNewFilterPairs(
      [engine("embedded", 0), engine("cluster1", 1)],
      (query) => ({ search: parseSearch(query.search), page: visiblePage(0), listFile: null }),
      (name) => BENCH_QUERIES.find((query) => query.name === name) ?? BENCH_QUERIES[0]!,
    );
    expect(results).toHaveLength(NEW_FILTER_QUERIES.length);
    for (const r of results) {
      expect(r.with.embedded?.wall).toHaveLength(3);
      expect(r.without.embedded?.wall).toHaveLength(3);
      expect(r.with.cluster1?.wall).toHaveLength(3);
      expect(r.without.cluster1?.wall).toHaveLength(3);
      expect(r.mismatches.cluster1).toBe(r.hits + 1);
    }
  });
});

describe("newFilterBudgetLines", () => {
  it("compares p95 with and without per engine and names the searches over budget or over the cluster's ceiling", () => {
    const lines = newFilterBudgetLines(
      [
        pair(
          first!,
          { embedded: timing(10, 10, 10), cluster1: timing(40, 40, 40) },
          { embedded: timing(10, 10, 10.5), cluster1: timing(40, 40, 45) },
        ),
        pair(
          second!,
          { embedded: timing(20, 20, 20), cluster1: timing(140, 140, 140) },
          { embedded: timing(20, 20, 30), cluster1: timing(150, 151, 160) },
        ),
      ],
      ["embedded", "cluster1"],
    );
    const text = lines.join("\n");
    expect(text).toContain(`| ${first!.name} | 10 | 20 | 10.0 | 10.5 | 1.05× | 40.0 | 45.0 | 1.13× |`);
    expect(text).toContain(
      `embedded p95 with a new filter at most 10 % above the same search without it: not met ✗ ('${second!.name}'); the highest ratio '${second!.name}' 1.50×`,
    );
    expect(text).toContain(
      `cluster 1 node p95 with a new filter at most 25 % above the same search without it and at most 150 ms: not met ✗ ('${second!.name}')`,
    );
  });

  it("shows a comparator's row and leaves it out of the budgets", () => {
    const comparator = NEW_FILTER_QUERIES.find((query) => query.comparator)!;
    const lines = newFilterBudgetLines(
      [
        pair(first!, { embedded: timing(10, 10, 10) }, { embedded: timing(10, 10, 10.5) }),
        pair(comparator, { embedded: timing(10, 10, 10) }, { embedded: timing(10, 10, 30) }),
      ],
      ["embedded"],
    );
    const text = lines.join("\n");
    expect(text).toContain(`| ${comparator.name} | 10 | 20 | 10.0 | 30.0 | 3.00× |`);
    expect(text).toContain("Comparator rows put an existing filter of about the same breadth on the search instead");
    expect(text).toContain(`above the same search without it: met ✓; the highest ratio '${first!.name}' 1.05×`);
    expect(
      newFilterBudgetLines([pair(comparator, { embedded: timing(10) }, { embedded: timing(30) })], ["embedded"]).join("\n"),
    ).not.toContain("Budget");
  });

  it("says met when every search is within its budget, and has figures for both sides", () => {
    const results = [pair(first!, { embedded: timing(10, 10, 10) }, { embedded: timing(10, 10, 10.9) })];
    expect(newFilterBudgetLines(results, ["embedded"]).join("\n")).toContain("above the same search without it: met ✓");
    expect(newFilterFigures(results, ["embedded"])).toEqual([
      { figure: `${first!.name}: embedded p95`, value: 10.9, unit: "ms" },
      { figure: `${first!.name}: embedded p95 without the new filter`, value: 10, unit: "ms" },
    ]);
    expect(newFilterBudgetLines([], ["embedded"])).toEqual([]);
  });
});
