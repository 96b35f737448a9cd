/**
 * Where the end-to-end stacks run: their own ports and their own persisted state (never a developer's .wrangler/state).
 * The suite runs on E2E_WORKERS Playwright workers, each against a stack of its own (port E2E_PORT + i, state
 * E2E_STATE_DIR, then E2E_STATE_DIR-i): the test-state helper of a worker writes the D1 file of its own stack only, so
 * no stack's write ever meets another process's lock on its database ("database is locked" is no answer a test
 * should see). This module is evaluated in each worker, where TEST_PARALLEL_INDEX says which stack is its own.
 * E2E_SEARCH_BACKEND=cluster runs the same specs on one stack whose search backend is a real OpenSearch node on
 * loopback (`npm run test:e2e:cluster`): its own port, state and node, so both suites can run side by side.
 */
import { existsSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const E2E_SEARCH_BACKEND: "embedded" | "cluster" = process.env.E2E_SEARCH_BACKEND === "cluster" ? "cluster" : "embedded";
const onCluster = E2E_SEARCH_BACKEND === "cluster";
const reused = process.env.E2E_REUSE_SERVER === "1";
/** One stack on the cluster backend (one node, one index) and for a stack of an engineer's own; two otherwise. */
export const E2E_WORKERS = onCluster || reused ? 1 : Number(process.env.E2E_WORKERS ?? 2);
const FIRST_PORT = Number(process.env.E2E_PORT ?? (onCluster ? 8798 : 8799));
// E2E_STATE_DIR lets an engineer point the suite at a stack of their own (with E2E_PORT and E2E_REUSE_SERVER=1).
const FIRST_STATE_DIR = path.resolve(
  ROOT,
  process.env.E2E_STATE_DIR ?? (onCluster ? ".wrangler/e2e-cluster-state" : ".wrangler/e2e-state"),
);

/** Stack i's port, state directory and address. */
export function e2eStack(i: number) {
  const port = FIRST_PORT + i;
  return { port, stateDir: i === 0 ? FIRST_STATE_DIR : `${FIRST_STATE_DIR}-${i}`, url: `http://127.0.0.1:${port}` };
}

const own = e2eStack(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % E2E_WORKERS);
/** This worker's stack. */
export const E2E_PORT = own.port;
export const E2E_STATE_DIR = own.stateDir;
export const BASE_URL = own.url;
/** The cluster stack's OpenSearch node (started and stopped by its `npm start`). */
export const E2E_CLUSTER_URL = `http://127.0.0.1:${Number(process.env.E2E_CLUSTER_PORT ?? 9430)}`;
export const ARTIFACTS_DIR = path.join(ROOT, "tests/e2e/artifacts", onCluster ? "cluster" : "");

/**
 * The browser: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell), else Debian's Chromium.
 * The headless shell is Chromium without the browser's user interface, as Playwright's own headless mode uses: on the
 * same 18 tests it spent 31.7 s of CPU where the full browser in its headless mode spent 77.7 s (decision 0067).
 */
export const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");
