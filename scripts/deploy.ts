/**
 * npm run deploy [-- --dry-run]: deploys Urval to Cloudflare's production environment (docs/decisions/0022).
 *
 * 1. Preflight: the production configs are consistent and filled in (no REPLACE_ME, real D1 ids, the publisher's
 *    details), Cloudflare credentials, and the secrets each worker requires are set.
 * 2. Build the web app.
 * 3. Apply the D1 migrations of DB and SEARCH_DB remotely (before any new code runs against them).
 * 4. Deploy export → api → web: the export worker consumes the queues the API produces to; the web worker's service
 *    binding needs the API worker to exist, and new pages may call new API routes.
 *
 * --dry-run does every local step (configuration checks, build, `wrangler deploy --dry-run --env production` of each
 * worker), prints the remote commands instead of running them and reports what would stop a real deploy.
 */
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { bundleWorker } from "./lib/bundle-worker";
import {
  operatorProblems,
  operatorWarnings,
  PRODUCTION_ENV,
  readWorkerConfigs,
  structuralProblems,
  WORKERS,
  type WorkerConfigs,
} from "./lib/production-config";

const ROOT = path.resolve(import.meta.dirname, "..");
const WRANGLER = path.join(ROOT, "node_modules/.bin/wrangler");
const dryRun = process.argv.includes("--dry-run");
const MIGRATED_BINDINGS = ["DB", "SEARCH_DB"] as const;
const API_CONFIG = "workers/api/wrangler.toml";

function step(message: string) {
  console.log(`\n▸ ${message}`);
}

function fail(heading: string, problems: string[]): never {
  console.error(`\n✗ ${heading}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}

/** A remote wrangler call: run with the operator's terminal (prompts, login), or only printed in a dry run. */
function remote(args: string[]) {
  console.log(`  ${dryRun ? "would run" : "$"} wrangler ${args.join(" ")}`);
  if (dryRun) return;
  const result = spawnSync(WRANGLER, args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) fail("deploy stopped", [`wrangler ${args.join(" ")} exited with ${result.status ?? result.signal}`]);
}

/** Output of a read-only remote wrangler call, or null when it failed. */
function query(args: string[]): string | null {
  const result = spawnSync(WRANGLER, args, { cwd: ROOT, encoding: "utf8", stdio: ["inherit", "pipe", "pipe"] });
  return result.status === 0 ? result.stdout : null;
}

function credentialProblems(): string[] {
  const hasToken = Boolean(process.env.CLOUDFLARE_API_TOKEN);
  const hasAccount = Boolean(process.env.CLOUDFLARE_ACCOUNT_ID);
  if (hasToken && !hasAccount) return ["CLOUDFLARE_API_TOKEN is set but CLOUDFLARE_ACCOUNT_ID is not"];
  if (dryRun) {
    if (!hasToken) console.log("  would run: wrangler whoami (no CLOUDFLARE_API_TOKEN: a `wrangler login` session is needed)");
    return [];
  }
  const whoami = query(["whoami"]);
  if (whoami === null || whoami.includes("not authenticated")) {
    return ["not logged in: set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID, or run `wrangler login`"];
  }
  return [];
}

/** Required secrets (each config's [env.production.secrets] required) that the deployed worker does not have yet. */
function secretProblems(configs: WorkerConfigs): string[] {
  const problems: string[] = [];
  for (const { key, config } of WORKERS) {
    const required = configs[key].production.secrets?.required ?? [];
    if (required.length === 0) continue;
    const args = ["secret", "list", "--env", PRODUCTION_ENV, "-c", config, "--format", "json"];
    if (dryRun) {
      console.log(`  would run: wrangler ${args.join(" ")}  (needs ${required.join(", ")})`);
      continue;
    }
    const listed = query(args);
    const present = new Set(listed ? (JSON.parse(listed) as { name: string }[]).map((secret) => secret.name) : []);
    for (const name of required.filter((name) => !present.has(name))) {
      problems.push(`${config}: secret ${name} is not set: wrangler secret put ${name} --env ${PRODUCTION_ENV} -c ${config}`);
    }
  }
  return problems;
}

function preflight(configs: WorkerConfigs): string[] {
  step("Preflight: production configuration");
  const structural = structuralProblems(configs);
  if (structural.length > 0) fail("the production configuration is inconsistent", structural);
  for (const warning of operatorWarnings(configs)) console.log(`  ! ${warning}`);
  // A real deploy stops at the first group of problems, before any remote call it does not need.
  const refusals: string[] = [];
  const checks = [() => operatorProblems(configs), credentialProblems, () => secretProblems(configs)];
  for (const [index, check] of checks.entries()) {
    if (index === 1) step("Preflight: Cloudflare credentials and secrets");
    refusals.push(...check());
    if (refusals.length > 0 && !dryRun) fail("refusing to deploy", refusals);
  }
  return refusals;
}

function main() {
  console.log(dryRun ? "Urval production deploy: DRY RUN (nothing remote is called)" : "Urval production deploy");
  const configs = readWorkerConfigs(ROOT);
  const refusals = preflight(configs);

  step("Building the web app");
  execFileSync(path.join(ROOT, "node_modules/.bin/remix"), ["vite:build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });

  step("Applying the D1 migrations (remote)");
  for (const binding of MIGRATED_BINDINGS)
    remote(["d1", "migrations", "apply", binding, "--remote", "--env", PRODUCTION_ENV, "-c", API_CONFIG]);

  for (const { key, config } of WORKERS) {
    step(`Deploying ${configs[key].production.name} (${config})`);
    if (dryRun) console.log(`  bundled: ${bundleWorker(config, PRODUCTION_ENV)}`);
    remote(["deploy", "--env", PRODUCTION_ENV, "-c", config]);
  }

  if (!dryRun) {
    console.log("\n✓ Deployed. Check the site, then `wrangler tail --env production -c <config>` for errors.");
  } else if (refusals.length > 0) {
    console.log(`\n✓ Dry run done. A real deploy would refuse until these are fixed:\n${refusals.map((p) => `  - ${p}`).join("\n")}`);
  } else {
    console.log("\n✓ Dry run done; nothing would stop a real deploy before its remote calls.");
  }
}

main();
