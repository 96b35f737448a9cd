/**
 * npm run reindex -- --backend embedded|elasticsearch --source DIR [--state DIR]
 * Builds a new index version from a source dataset beside the live one and switches to it atomically.
 */
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { PERSIST_DIR } from "../lib/local-bindings";
import { reindexElasticsearch } from "./reindex-elasticsearch";
import { reindexEmbedded, type ReindexProgress } from "./reindex-embedded";

const STAGE_LABELS: Record<string, string> = {
  companies: "companies",
  worksites: "worksites",
  index: "column index",
  snapshot: "snapshot → R2",
};

function progressBar() {
  const bar = new cliProgress.SingleBar(
    {
      format: "{stage} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}",
      stream: process.stderr,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    cliProgress.Presets.shades_classic,
  );
  let stage = "";
  return {
    update(progress: ReindexProgress) {
      const label = STAGE_LABELS[progress.stage] ?? progress.stage;
      if (label !== stage) {
        if (stage) bar.stop();
        stage = label;
        bar.start(progress.total, progress.done, { stage: label.padEnd(13) });
      } else bar.update(progress.done);
    },
    stop: () => bar.stop(),
  };
}

async function main() {
  const { values } = parseArgs({
    options: { backend: { type: "string", default: "embedded" }, source: { type: "string" }, state: { type: "string" } },
  });
  if (!values.source) throw new Error("--source DIR is required (a dataset written by npm run data:generate)");
  if (values.backend !== "embedded" && values.backend !== "elasticsearch") throw new Error("--backend must be embedded or elasticsearch");
  const bar = progressBar();
  try {
    if (values.backend === "embedded") {
      const result = await reindexEmbedded({ sourceDir: values.source, persistDir: values.state ?? PERSIST_DIR, onProgress: bar.update });
      bar.stop();
      console.log(JSON.stringify({ msg: "reindex done", backend: "embedded", ...result }));
    } else {
      const result = await reindexElasticsearch({ sourceDir: values.source, onProgress: bar.update });
      bar.stop();
      console.log(JSON.stringify({ msg: "reindex done", backend: "elasticsearch", ...result }));
    }
  } catch (error) {
    bar.stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ level: "error", msg: error instanceof Error ? error.message : String(error) }));
  console.error("The previous index version is still serving.");
  process.exit(1);
});
