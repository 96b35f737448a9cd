// The repository's module boundaries as rules on the resolved import graph (type-only imports count).
// check.ts applies them in `npm run lint`; docs/ARCHITECTURE.md draws the parts.
import { findCycles, levelsClimbed, partOf, type ImportEdge, type ImportGraph } from "./import-graph";

/** The modules a part may import from another part: a list of allowed files, or "any". */
type Reach = "any" | readonly string[];

const SEARCH_READ = "search-index/index.ts";
const SEARCH_ENGINE = "search-index/engine.ts";
const SEARCH_INDEXING = "search-index/indexing/index.ts";
const API_TOOLING = "workers/api/src/tooling.ts";
const EXPORT_TOOLING = "workers/export/src/tooling.ts";

/** Which parts each part may import, and through which entries. A part always reaches itself. */
const ALLOWED: Record<string, Record<string, Reach>> = {
  "workers/shared": {},
  "search-index": { "workers/shared": "any" },
  "workers/api": { "workers/shared": "any", "search-index": [SEARCH_READ] },
  "workers/export": { "workers/shared": "any", "search-index": [SEARCH_READ] },
  app: { "workers/shared": "any" },
  scripts: {
    "workers/shared": "any",
    "search-index": [SEARCH_READ, SEARCH_ENGINE, SEARCH_INDEXING],
    "workers/api": [API_TOOLING],
    "workers/export": [EXPORT_TOOLING],
  },
  tests: {
    "workers/shared": "any",
    "search-index": [SEARCH_READ, SEARCH_ENGINE, SEARCH_INDEXING],
    "workers/api": "any",
    "workers/export": "any",
    app: "any",
    scripts: "any",
  },
  root: { app: "any", "workers/shared": "any" },
};

/** The contract suite holds every backend to one behaviour and may reach into search-index. */
const REACHES_FURTHER = (file: string) => file.startsWith("tests/contract/");

/** Test support: factories, the worker harness, fakes, sample records and the stack client (issue 36). */
const TEST_SUPPORT = "tests/support/";
/**
 * Who may import test support from outside tests/: a test file beside the code it tests, a benchmark, which drives
 * a stack or a writer the way a test does, and the stack-parity check, which signs in to two running stacks and asks
 * each what a test would. Product code and every other script never do.
 */
export const MAY_USE_TEST_SUPPORT = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.startsWith("scripts/bench/") ||
  /^scripts\/[^/]+\/bench-[^/]+\.ts$/.test(file) ||
  file === "scripts/stack-parity.ts";

export function problemOf(edge: ImportEdge): string | null {
  const [from, to] = [partOf(edge.from), partOf(edge.to)];
  if (levelsClimbed(edge.specifier) > 2) return `climbs more than two levels ("${edge.specifier}"): use the part's # alias`;
  if (from === to) {
    const readPath = from === "search-index" && !edge.from.startsWith("search-index/indexing/");
    if (readPath && edge.to.startsWith("search-index/indexing/")) return "the read path of search-index imports its indexing path";
    return null;
  }
  if (!edge.specifier.startsWith("#")) return `crosses from ${from} to ${to} by a relative path ("${edge.specifier}"): use the # alias`;
  if (to === "tests") {
    if (!edge.to.startsWith(TEST_SUPPORT)) return `${from} may not import tests (only test files and benchmarks reach ${TEST_SUPPORT})`;
    return MAY_USE_TEST_SUPPORT(edge.from) ? null : `${from} may not import test support (only its test files and benchmarks do)`;
  }
  const reach = ALLOWED[from]?.[to];
  if (reach === "any") return null;
  if (to === "search-index" && REACHES_FURTHER(edge.from)) return null;
  if (reach?.includes(edge.to)) return null;
  if (!reach) return `${from} may not import ${to}`;
  return `${from} reaches ${to} only through ${reach.join(" or ")}`;
}

/** Every broken rule of the graph, one line each: boundaries first, then cycles. */
export function boundaryProblems(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const edge of graph.edges) {
    const problem = problemOf(edge);
    if (problem) problems.push(`${edge.from} → ${edge.to}: ${problem}`);
  }
  for (const cycle of findCycles(graph)) problems.push(`import cycle: ${cycle.join(" → ")}`);
  return problems;
}
