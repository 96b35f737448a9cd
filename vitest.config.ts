import { defineConfig } from "vitest/config";

/** The 100 000-row export equality of both backends: about four minutes of one core. */
const LONG_CONTRACT_FILES = ["tests/contract/es-export-equality.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{app,workers,search-index,scripts}/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", "**/.wrangler/**"],
          environment: "node",
          // Two cores: two files at a time.
          maxWorkers: 2,
          // Unit tests assert results, not speed (benchmarks measure that): vitest's default 5 s per test failed a
          // bitset property test and the benchmark summary's render under npm test's load on a machine that ran the
          // same code at half the speed of the one before (bench:fuzzy, 2026-11-29). A test that needs longer says so.
          testTimeout: 30_000,
          // And setup hooks alike: the DuckDB bench test's beforeAll (2 000 generated companies loaded) went past the
          // default 10 s in a fresh-clone run on that machine (session 24).
          hookTimeout: 60_000,
          // The unit files share each worker's module cache instead of importing their graphs afresh: import time
          // 80 -> 15 s and the stage 168 -> 107 s (decision 0037, session 21). Spies, stubbed globals and environment
          // variables are put back after every test, so no file sees another's.
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/resilience/**/*.test.ts"],
          environment: "node",
          // The three workers bundled once for the run instead of once per file (decision 0037, session 27).
          globalSetup: ["tests/integration/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Each file starts its own local Workers runtime; two cores run two at a time comfortably.
          maxWorkers: 2,
          // Each file still starts its own runtime, but wrangler and the test support are imported once per worker:
          // the project's import time 47 -> 24 s (the latter on a loaded machine; decision 0037, session 21).
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          // The long files run in `npm run test:full` (tests/run.ts sets URVAL_TEST_FULL=1), or with URVAL_TEST_FULL=1.
          exclude: process.env.URVAL_TEST_FULL === "1" ? [] : LONG_CONTRACT_FILES,
          environment: "node",
          // A real OpenSearch node for the Elasticsearch backend (tests/cluster), started once per run. Two files at a
          // time (each under index prefixes of its own): 183 s instead of 277-311 s for the project on two cores.
          globalSetup: ["tests/cluster/global-setup.ts"],
          maxWorkers: 2,
          testTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
