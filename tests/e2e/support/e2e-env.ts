/**
 * Where the end-to-end stack runs: its own port and its own persisted state (never a developer's .wrangler/state).
 * E2E_SEARCH_BACKEND=cluster runs the same specs on a stack whose search backend is a real OpenSearch node on loopback
 * (`npm run test:e2e:cluster`): its own port, state and node, so both stacks can run side by side.
 */
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const E2E_SEARCH_BACKEND: "embedded" | "cluster" = process.env.E2E_SEARCH_BACKEND === "cluster" ? "cluster" : "embedded";
const onCluster = E2E_SEARCH_BACKEND === "cluster";
export const E2E_PORT = Number(process.env.E2E_PORT ?? (onCluster ? 8798 : 8799));
// E2E_STATE_DIR lets an engineer point the suite at a stack of their own (with E2E_PORT and E2E_REUSE_SERVER=1).
export const E2E_STATE_DIR = path.resolve(
  ROOT,
  process.env.E2E_STATE_DIR ?? (onCluster ? ".wrangler/e2e-cluster-state" : ".wrangler/e2e-state"),
);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The cluster stack's OpenSearch node (started and stopped by its `npm start`). */
export const E2E_CLUSTER_URL = `http://127.0.0.1:${Number(process.env.E2E_CLUSTER_PORT ?? 9430)}`;
export const ARTIFACTS_DIR = path.join(ROOT, "tests/e2e/artifacts", onCluster ? "cluster" : "");
