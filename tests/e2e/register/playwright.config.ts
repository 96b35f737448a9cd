/**
 * The end-to-end test on real register formats (issue 45 point 5): one stack serving the register sample
 * (`URVAL_DATA=register npm start`: Bolagsverket's and SCB's bulk files and the annual-report archives under
 * tests/fixtures/register, loaded by data:load-register and indexed with their filed documents into R2). Its own port
 * and state, so it runs beside the main suite. The stage in tests/run.ts sets E2E_PORT, E2E_STATE_DIR and
 * E2E_WORKERS=1 so that e2e-env.ts (evaluated in the runner and its worker) points at this stack.
 */
import path from "node:path";
import { defineConfig } from "@playwright/test";
import base from "../playwright.config";
import { ARTIFACTS_DIR, e2eStack, ROOT } from "../support/e2e-env";

const stack = e2eStack(0);

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(ARTIFACTS_DIR, "register-results"),
  workers: 1,
  projects: [{ name: "register" }],
  webServer: {
    command: "node_modules/.bin/tsx tests/e2e/support/start-stack.ts",
    cwd: ROOT,
    url: `${stack.url}/logga-in`,
    timeout: 300_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 45_000 },
    env: {
      PORT: String(stack.port),
      URVAL_STATE_DIR: stack.stateDir,
      URVAL_SKIP_BUILD: process.env.URVAL_SKIP_BUILD ?? "1",
      URVAL_DATA: "register",
    },
  },
});
