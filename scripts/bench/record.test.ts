import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recordBenchmark } from "./record";
import { HISTORY_FILE, readRuns, renderSummary, RUNS_FILE, SUMMARY_FILE } from "./summary";

const handLine = {
  area: "Export",
  figure: "CPU",
  value: 5.01,
  unit: "s",
  date: "2026-11-21",
  command: "npm run bench:export",
};

describe("recordBenchmark", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("appends the section to the history and the figures to runs.jsonl, then rebuilds BENCHMARKS.md", async () => {
    root = mkdtempSync(path.join(os.tmpdir(), "urval-bench-record-"));
    mkdirSync(path.join(root, "docs/benchmarks"), { recursive: true });
    writeFileSync(path.join(root, HISTORY_FILE), "# Benchmark history\n");
    // A line added by hand without its final newline.
    writeFileSync(path.join(root, RUNS_FILE), JSON.stringify(handLine));
    await recordBenchmark(
      "\n## Export (2026-11-27)\n\nCommand: `npm run bench:export`\n",
      {
        area: "Export",
        command: "npm run bench:export",
        note: "2 cores",
        figures: [
          { figure: "CPU", value: 3.5, unit: "s" },
          { figure: "missing", value: Number.NaN, unit: "s" },
          { figure: "RSS", value: 94, unit: "MB", note: "128 MB heap" },
        ],
      },
      { root, date: new Date("2026-11-27T08:09:10Z"), commit: "abcdef1" },
    );
    expect(readFileSync(path.join(root, HISTORY_FILE), "utf8")).toBe(
      "# Benchmark history\n\n## Export (2026-11-27)\n\nCommand: `npm run bench:export`\n",
    );
    const runs = readRuns(root);
    expect(runs.slice(1)).toEqual([
      {
        area: "Export",
        figure: "CPU",
        value: 3.5,
        unit: "s",
        date: "2026-11-27 08:09",
        command: "npm run bench:export",
        commit: "abcdef1",
        note: "2 cores",
      },
      {
        area: "Export",
        figure: "RSS",
        value: 94,
        unit: "MB",
        date: "2026-11-27 08:09",
        command: "npm run bench:export",
        commit: "abcdef1",
        note: "128 MB heap",
      },
    ]);
    const summary = readFileSync(path.join(root, SUMMARY_FILE), "utf8");
    expect(summary).toBe(await renderSummary(runs));
    expect(summary).toMatch(/\| CPU +\| +3.5 s \| 2026-11-27 08:09 UTC \|/);
  });
});
