/**
 * Where the bytes of a page's first-load JavaScript come from (issue 48 point 6): the client built with hidden source
 * maps (the same files, byte for byte, as `npm run build` makes: a hidden map adds no comment to them), each first-load
 * file's minified bytes attributed to the module they were made from and summed by origin: React DOM and its
 * scheduler, React, Remix and React Router, other packages, and Urval's own code. Remix's route manifest, a script the
 * page loads that has no map, counts as Remix's. The maps are deleted afterwards, so build/ is as `npm run build`
 * leaves it.
 *
 *   npm run bench:client-origins [-- --no-append]
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { SourceMapConsumer } from "source-map-js";
import { FIRST_LOADS, firstLoadOf } from "#scripts/lib/client-first-load";
import { type Attributed, bytesByOrigin, ORIGINS } from "./client-origins-map";
import { ROOT } from "#scripts/lib/local-bindings";
import { type BenchFigure, recordBenchmark } from "./record";

const { values: args } = parseArgs({ options: { "no-append": { type: "boolean", default: false } } });
const CLIENT = path.join(ROOT, "build/client");
const ASSETS = path.join(CLIENT, "assets");

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const bar = new SingleBar({ format: "bench:client-origins [{bar}] {value}/{total} {step}" });
  bar.start(2 + FIRST_LOADS.length, 0, { step: "client build with hidden source maps" });
  const build = spawnSync(path.join(ROOT, "node_modules/.bin/remix"), ["vite:build", "--sourcemapClient", "hidden"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (build.status !== 0) {
    bar.stop();
    throw new Error(`remix vite:build failed:\n${build.stdout}\n${build.stderr}`);
  }
  bar.increment(1, { step: "attributing" });
  const rows: { page: string; total: number; gzip: number; bytes: Map<Attributed, number> }[] = [];
  try {
    for (const { page, routes } of FIRST_LOADS) {
      const files = firstLoadOf(CLIENT, routes);
      const bytes = new Map<Attributed, number>();
      for (const file of files) {
        const full = path.join(CLIENT, file.file);
        const code = readFileSync(full, "utf8");
        const isManifest = /\/manifest-\w+\.js$/.test(file.file);
        const byOrigin = isManifest
          ? new Map<Attributed, number>([["Remix and React Router", code.length]])
          : bytesByOrigin(code, new SourceMapConsumer(JSON.parse(readFileSync(`${full}.map`, "utf8"))));
        for (const [origin, n] of byOrigin) bytes.set(origin, (bytes.get(origin) ?? 0) + n);
      }
      rows.push({
        page,
        total: files.reduce((sum, f) => sum + f.bytes, 0),
        gzip: files.reduce((sum, f) => sum + f.gzipBytes, 0),
        bytes,
      });
      bar.increment(1, { step: page });
    }
  } finally {
    for (const name of readdirSync(ASSETS)) if (name.endsWith(".map")) rmSync(path.join(ASSETS, name));
    bar.increment(1, { step: "maps deleted" });
    bar.stop();
  }

  const command = `npm run bench:client-origins${args["no-append"] ? " -- --no-append" : ""}`;
  const columns = [...ORIGINS, "unmapped"] as const;
  const share = (row: (typeof rows)[number], origin: Attributed) => (row.bytes.get(origin) ?? 0) / row.total;
  const table = [
    `## Client JavaScript by origin (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Command: \`${command}\``,
    "",
    `| first load | files' bytes (gzip) | ${columns.join(" | ")} |`,
    `| --- | ---: | ${columns.map(() => "---:").join(" | ")} |`,
    ...rows.map(
      (row) =>
        `| ${row.page} | ${kb(row.total)} (${kb(row.gzip)}) | ${columns
          .map((origin) => `${kb(row.bytes.get(origin) ?? 0)}, ${(share(row, origin) * 100).toFixed(0)} %`)
          .join(" | ")} |`,
    ),
    "",
    "Minified bytes each origin's modules became in the page's first-load files (source maps of the same build); a",
    "share of the bytes is about the same share of the gzip. React DOM includes its scheduler; Remix and React Router",
    "include turbo-stream (Remix's data encoding) and the route manifest; unmapped are the bundler's own helpers and",
    "separators.",
    "",
  ].join("\n");
  console.log(table);
  if (args["no-append"]) return;
  const figures: BenchFigure[] = rows.flatMap((row) =>
    ORIGINS.map((origin) => ({
      figure: `first load of ${row.page}: share of the JavaScript from ${origin}`,
      value: Math.round(share(row, origin) * 100),
      unit: "%",
    })),
  );
  await recordBenchmark(`\n${table}`, { area: "Client JavaScript by origin", command, figures });
}

await main();
