/** Applies the D1 migrations of DB and SEARCH_DB to the local persisted state (or --remote: the production databases). */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { API_CONFIG, PERSIST_DIR, ROOT } from "./lib/local-bindings";

type Binding = "DB" | "SEARCH_DB";

const WRANGLER = path.join(ROOT, "node_modules/.bin/wrangler");
const CHILD_OPTIONS = { cwd: ROOT, env: { ...process.env, CI: "true" } };

/** The wrangler arguments that apply one binding's migrations locally (to `persistDir`) or remotely. */
function migrationArgs(binding: Binding, target: { remote: true } | { persistDir: string }): string[] {
  // Remote means the deployed databases: those of [env.production], as `npm run deploy` applies them.
  const where = "remote" in target ? ["--remote", "--env", "production"] : ["--local", "--persist-to", target.persistDir];
  return ["d1", "migrations", "apply", binding, ...where, "-c", API_CONFIG];
}

export function applyMigrations(options: { remote?: boolean; persistDir?: string } = {}) {
  const target = options.remote ? ({ remote: true } as const) : { persistDir: options.persistDir ?? PERSIST_DIR };
  for (const binding of ["DB", "SEARCH_DB"] as const) {
    execFileSync(WRANGLER, migrationArgs(binding, target), { ...CHILD_OPTIONS, stdio: ["ignore", "ignore", "inherit"] });
  }
}

/** Applies the local migrations of the given bindings, each in its own child process, all at once. */
export async function applyLocalMigrationsAsync(persistDir: string, bindings: readonly Binding[]): Promise<void> {
  const run = promisify(execFile);
  await Promise.all(bindings.map((binding) => run(WRANGLER, migrationArgs(binding, { persistDir }), CHILD_OPTIONS)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const remote = process.argv.includes("--remote");
  applyMigrations({ remote });
  console.log(`Migrations applied (${remote ? "remote" : "local"}).`);
}
