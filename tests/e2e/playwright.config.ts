/**
 * End-to-end tests: the real built app under `wrangler dev` (all three workers, own state directory) driven in
 * Debian Chromium through playwright-core. No browser download: CHROMIUM_PATH, or Debian's headless shell or Chromium
 * (support/e2e-env.ts).
 */
import path from "node:path";
import { defineConfig } from "@playwright/test";
import {
  ARTIFACTS_DIR,
  BASE_URL,
  CHROMIUM_EXECUTABLE,
  E2E_CLUSTER_URL,
  E2E_SEARCH_BACKEND,
  E2E_WORKERS,
  e2eStack,
  ROOT,
} from "./support/e2e-env";

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(ARTIFACTS_DIR, "results"),
  // Generous: the machine is shared and two cores run the whole stack plus Chromium.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  retries: 0,
  // Two workers, each on a stack of its own (support/e2e-env.ts); every test makes its own subscriber. The Bevakning
  // spec reindexes its stack's data, so it runs after all others (its project depends on the first).
  workers: E2E_WORKERS,
  reporter: [["list"]],
  // npm test leaves out the tests tagged @full (E2E_FULL=0, tests/run.ts): a second device's walk where the first one
  // covers the same code, and the 50-page walk to the 1 000-record cap. npm run test:full and test:e2e run them all.
  ...(process.env.E2E_FULL === "0" ? { grepInvert: /@full/ } : {}),
  use: {
    baseURL: BASE_URL,
    locale: "sv-SE",
    viewport: { width: 1280, height: 900 },
    screenshot: "only-on-failure",
    // npm test records no traces (E2E_TRACE=0, tests/run.ts): a failure there keeps its screenshot; the full run both.
    trace: process.env.E2E_TRACE === "0" ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
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
    // The register sample's spec runs on a stack of its own (register/playwright.config.ts).
    { name: "main", testIgnore: ["**/bevakning.spec.ts", "**/register/**"] },
    { name: "bevakning", testMatch: "**/bevakning.spec.ts", dependencies: ["main"] },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => e2eStack(i)).map((stack) => ({
    command: "node_modules/.bin/tsx tests/e2e/support/start-stack.ts",
    cwd: ROOT,
    url: `${stack.url}/logga-in`,
    timeout: E2E_SEARCH_BACKEND === "cluster" ? 600_000 : 300_000,
    // E2E_REUSE_SERVER=1 reuses a stack already serving E2E_PORT with state in E2E_STATE_DIR (while iterating).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    // E2E_STACK_STDOUT=pipe shows the stacks' JSON logs (tests/e2e/support/call-counts.ts counts each user's calls).
    stdout: process.env.E2E_STACK_STDOUT === "pipe" ? ("pipe" as const) : ("ignore" as const),
    stderr: "pipe" as const,
    // SIGTERM lets npm start stop wrangler and, on the cluster stack, its OpenSearch node (a JVM in its own group).
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 45_000 },
    env: {
      PORT: String(stack.port),
      URVAL_STATE_DIR: stack.stateDir,
      URVAL_SKIP_BUILD: process.env.URVAL_SKIP_BUILD ?? "1",
      URVAL_SEARCH_BACKEND: E2E_SEARCH_BACKEND,
      URVAL_CLUSTER_PORT: new URL(E2E_CLUSTER_URL).port,
    },
  })),
});
