import { describe, expect, it } from "vitest";
import { boundaryProblems } from "./boundaries";
import type { ImportEdge } from "./import-graph";

const edge = (from: string, to: string, specifier: string, typeOnly = false): ImportEdge => ({ from, to, specifier, typeOnly });
const problemsOf = (...edges: ImportEdge[]) => {
  const files = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
  return boundaryProblems({ root: "/repo", files, edges });
};

describe("module boundaries", () => {
  it("lets each part use what it may, through its entries", () => {
    expect(
      problemsOf(
        edge("workers/api/src/routes/search.ts", "search-index/index.ts", "#search-index"),
        edge("workers/api/src/routes/search.ts", "workers/shared/errors.ts", "#shared/errors"),
        edge("scripts/reindex/cli.ts", "search-index/indexing/index.ts", "#search-index/indexing"),
        edge("scripts/accounts/cli.ts", "workers/api/src/tooling.ts", "#api/tooling"),
        edge("tests/contract/x.test.ts", "search-index/embedded/scan.ts", "#search-index/embedded/scan"),
        edge("search-index/indexing/change-set.ts", "search-index/embedded/ranks.ts", "../embedded/ranks"),
      ),
    ).toEqual([]);
  });

  it("refuses internals, forbidden parts, relative crossings and deep climbs", () => {
    const problems = problemsOf(
      edge("workers/api/src/a.ts", "search-index/embedded/scan.ts", "#search-index/embedded/scan"),
      edge("scripts/bench/x.ts", "workers/export/src/xlsx/cells.ts", "#export/xlsx/cells"),
      edge("scripts/bench/y.ts", "tests/integration/harness.ts", "#tests/integration/harness"),
      edge("workers/shared/a.ts", "search-index/index.ts", "#search-index"),
      edge("app/routes/a.tsx", "workers/shared/errors.ts", "../../workers/shared/errors"),
      edge("search-index/embedded/scan.ts", "search-index/indexing/embedded/index-build.ts", "../indexing/embedded/index-build"),
      edge("tests/e2e/a/b/c.ts", "tests/e2e/d.ts", "../../../d"),
    );
    expect(problems).toEqual([
      expect.stringContaining("workers/api reaches search-index only through search-index/index.ts"),
      expect.stringContaining("scripts reaches workers/export only through workers/export/src/tooling.ts"),
      expect.stringContaining("scripts may not import tests"),
      expect.stringContaining("workers/shared may not import search-index"),
      expect.stringContaining("crosses from app to workers/shared by a relative path"),
      expect.stringContaining("the read path of search-index imports its indexing path"),
      expect.stringContaining("climbs more than two levels"),
    ]);
  });

  it("keeps test support to test files, benchmarks and the stack-parity check", () => {
    const problems = problemsOf(
      edge("workers/export/src/xlsx/a.test.ts", "tests/support/xlsx/sample-records.ts", "#tests/support/xlsx/sample-records"),
      edge("scripts/bench/api.ts", "tests/support/stack-client.ts", "#tests/support/stack-client"),
      edge("scripts/accounts/bench-sign-in.ts", "tests/support/worker-harness.ts", "#tests/support/worker-harness"),
      edge("scripts/stack-parity.ts", "tests/support/stack-client.ts", "#tests/support/stack-client"),
      edge("workers/export/src/xlsx/a.ts", "tests/support/xlsx/sample-records.ts", "#tests/support/xlsx/sample-records"),
      edge("scripts/reindex/cli.ts", "tests/support/factories.ts", "#tests/support/factories"),
      edge("app/routes/a.tsx", "tests/support/factories.ts", "#tests/support/factories"),
    );
    expect(problems).toEqual([
      expect.stringContaining("workers/export may not import test support"),
      expect.stringContaining("scripts may not import test support"),
      expect.stringContaining("app may not import test support"),
    ]);
  });

  it("counts a cycle closed by a type-only import", () => {
    const problems = problemsOf(
      edge("search-index/indexing/a.ts", "search-index/indexing/b.ts", "./b"),
      edge("search-index/indexing/b.ts", "search-index/indexing/a.ts", "./a", true),
    );
    expect(problems).toEqual(["import cycle: search-index/indexing/a.ts → search-index/indexing/b.ts"]);
  });
});
