/**
 * The embedded index's typo walk (search-index/fuzzy.ts fuzzyWordRange, issue 48 point 7) against a plain scan that
 * measures every word's distance, side by side in one run, on two sorted dictionaries: the demo dataset's index words
 * (names, tagged addresses and people, as the index stores them; when data/demo exists) and 1.5 million uniformly random
 * words of 3–12 letters (a worst case: a real dictionary shares far more prefixes). Median of --runs walks per word.
 *
 *   npm run bench:fuzzy [-- --runs 5] [--no-append]
 */
import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { autoEdits, companyTextFields, editDistance, fuzzyWordRange, recordWords } from "#search-index/engine";
import { ROOT } from "#scripts/lib/local-bindings";
import { type BenchFigure, recordBenchmark } from "./record";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "5" }, "no-append": { type: "boolean", default: false } },
});
const RUNS = Number(args.runs);
const TARGETS = ["bagri", "frisor", "stokholm", "restarang", "jonkoping", "karlavagsomradesgatan"];
const RANDOM_WORDS = 1_500_000;

async function demoWords(): Promise<string[] | null> {
  const file = path.join(ROOT, "data/demo/companies.ndjson");
  if (!existsSync(file)) return null;
  const words = new Set<string>();
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (line) for (const word of recordWords(companyTextFields(JSON.parse(line)))) words.add(word);
  }
  return [...words].sort();
}

function randomWords(): string[] {
  const letters = "aaabcdeeefghiijklmnnoopqrrssttuvxyzåäö";
  let seed = 7;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  const words = new Set<string>();
  while (words.size < RANDOM_WORDS) {
    let word = "";
    for (let i = 3 + Math.floor(next() * 10); i > 0; i--) word += letters[Math.floor(next() * letters.length)];
    words.add(word);
  }
  return [...words].sort();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function time(run: () => number): { ms: number; hits: number } {
  const started = performance.now();
  const hits = run();
  return { ms: performance.now() - started, hits };
}

const dictionaries: [string, string[] | null][] = [
  ["demo dataset", await demoWords()],
  [`${RANDOM_WORDS.toLocaleString("en")} random words`, randomWords()],
];
const bar = new SingleBar({ format: "bench:fuzzy [{bar}] {value}/{total} words · {name}", stream: process.stderr, noTTYOutput: true });
bar.start(TARGETS.length * dictionaries.length, 0, { name: "" });
const figures: BenchFigure[] = [];
const rows: string[] = [];
for (const [name, words] of dictionaries) {
  if (!words) continue;
  // The name field's range, as text-match.ts walks it (tagged address and people words sort first).
  const from = words.findIndex((word) => word.charCodeAt(0) > 2);
  for (const target of TARGETS) {
    bar.update({ name: `${name}: ${target}` });
    const edits = autoEdits(target);
    const walks = Array.from({ length: RUNS }, () => time(() => fuzzyWordRange(words, from, words.length, 0, target, edits).length));
    const scan = time(() => words.slice(from).filter((word) => editDistance(word, target) <= edits).length);
    if (walks[0]?.hits !== scan.hits) throw new Error(`${name}, ${target}: the walk found ${walks[0]?.hits}, the scan ${scan.hits}`);
    const walk = median(walks.map((w) => w.ms));
    rows.push(`| ${name} | ${target} | ${edits} | ${scan.hits} | ${walk.toFixed(1)} | ${scan.ms.toFixed(0)} |`);
    figures.push(
      { figure: `typo walk, ${name}, "${target}" (${edits} edits): median`, value: Number(walk.toFixed(1)), unit: "ms" },
      { figure: `plain scan, ${name}, "${target}" (${edits} edits)`, value: Math.round(scan.ms), unit: "ms" },
    );
    bar.increment();
  }
  rows.push(`| ${name} | (name words: ${words.length - from}) | | | | |`);
}
bar.stop();

const report = [
  `## Typo walk of the embedded index (${new Date().toISOString().slice(0, 16)} UTC)`,
  "",
  `One core; the walk's median of ${RUNS} runs, the plain scan (every word's distance) once; both find the same words.`,
  "",
  "| dictionary | word | edits | words found | walk ms | scan ms |",
  "| --- | --- | ---: | ---: | ---: | ---: |",
  ...rows,
  "",
].join("\n");
console.log(report);
const command = `npm run bench:fuzzy -- --runs ${RUNS}`;
if (!args["no-append"]) await recordBenchmark(`\n${report}`, { area: "Typo tolerance (embedded walk)", command, figures });
