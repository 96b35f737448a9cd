/**
 * The test run's shared preparations, one per stage of tests/run.ts:
 *   tsx tests/support/prepare.ts datasets     the demo dataset, the resilience datasets and the contract suite's
 *   tsx tests/support/prepare.ts demo-state   the indexed demo state the e2e and export-kill stacks copy
 *   tsx tests/support/prepare.ts opensearch   the run's OpenSearch node; prints "opensearch ready", serves until SIGTERM
 */
import path from "node:path";
import { ensureDemoDataset } from "#scripts/demo-data";
import { EQUIVALENCE_DATASET } from "../contract/support/equivalence-dataset";
import { RESILIENCE_SHORT_DATASETS } from "../resilience/support/datasets";
import { demoStateTemplate, sharedDataset, startSharedCluster } from "./shared";

const what = process.argv[2];
const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

async function datasets() {
  const t = performance.now();
  await ensureDemoDataset();
  console.log(`demo dataset ready (${since(t)})`);
  const t2 = performance.now();
  await Promise.all([
    sharedDataset(EQUIVALENCE_DATASET.companies, EQUIVALENCE_DATASET.seed),
    ...RESILIENCE_SHORT_DATASETS.map((d) => sharedDataset(d.companies, d.seed)),
  ]);
  console.log(`contract and resilience datasets ready (${since(t2)})`);
}

async function demoState() {
  const t = performance.now();
  const dir = await demoStateTemplate();
  console.log(`indexed demo state ready in ${path.relative(process.cwd(), dir)} (${since(t)})`);
}

async function opensearch() {
  const t = performance.now();
  const cluster = await startSharedCluster((message) => console.log(message));
  console.log(`opensearch ready at ${cluster.url} (${since(t)})`);
  const stop = () => {
    void cluster.stop().then(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Serves until the run ends.
  setInterval(() => {}, 60_000);
}

const steps: Record<string, () => Promise<void>> = { datasets, "demo-state": demoState, opensearch };
const step = what ? steps[what] : undefined;
if (!step) {
  console.error(`usage: tsx tests/support/prepare.ts ${Object.keys(steps).join("|")}`);
  process.exit(2);
}
step().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
