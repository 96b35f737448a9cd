/** Where the end-to-end stack runs: its own port and its own persisted state (never a developer's .wrangler/state). */
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
// E2E_STATE_DIR lets an engineer point the suite at a stack of their own (with E2E_PORT and E2E_REUSE_SERVER=1).
export const E2E_STATE_DIR = path.resolve(ROOT, process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state");
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ARTIFACTS_DIR = path.join(ROOT, "tests/e2e/artifacts");
