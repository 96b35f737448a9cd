/**
 * The end-to-end suite's web server: a fresh copy of the test run's indexed demo state (tests/support/shared.ts) in
 * E2E_STATE_DIR, then `npm start` on it (scripts/start.ts finds the migrations applied and the demo index built, and
 * skips both). The suite thereby starts from the same state every run, without indexing the demo dataset again.
 */
import { seedDemoState } from "../../support/shared";
import { E2E_STATE_DIR } from "./e2e-env";

await seedDemoState(E2E_STATE_DIR);
await import("#scripts/start");
