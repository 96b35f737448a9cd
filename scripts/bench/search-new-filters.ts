/**
 * bench:search --new-filters (issue 46 point 5): the filters issue 46 added (exclusion, growth, Gasellföretag, company
 * age) put on searches of the fixed mix, each timed beside the same search without them in one run, and the budgets:
 * the embedded p95 at most 10 % and the uncached cluster's p95 at most 25 % above the search without the new filter,
 * and the cluster's p95 at most 150 ms. Comparator rows put an existing filter of about the same breadth on the same
 * search, so that a new filter's cost can be told from the cost of any first filter on a search that had none.
 */
import type { BenchFigure } from "./record";
import type { BenchQuery } from "./search-queries";
import { numberTable } from "./search-report";
import {
  type BenchEngine,
  emptyTimings,
  ENGINE_LABELS,
  type EngineName,
  percentile,
  type PreparedQuery,
  referenceEngine,
  type Timing,
  type Timings,
  timed,
  warmUp,
} from "./search-run";

/**
 * A query of the mix with a new filter added; `base` names the query of BENCH_QUERIES it extends. A comparator adds an
 * existing filter instead: timed and shown like the others, left out of the budgets.
 */
export interface NewFilterQuery extends BenchQuery {
  base: string;
  comparator?: true;
}

export const NEW_FILTER_QUERIES: NewFilterQuery[] = [
  {
    name: "no filter, except SNI G (exclusion)",
    base: "no filter",
    broad: true,
    search: { excludeCodeSet: { sni: ["G"] } },
  },
  {
    name: "no filter + Exkludera lagerbolag (comparator: an existing filter)",
    base: "no filter",
    broad: true,
    search: { bool: { shelfCompany: false } },
    comparator: true,
  },
  {
    name: "no filter + F-skatt (comparator: an existing filter)",
    base: "no filter",
    broad: true,
    search: { bool: { fTax: true } },
    comparator: true,
  },
  {
    name: "no filter + Gasellföretag",
    base: "no filter",
    broad: false,
    search: { bool: { gasell: true } },
  },
  {
    name: "no filter + company age at most 2 years",
    base: "no filter",
    broad: true,
    search: { range: { companyAge: "_2" } },
  },
  {
    name: "one county (Stockholm) except Solna (exclusion)",
    base: "one county (Stockholm)",
    broad: true,
    search: { codeSet: { location: ["01"] }, excludeCodeSet: { location: ["0184"] } },
  },
  {
    name: "SNI F + county 12 + turnover 1–50 M, except SNI 43",
    base: "SNI F + county 12 + turnover 1–50 M",
    broad: false,
    search: {
      codeSet: { sni: ["F"], location: ["12"] },
      excludeCodeSet: { sni: ["43"] },
      range: { turnover: "1000000_50000000" },
    },
  },
  {
    name: "AB + 10–49 employees + F-tax + turnover change from 20 %",
    base: "AB + 10–49 employees + F-tax",
    broad: true,
    search: { codeSet: { companyForm: ["49"] }, range: { numEmployees: "10_49", turnoverChange: "20_" }, bool: { fTax: true } },
  },
  {
    name: "AB + 10–49 employees + F-tax + employee change from 1",
    base: "AB + 10–49 employees + F-tax",
    broad: true,
    search: { codeSet: { companyForm: ["49"] }, range: { numEmployees: "10_49", employeeChange: "1_" }, bool: { fTax: true } },
  },
  {
    name: "deep page (offset 980), county 14 + company age 5–20 years",
    base: "deep page (offset 980), county 14",
    broad: true,
    search: { codeSet: { location: ["14"] }, range: { companyAge: "5_20" } },
    page: 49,
  },
  {
    name: "worksites: no filter, except county 01 (exclusion)",
    base: "worksites: no filter",
    broad: true,
    search: { resultType: "WORKSITE", excludeCodeSet: { location: ["01"] } },
  },
  {
    name: "worksites: no filter + F-skatt (comparator: an existing filter)",
    base: "worksites: no filter",
    broad: true,
    search: { resultType: "WORKSITE", bool: { fTax: true } },
    comparator: true,
  },
];

/** Issue 46 point 5's budgets, on p95: the search with a new filter against the same search without it. */
export const NEW_FILTER_BUDGETS: { engine: EngineName; budget: number; ceilingMs?: number }[] = [
  { engine: "embedded", budget: 1.1 },
  { engine: "cluster1", budget: 1.25, ceilingMs: 150 },
];

/** A search with a new filter and the same search without it, timed in turns on each engine. */
export interface PairResult {
  query: NewFilterQuery;
  /** The embedded engine's hit counts, with and without the new filter. */
  hits: number;
  baseHits: number;
  with: Timings;
  without: Timings;
  /** Engines whose hit count (with the new filter) differs from the embedded engine's. */
  mismatches: Partial<Record<EngineName, number>>;
  errors: Partial<Record<EngineName, number>>;
}

const p95 = (t: Timing | undefined) => percentile(t?.wall ?? [], 0.95);
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/**
 * Each pair on each engine (the embedded backend first: its counts are the reference), the two searches alternating
 * run by run and the engines' order reversed every other round, so neither side always finds the caches warm.
 */
export async function runNewFilterPairs(
  engines: BenchEngine[],
  prepare: (query: BenchQuery) => PreparedQuery,
  base: (name: string) => BenchQuery,
): Promise<PairResult[]> {
  const embedded = referenceEngine(engines);
  const results: PairResult[] = [];
  for (const query of NEW_FILTER_QUERIES) {
    const withFilter = prepare(query);
    const without = prepare(base(query.base));
    const result: PairResult = {
      query,
      hits: await embedded.search(withFilter),
      baseHits: await embedded.search(without),
      with: emptyTimings(engines),
      without: emptyTimings(engines),
      mismatches: {},
      errors: {},
    };
    for (const engine of engines.slice(1)) {
      const hits = await warmUp(engine, () => engine.search(withFilter));
      await warmUp(engine, () => engine.search(without));
      if (hits === result.hits) continue;
      process.stderr.write(`  ✗ ${query.name}: embedded found ${result.hits}, ${ENGINE_LABELS[engine.name]} ${hits}\n`);
      result.mismatches[engine.name] = hits;
    }
    const most = Math.max(...engines.map((e) => e.runs));
    for (let r = 0; r < most; r++) {
      const order = r % 2 === 0 ? engines : [...engines].reverse();
      for (const engine of order) {
        if (r >= engine.runs) continue;
        const sides = [
          { prepared: withFilter, into: result.with },
          { prepared: without, into: result.without },
        ];
        for (const { prepared, into } of r % 2 === 0 ? sides : sides.reverse())
          await timed(engine, () => engine.search(prepared), into[engine.name] as Timing, result.errors);
      }
    }
    process.stderr.write(`  ${query.name}: ${result.hits} hits (${result.baseHits} without)\n`);
    results.push(result);
  }
  return results;
}

/**
 * The table (p95 without and with the new filter, the ratio, per engine) and one verdict line per budget, over the
 * new filters (the comparators are in the table only).
 */
export function newFilterBudgetLines(results: PairResult[], engines: readonly EngineName[]): string[] {
  const budgets = NEW_FILTER_BUDGETS.filter(({ engine }) => engines.includes(engine));
  if (results.length === 0 || budgets.length === 0) return [];
  const head = [
    "search with a new filter",
    "hits",
    "hits without",
    ...budgets.flatMap(({ engine }) => [`${ENGINE_LABELS[engine]} p95 without ms`, `${ENGINE_LABELS[engine]} p95 with ms`, "ratio"]),
  ];
  const rows = results.map((r) => {
    const cells = budgets.flatMap(({ engine }) => {
      const mark = r.mismatches[engine] === undefined ? "" : " ≠";
      const failed = r.errors[engine] ? ` (${r.errors[engine]} failed)` : "";
      return [
        ms(p95(r.without[engine])),
        ms(p95(r.with[engine])) + mark + failed,
        `${(p95(r.with[engine]) / p95(r.without[engine])).toFixed(2)}×`,
      ];
    });
    return `| ${[r.query.name, r.hits.toLocaleString("sv-SE"), r.baseHits.toLocaleString("sv-SE"), ...cells].join(" | ")} |`;
  });
  const judged = results.filter((r) => !r.query.comparator);
  const verdicts = (judged.length === 0 ? [] : budgets).map(({ engine, budget, ceilingMs }) => {
    const ratios = judged.map((r) => ({ r, x: p95(r.with[engine]) / p95(r.without[engine]), value: p95(r.with[engine]) }));
    const missed = ratios.filter(({ x, value }) => !(x <= budget) || (ceilingMs !== undefined && !(value <= ceilingMs)));
    const worst = ratios.reduce((a, b) => (b.x > a.x ? b : a));
    const slowest = ratios.reduce((a, b) => (b.value > a.value ? b : a));
    const ceiling = ceilingMs === undefined ? "" : ` and at most ${ceilingMs} ms`;
    const verdict = missed.length === 0 ? "met ✓" : `not met ✗ (${missed.map(({ r }) => `'${r.query.name}'`).join(", ")})`;
    return `Budget (issue 46 point 5): ${ENGINE_LABELS[engine]} p95 with a new filter at most ${Math.round((budget - 1) * 100)} % above the same search without it${ceiling}: ${verdict}; the highest ratio '${worst.r.query.name}' ${worst.x.toFixed(2)}×, the slowest '${slowest.r.query.name}' ${ms(slowest.value)} ms.`;
  });
  const mismatches = results.flatMap((r) =>
    Object.entries(r.mismatches).map(
      ([name, hits]) =>
        `- ✗ '${r.query.name}': ${ENGINE_LABELS[name as EngineName]} found ${hits.toLocaleString("sv-SE")}, the embedded index ${r.hits.toLocaleString("sv-SE")}.`,
    ),
  );
  const comparators = results.some((r) => r.query.comparator)
    ? " Comparator rows put an existing filter of about the same breadth on the search instead, to tell a new filter's cost from any first filter's; the budgets leave them out."
    : "";
  return [
    `The filters of issue 46 (exclusion, growth, Gasellföretag, company age) on searches of the mix, each timed in turns with the same search without the new filter, in this run (p95):${comparators}`,
    "",
    ...numberTable(head, rows),
    "",
    ...(mismatches.length > 0 ? ["Hit counts that differ from the embedded index's (≠ in the table):", "", ...mismatches, ""] : []),
    ...verdicts.flatMap((line) => [line, ""]),
  ];
}

/** The figures for docs/benchmarks/runs.jsonl: each pair's p95 with and without, per engine. */
export function newFilterFigures(results: PairResult[], engines: readonly EngineName[]): BenchFigure[] {
  const budgets = NEW_FILTER_BUDGETS.filter(({ engine }) => engines.includes(engine));
  return results.flatMap((r) =>
    budgets.flatMap(({ engine }) => [
      { figure: `${r.query.name}: ${ENGINE_LABELS[engine]} p95`, value: Number(ms(p95(r.with[engine]))), unit: "ms" },
      {
        figure: `${r.query.name}: ${ENGINE_LABELS[engine]} p95 without the new filter`,
        value: Number(ms(p95(r.without[engine]))),
        unit: "ms",
      },
    ]),
  );
}
