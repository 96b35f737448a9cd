/**
 * The end-to-end suite's web server: a fresh copy of the test run's indexed demo state (tests/support/shared.ts) in
 * its state directory, then `npm start` on it (scripts/start.ts finds the migrations applied and the demo index built, and
 * skips both). The suite thereby starts from the same state every run, without indexing the demo dataset again.
 */
import path from "node:path";
import { seedDemoState } from "../../support/shared";
import { ROOT } from "./e2e-env";

// Playwright's webServer gives each stack its state directory (playwright.config.ts).
const stateDir = process.env.URVAL_STATE_DIR;
if (!stateDir) throw new Error("URVAL_STATE_DIR names the stack's state directory");
// The register sample's stack (URVAL_DATA=register, tests/e2e/register) loads and indexes its own data on start.
if (process.env.URVAL_DATA !== "register") await seedDemoState(path.resolve(ROOT, stateDir));
await import("#scripts/start");
