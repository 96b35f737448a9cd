/**
 * npm start: build, migrate, prepare demo data and the demo account, then run the three workers in one
 * `wrangler dev` on http://localhost:8787 with shared persisted state. The search backend is the embedded index, or
 * with URVAL_SEARCH_BACKEND=cluster a real OpenSearch node on loopback (./demo-cluster.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createAccount } from "./accounts/cli";
import { ensureDemoClusterIndex, openClusterBackend, startBackendFromEnv, type ClusterBackend } from "./demo-cluster";
import { ensureDemoDataset, ensureDemoIndex, REGISTER_SAMPLE } from "./demo-data";
import { openLocalBindings, PERSIST_DIR, ROOT, wranglerDevEnv, wranglerInspectorArgs } from "./lib/local-bindings";
import { removeWorkerVarConfigs, writeWorkerVarConfigs } from "./lib/worker-var-configs";
import { applyPendingMigrations } from "./migrate";

const PORT = Number(process.env.PORT ?? 8787);
const DEMO_FILE = path.join(PERSIST_DIR, "demo-account.json");
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

function step(message: string) {
  console.log(`\n▸ ${message}`);
}

interface DemoAccount {
  username: string;
  password: string;
}

async function ensureDemoAccount(): Promise<DemoAccount> {
  const { env, dispose } = await openLocalBindings();
  try {
    if (existsSync(DEMO_FILE)) {
      const saved = JSON.parse(readFileSync(DEMO_FILE, "utf8")) as DemoAccount;
      const row = await env.DB.prepare("SELECT id FROM users WHERE username = ?").bind(saved.username).first();
      if (row) return saved;
    }
    const account = { username: "demo", password: `demo-${crypto.randomUUID().slice(0, 8)}` };
    await env.DB.prepare("DELETE FROM users WHERE username = ?").bind(account.username).run();
    await createAccount(env.DB, {
      username: account.username,
      email: "demo@urval.se",
      firstName: "Demo",
      lastName: "Användare",
      password: account.password,
      quota: 10_000,
      expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    });
    mkdirSync(PERSIST_DIR, { recursive: true });
    writeFileSync(DEMO_FILE, JSON.stringify(account, null, 2));
    return account;
  } finally {
    await dispose();
  }
}

/** The demo dataset indexed into the backend of this run; the cluster's vars for the API and export workers. */
async function prepareSearch(): Promise<{ cluster: ClusterBackend | null; configs: { api: string; export: string } }> {
  const backend = startBackendFromEnv();
  // Benchmarks drive one account far past the per-user search limits (docs/decisions/0038): URVAL_SEARCH_LIMIT_SCALE.
  const scale = process.env.URVAL_SEARCH_LIMIT_SCALE;
  // Benchmarks also read the backend's time per answer (Server-Timing), shown to clients only with diagnostics on
  // (docs/decisions/0051).
  const limitVars: Record<string, string> = scale ? { SEARCH_LIMIT_SCALE: scale, SEARCH_CACHE_DIAGNOSTICS: "1" } : {};
  if (process.env.URVAL_KEEP_INDEX === "1") {
    // Operators and benchmarks: serve the index the state directory already holds (npm run reindex built it).
    step("Keeping the live search index of the state directory (URVAL_KEEP_INDEX=1)");
  } else {
    step(
      REGISTER_SAMPLE
        ? "Loading the register sample (URVAL_DATA=register: tests/fixtures/register into data/register-sample)"
        : "Preparing the demo dataset (generated once into data/demo)",
    );
    await ensureDemoDataset();
  }
  if (backend === "embedded") {
    if (process.env.URVAL_KEEP_INDEX !== "1") {
      step("Indexing the demo dataset (once per dataset)");
      await ensureDemoIndex();
    }
    const configs =
      Object.keys(limitVars).length > 0
        ? writeWorkerVarConfigs(`start-${PORT}`, limitVars, "scripts/start.ts")
        : { api: "workers/api/wrangler.toml", export: "workers/export/wrangler.toml" };
    return { cluster: null, configs };
  }
  step("Starting the search cluster (URVAL_SEARCH_BACKEND=cluster)");
  const cluster = await openClusterBackend();
  console.log(`  ${cluster.description}`);
  if (process.env.URVAL_KEEP_INDEX !== "1") {
    step("Indexing the demo dataset into the cluster (once per dataset and mapping)");
    await ensureDemoClusterIndex(cluster);
  }
  const vars = { ELASTICSEARCH_URL: cluster.url, ELASTICSEARCH_DIALECT: cluster.dialect, ...limitVars };
  return { cluster, configs: writeWorkerVarConfigs(`start-${PORT}`, vars, "scripts/start.ts") };
}

async function main() {
  if (process.env.URVAL_SKIP_BUILD !== "1") {
    step("Building the web app");
    execFileSync(bin("remix"), ["vite:build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  }
  step("Applying database migrations");
  const migrated = await applyPendingMigrations();
  if (migrated.length === 0) console.log("  none pending");
  const { cluster, configs } = await prepareSearch();
  step("Preparing the demo account");
  const demo = await ensureDemoAccount();
  step(`Starting Urval on http://localhost:${PORT}`);
  const child = spawn(
    bin("wrangler"),
    [
      "dev",
      "-c",
      "wrangler.toml",
      "-c",
      configs.api,
      "-c",
      configs.export,
      "--persist-to",
      PERSIST_DIR,
      "--port",
      String(PORT),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      ...wranglerInspectorArgs(),
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], env: wranglerDevEnv() },
  );
  let announced = false;
  child.stdout.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (!announced && chunk.toString().includes("Ready on")) {
      announced = true;
      console.log(`\n  Urval is running: http://localhost:${PORT}/logga-in`);
      if (cluster) console.log(`  Search backend: ${cluster.description}`);
      console.log(`  Demo account  username: ${demo.username}   password: ${demo.password}\n`);
    }
  });
  const stop = () => child.kill("SIGINT");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => {
    removeWorkerVarConfigs(`start-${PORT}`);
    void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(code ?? 0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
