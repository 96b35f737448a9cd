/**
 * npm run bench:search -- --companies N [--source DIR] [--runs R] [--sqlite-runs S] [--no-append]
 * The embedded search backend and SQLite side by side on the same data and queries (issue 4); appends to docs/benchmarks (record.ts).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { ensureDataset, loadEngines } from "./search-load";
import { BENCH_QUERIES, SUGGEST_TEXTS } from "./search-queries";
import { appendReport, renderReport, searchFigures } from "./search-report";
import { runQueries, runSuggestions } from "./search-run";

const ArgsSchema = z.object({
  companies: z.coerce.number().int().positive().max(5_000_000).default(100_000),
  source: z.string().optional(),
  runs: z.coerce.number().int().min(3).max(1000).default(30),
  "sqlite-runs": z.coerce.number().int().min(1).max(1000).optional(),
  "no-append": z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({
    options: {
      companies: { type: "string" },
      source: { type: "string" },
      runs: { type: "string" },
      "sqlite-runs": { type: "string" },
      "no-append": { type: "boolean" },
    },
  });
  const args = ArgsSchema.parse(values);
  const dir = await ensureDataset(args.companies, args.source);
  const engines = await loadEngines(dir);
  const sqliteRuns = args["sqlite-runs"] ?? (engines.stats.companies > 300_000 ? 5 : args.runs);
  const results = await runQueries(BENCH_QUERIES, engines.embedded, engines.sqlite, engines.listFile, args.runs, sqliteRuns);
  const suggestions = await runSuggestions(SUGGEST_TEXTS, engines.embedded, engines.sqlite, args.runs);
  const command = `npm run bench:search -- ${process.argv.slice(2).join(" ")}`.trim();
  const report = renderReport(results, suggestions, engines.stats, command, args.runs);
  console.log(report);
  const count = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
  if (!args["no-append"])
    await appendReport(report, {
      area: "Search engine: embedded index vs SQLite",
      command,
      figures: searchFigures(results, suggestions, engines.stats),
      note: `${count(engines.stats.companies)} companies, ${count(engines.stats.worksites)} worksites (${engines.stats.dataset})`,
    });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
