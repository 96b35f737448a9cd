/** Applies the D1 migrations of DB and SEARCH_DB to the local persisted state (or --remote). */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { API_CONFIG, PERSIST_DIR, ROOT } from "./lib/local-bindings";

export function applyMigrations(options: { remote?: boolean; persistDir?: string } = {}) {
  for (const binding of ["DB", "SEARCH_DB"]) {
    const target = options.remote ? ["--remote"] : ["--local", "--persist-to", options.persistDir ?? PERSIST_DIR];
    execFileSync(path.join(ROOT, "node_modules/.bin/wrangler"), ["d1", "migrations", "apply", binding, ...target, "-c", API_CONFIG], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CI: "true" },
    });
  }
}

/** Applies the local migrations of the given bindings, each in its own child process, all at once. */
export async function applyLocalMigrationsAsync(persistDir: string, bindings: readonly ("DB" | "SEARCH_DB")[]): Promise<void> {
  const run = promisify(execFile);
  const wrangler = path.join(ROOT, "node_modules/.bin/wrangler");
  await Promise.all(
    bindings.map((binding) =>
      run(wrangler, ["d1", "migrations", "apply", binding, "--local", "--persist-to", persistDir, "-c", API_CONFIG], {
        cwd: ROOT,
        env: { ...process.env, CI: "true" },
      }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const remote = process.argv.includes("--remote");
  applyMigrations({ remote });
  console.log(`Migrations applied (${remote ? "remote" : "local"}).`);
}
