import { readFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import {
  formatValue,
  HISTORY_FILE,
  latestPerFigure,
  parseRuns,
  readRuns,
  renderSummary,
  ROOT,
  RunsFileError,
  SUMMARY_FILE,
  type Run,
} from "./summary";

const run = (over: Partial<Run> & Pick<Run, "figure" | "value" | "date">): Run => ({
  area: "Export",
  unit: "s",
  command: "npm run bench:export",
  ...over,
});

const jsonl = (runs: object[]) => runs.map((r) => JSON.stringify(r)).join("\n") + "\n";

describe("parseRuns", () => {
  it("reads one figure per line and skips blank lines", () => {
    const runs = parseRuns(jsonl([run({ figure: "CPU", value: 3.64, date: "2026-11-25" })]) + "\n\n");
    expect(runs).toEqual([run({ figure: "CPU", value: 3.64, date: "2026-11-25" })]);
  });

  it("names every malformed line by its number and says what is wrong", () => {
    const text = [
      JSON.stringify(run({ figure: "CPU", value: 3.64, date: "2026-11-25" })),
      "{not json",
      JSON.stringify(run({ figure: "RSS", value: 94, date: "2026-11-25" })),
      JSON.stringify({ ...run({ figure: "RSS", value: 94, date: "25/11/2026" }), value: true }),
      JSON.stringify({ ...run({ figure: "RSS", value: 94, date: "2026-11-25" }), extra: 1 }),
    ].join("\n");
    let caught: unknown;
    try {
      parseRuns(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RunsFileError);
    const error = caught as RunsFileError;
    expect(error.problems.map((p) => p.line)).toEqual([2, 4, 5]);
    expect(error.message).toMatch(/^docs\/benchmarks\/runs\.jsonl: 3 malformed lines\n/);
    expect(error.message).toContain("line 2: not JSON");
    expect(error.message).toContain(
      'line 4: value: expected a number or a non-empty string; date: expected "YYYY-MM-DD" or "YYYY-MM-DD HH:MM" (UTC)',
    );
    expect(error.message).toMatch(/line 5: .*extra/);
  });

  it("takes a null command (none in the log) but not a missing one", () => {
    expect(parseRuns(jsonl([{ ...run({ figure: "F", value: 1, date: "2026-11-26" }), command: null }]))[0]?.command).toBeNull();
    const { command: _command, ...withoutCommand } = run({ figure: "F", value: 1, date: "2026-11-26" });
    expect(() => parseRuns(jsonl([withoutCommand]))).toThrow(/line 1: command: /);
  });
});

describe("latestPerFigure", () => {
  it("keeps the latest run of each figure: the later date, on the same date the later line", () => {
    const areas = latestPerFigure([
      run({ figure: "CPU", value: 5.01, date: "2026-11-21" }),
      run({ figure: "RSS", value: 95, date: "2026-11-22" }),
      run({ figure: "CPU", value: 4.31, date: "2026-11-22" }),
      run({ figure: "CPU", value: 4.82, date: "2026-11-22" }),
      run({ figure: "CPU", value: 9, date: "2026-11-21 23:00" }),
    ]);
    expect(areas).toHaveLength(1);
    expect(areas[0]?.latest.map((r) => [r.figure, r.value])).toEqual([
      ["RSS", 95],
      ["CPU", 4.82],
    ]);
  });

  it("puts the most recent figures first, those of one run in the order they were recorded", () => {
    const areas = latestPerFigure([
      run({ figure: "old", value: 1, date: "2026-11-21" }),
      run({ figure: "b", value: 2, date: "2026-11-25 07:31" }),
      run({ figure: "a", value: 3, date: "2026-11-25 07:31" }),
      run({ figure: "day only", value: 4, date: "2026-11-25" }),
    ]);
    expect(areas[0]?.latest.map((r) => r.figure)).toEqual(["b", "a", "day only", "old"]);
  });

  it("groups by area in the order each area first appears", () => {
    const areas = latestPerFigure([
      run({ area: "Reindex", figure: "total", value: 91, date: "2026-11-26" }),
      run({ area: "Export", figure: "CPU", value: 3.64, date: "2026-11-25" }),
      run({ area: "Reindex", figure: "peak", value: 2323, date: "2026-11-26" }),
    ]);
    expect(areas.map((a) => [a.area, a.latest.map((r) => r.figure)])).toEqual([
      ["Reindex", ["total", "peak"]],
      ["Export", ["CPU"]],
    ]);
  });
});

describe("renderSummary", () => {
  const runs = [
    run({ area: "Reindex", figure: "total", value: 91, date: "2026-11-26 05:06", command: "npm run reindex -- --source /tmp/full/<A|B>" }),
    run({ area: "Reindex", figure: "peak resident memory", value: 2323, unit: "MB", date: "2026-11-26 05:06", note: "1.3 M companies" }),
    run({ area: "Export", figure: "CPU", value: 5.01, date: "2026-11-21" }),
    run({ area: "Export", figure: "CPU", value: 3.64, date: "2026-11-25", commit: "50c6f4a" }),
    run({ area: "Resilience", figure: "1-load", value: "PASS", unit: "", date: "2026-11-26 02:42", command: null, note: "no command" }),
  ];

  it("writes one table per area with the latest figure, its date and command, then the pointer to the history", async () => {
    const markdown = await renderSummary(runs);
    const sections = markdown.split("\n## ").map((s) => s.split("\n")[0]);
    expect(sections).toEqual(["# Benchmarks", "Reindex", "Export", "Resilience", "History"]);
    expect(markdown).toMatch(/\| total +\| +91 s \| 2026-11-26 05:06 UTC \| `npm run reindex -- --source \/tmp\/full\/<A\\\|B>` \|/);
    expect(markdown).toMatch(/\| peak resident memory +\| 2 323 MB \|/);
    expect(markdown).toMatch(/\| CPU +\| 3.64 s \| 2026-11-25 +\| `npm run bench:export` \|/);
    expect(markdown).not.toContain("5.01");
    expect(markdown).toMatch(/\| 1-load +\| +PASS \| 2026-11-26 02:42 UTC \| not in the log +\|/);
    expect(markdown).toContain("- _peak resident memory_: 1.3 M companies");
    expect(markdown).toContain("- no command");
    expect(markdown).toContain(`[${HISTORY_FILE}](${HISTORY_FILE})`);
  });

  it("is deterministic and already formatted as Prettier would", async () => {
    const first = await renderSummary(runs);
    expect(await renderSummary([...runs])).toBe(first);
    const options = (await resolveConfig(path.join(ROOT, SUMMARY_FILE))) ?? {};
    expect(await format(first, { ...options, parser: "markdown" })).toBe(first);
  });

  it("matches the committed BENCHMARKS.md (run npm run bench:summary after editing runs.jsonl)", async () => {
    expect(await renderSummary(readRuns())).toBe(readFileSync(path.join(ROOT, SUMMARY_FILE), "utf8"));
  });
});

describe("formatValue", () => {
  it("groups integers from 1 000 up as the history does and keeps other values as recorded", () => {
    expect(formatValue({ value: 1_300_000, unit: "" })).toBe("1 300 000");
    expect(formatValue({ value: 2409, unit: "MB" })).toBe("2 409 MB");
    expect(formatValue({ value: 336.5, unit: "ms" })).toBe("336.5 ms");
    expect(formatValue({ value: "362–365", unit: "MB" })).toBe("362–365 MB");
  });
});
