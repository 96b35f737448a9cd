/**
 * npm run bench:search-workerd -- [--state DIR] [--runs R] [--port P]
 * The embedded backend inside workerd under `wrangler dev`, on the index `npm run reindex` built into DIR: first-request
 * (snapshot load) time, then p50/p95 per query of the bench mix over HTTP, including the D1 fetch of the 20 records.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { PERSIST_DIR, ROOT, wranglerInspectorArgs } from "../lib/local-bindings";
import { BENCH_QUERIES } from "./search-queries";
import type { BenchFigure } from "./record";
import { appendReport } from "./search-report";
import { percentile } from "./search-run";

const ArgsSchema = z.object({
  state: z.string().default(PERSIST_DIR),
  runs: z.coerce.number().int().min(3).max(500).default(20),
  port: z.coerce.number().int().min(1024).max(65535).default(8793),
  "list-source": z.string().optional(),
  "no-append": z.boolean().default(false),
});

async function startWorker(state: string, port: number) {
  const child = spawn(
    path.join(ROOT, "node_modules/.bin/wrangler"),
    [
      "dev",
      "-c",
      "scripts/bench/search-workerd.wrangler.toml",
      "--persist-to",
      path.resolve(state),
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      ...wranglerInspectorArgs(),
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("Ready on") && resolve());
    child.on("exit", (code) => reject(new Error(`wrangler dev exited (${code})`)));
  });
  return child;
}

async function timedSearch(url: string, body: unknown): Promise<{ ms: number; hitCount: number }> {
  const started = performance.now();
  const response = await fetch(url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  const json = (await response.json()) as { hitCount: number };
  if (!response.ok) throw new Error(`search failed: ${JSON.stringify(json)}`);
  return { ms: performance.now() - started, hitCount: json.hitCount };
}

async function main() {
  const { values } = parseArgs({
    options: {
      state: { type: "string" },
      runs: { type: "string" },
      port: { type: "string" },
      "list-source": { type: "string" },
      "no-append": { type: "boolean" },
    },
  });
  const args = ArgsSchema.parse(values);
  const listFile = args["list-source"] ? readFileSync(args["list-source"], "utf8").split("\n").filter(Boolean).slice(0, 5000) : [];
  const child = await startWorker(args.state, args.port);
  const url = `http://127.0.0.1:${args.port}/`;
  try {
    const first = await timedSearch(url, { search: {} });
    const rows: string[] = [];
    const figures: BenchFigure[] = [
      { figure: "first request (loads the snapshot)", value: Number((first.ms / 1000).toFixed(1)), unit: "s" },
    ];
    for (const query of BENCH_QUERIES) {
      if (query.listFile && listFile.length === 0) continue;
      const body = { search: query.search, page: query.page ?? 0, listFile };
      const warm = await timedSearch(url, body);
      const times: number[] = [];
      for (let r = 0; r < args.runs; r++) times.push((await timedSearch(url, body)).ms);
      rows.push(
        `| ${query.name} | ${warm.hitCount.toLocaleString("sv-SE")} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} |`,
      );
      figures.push({ figure: `${query.name}: p50`, value: Number(percentile(times, 0.5).toFixed(1)), unit: "ms" });
      process.stderr.write(`  ${query.name}: ${warm.hitCount} hits\n`);
    }
    const command = `npm run bench:search-workerd -- ${process.argv.slice(2).join(" ")}`.replace(/ -- $/, "");
    const report = [
      `## Search engine inside workerd (wrangler dev) (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
      "",
      `Command: \`${command}\``,
      "",
      `The embedded backend as the API worker loads it (getSearchBackend: snapshot from R2, documents from D1) in one \`wrangler dev\`, timed over local HTTP from Node (includes fetching the page's 20 records from D1). First request, which loads the snapshot: ${(first.ms / 1000).toFixed(1)} s (${first.hitCount.toLocaleString("sv-SE")} companies). ${args.runs} runs per query after one warm-up. Load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")}.`,
      "",
      "| query | hits | p50 ms | p95 ms |",
      "| --- | ---: | ---: | ---: |",
      ...rows,
      "",
    ].join("\n");
    console.log(report);
    if (!args["no-append"]) await appendReport(report, { area: "Search engine inside workerd", command, figures });
  } finally {
    child.kill("SIGINT");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
