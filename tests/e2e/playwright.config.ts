/**
 * End-to-end tests: the real built app under `wrangler dev` (all three workers, own state directory) driven in
 * Debian Chromium through playwright-core. No browser download: CHROMIUM_PATH or /usr/bin/chromium.
 */
import path from "node:path";
import { defineConfig } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_STATE_DIR = path.join(ROOT, ".wrangler/e2e-state");

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(ROOT, "tests/e2e/artifacts/results"),
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: "sv-SE",
    screenshot: "on",
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
  webServer: {
    command: "node_modules/.bin/tsx scripts/start.ts",
    cwd: ROOT,
    url: `http://127.0.0.1:${E2E_PORT}/logga-in`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(E2E_PORT), URVAL_STATE_DIR: E2E_STATE_DIR, URVAL_SKIP_BUILD: process.env.URVAL_SKIP_BUILD ?? "1" },
  },
});
