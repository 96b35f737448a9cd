/**
 * End-to-end tests: the real built app under `wrangler dev` (all three workers, own state directory) driven in
 * Debian Chromium through playwright-core. No browser download: CHROMIUM_PATH or /usr/bin/chromium.
 */
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { ARTIFACTS_DIR, BASE_URL, E2E_CLUSTER_URL, E2E_PORT, E2E_SEARCH_BACKEND, E2E_STATE_DIR, ROOT } from "./support/e2e-env";

export { E2E_PORT, E2E_STATE_DIR };

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(ARTIFACTS_DIR, "results"),
  // Generous: the machine is shared and two cores run the whole stack plus Chromium.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  retries: 0,
  // Two workers on one server and one local D1 state: every test makes its own subscriber. The Bevakning spec
  // reindexes the stack's data, so it runs alone after all others (its project depends on the first).
  workers: 2,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "sv-SE",
    viewport: { width: 1280, height: 900 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "main", testIgnore: "**/bevakning.spec.ts" },
    { name: "bevakning", testMatch: "**/bevakning.spec.ts", dependencies: ["main"] },
  ],
  webServer: {
    command: "node_modules/.bin/tsx tests/e2e/support/start-stack.ts",
    cwd: ROOT,
    url: `${BASE_URL}/logga-in`,
    timeout: E2E_SEARCH_BACKEND === "cluster" ? 600_000 : 300_000,
    // E2E_REUSE_SERVER=1 reuses a stack already serving E2E_PORT with state in .wrangler/e2e-state (while iterating).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets npm start stop wrangler and, on the cluster stack, its OpenSearch node (a JVM in its own group).
    gracefulShutdown: { signal: "SIGTERM", timeout: 45_000 },
    env: {
      PORT: String(E2E_PORT),
      URVAL_STATE_DIR: E2E_STATE_DIR,
      URVAL_SKIP_BUILD: process.env.URVAL_SKIP_BUILD ?? "1",
      URVAL_SEARCH_BACKEND: E2E_SEARCH_BACKEND,
      URVAL_CLUSTER_PORT: new URL(E2E_CLUSTER_URL).port,
    },
  },
});
