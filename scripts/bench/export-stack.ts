/**
 * npm run bench:export-stack: an XLSX export of `--rows` rows (default 250 000) through the product, against a running
 * local stack (npm start; at full Sweden: URVAL_STATE_DIR=… URVAL_KEEP_INDEX=1 npm start on a reindexed 1.3 M state).
 * As a subscriber of its own (created in the state's D1 with the account CLI's function, quota for the run), it makes
 * the export popup's calls: the preview, POST /sapi/extraction/spreadsheet?serializedSearch=&count= with an
 * Idempotency-Key (all companies of Sweden, the default sort), GET /sapi/extraction/:jobId every second until DONE
 * (the progress bar follows the heartbeat's rowsWritten), then GET /sapi/extraction/:jobId/file. It measures request →
 * DONE, the peak resident memory of the workerd process that runs the export worker (sampled every 250 ms while the
 * job runs; `wrangler dev` runs the web, API and export workers in that one process, so its peak is theirs together),
 * the file's size and download time, and checks the file: a ZIP whose data sheet has exactly `--rows` data rows
 * (streamed, see export-stack-file.ts). A small warm-up export first (--warmup-rows, 0 for none) loads the export
 * isolate's search index, so the big one measures the export itself; the warm-up's own time is reported too.
 * The report and its command are appended to docs/benchmarks (record.ts; --no-append to only print).
 *
 *   npm run bench:export-stack -- [--url http://127.0.0.1:8787] [--state .wrangler/state] [--rows 250000]
 *                                 [--warmup-rows 1000] [--poll-ms 1000] [--area "…"] [--no-append]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { ExtractionJobSchema, ExtractionPreviewSchema, IDEMPOTENCY_KEY_HEADER, type ExtractionJob } from "#shared/api-contracts/extraction";
import { emptySearch } from "#shared/search/empty-search";
import { serializeSearch } from "#shared/search/search-serialize";
import { sameOriginHeadersOf, signInToStack } from "#tests/support/stack-client";
import { createAccount } from "../accounts/cli";
import { openLocalBindings, PERSIST_DIR } from "../lib/local-bindings";
import { peakRssSampler, treeRssMb } from "../lib/process-tree";
import { fetchDocumentCount } from "./api-session";
import { countSheetRows, DATA_SHEET, downloadFile } from "./export-stack-file";
import { recordBenchmark } from "./record";
import { parentOf, stackWorkerdPids, workerdSockets } from "./stack-cpu";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: `http://127.0.0.1:${process.env.PORT ?? 8787}` },
    state: { type: "string", default: PERSIST_DIR },
    rows: { type: "string", default: "250000" },
    "warmup-rows": { type: "string", default: "1000" },
    "poll-ms": { type: "string", default: "1000" },
    /** The area's heading in BENCHMARKS.md (another name for a run on a smaller dataset). */
    area: { type: "string", default: "Export through the product at full Sweden" },
    "no-append": { type: "boolean", default: false },
  },
});

const ROWS = Number(args.rows);
const WARMUP_ROWS = Number(args["warmup-rows"]);
/** The export popup polls every second (app/lib/search/use-export-job.ts) and gives up after 15 minutes. */
const POLL_MS = Number(args["poll-ms"]);
const POLL_LIMIT_MS = 15 * 60_000;
const EXPORT_ISOLATE = "core:user:urval-export";
const origin = new URL(args.url).origin;
const vad = serializeSearch(emptySearch("COMPANY"));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const spaced = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
const seconds = (ms: number) => Math.round(ms / 100) / 10;

interface Account {
  username: string;
  password: string;
}

/** A subscriber of the run's own in the stack's D1, quota for the warm-up and the export, terms accepted at sign-in. */
async function createBenchAccount(quota: number): Promise<Account> {
  const tag = crypto.randomUUID().slice(0, 8);
  const account = { username: `bench-export-${tag}`, password: `Bench-${tag}-Urval-export` };
  const { env, dispose } = await openLocalBindings(path.resolve(args.state));
  try {
    await createAccount(env.DB, {
      ...account,
      email: `${account.username}@example.se`,
      firstName: "Bench",
      lastName: "Export",
      quota,
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
  } finally {
    await dispose();
  }
  return account;
}

class Session {
  constructor(private readonly cookie: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { Cookie: this.cookie, ...sameOriginHeadersOf(origin), ...extra };
  }

  async preview() {
    const query = new URLSearchParams({ serializedSearch: vad });
    const response = await fetch(`${args.url}/sapi/extraction/preview?${query}`, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/json" }),
      body: JSON.stringify({ exclude: false, idNumbers: [] }),
    });
    if (response.status !== 200) throw new Error(`export preview: ${response.status} ${await response.text()}`);
    return ExtractionPreviewSchema.parse(await response.json());
  }

  async requestExport(count: number): Promise<{ job: ExtractionJob; apiMs: number | null }> {
    const query = new URLSearchParams({ serializedSearch: vad, count: String(count) });
    const response = await fetch(`${args.url}/sapi/extraction/spreadsheet?${query}`, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/json", [IDEMPOTENCY_KEY_HEADER]: `bench-${crypto.randomUUID()}` }),
      body: JSON.stringify({ exclude: false, idNumbers: [] }),
    });
    if (response.status !== 202) throw new Error(`export request: ${response.status} ${await response.text()}`);
    return { job: ExtractionJobSchema.parse(await response.json()), apiMs: serverTotal(response.headers.get("server-timing")) };
  }

  async job(jobId: string): Promise<ExtractionJob> {
    const response = await fetch(`${args.url}/sapi/extraction/${encodeURIComponent(jobId)}`, { headers: this.headers() });
    if (response.status !== 200) throw new Error(`export job ${jobId}: ${response.status} ${await response.text()}`);
    return ExtractionJobSchema.parse(await response.json());
  }
}

interface ExportRun {
  job: ExtractionJob;
  /** From the POST to its 202, and to the poll that saw DONE. */
  acceptedMs: number;
  doneMs: number;
  /** The API's own time for the POST (its Server-Timing total), null when the answer had none. */
  apiMs: number | null;
  /** Status answers (the 202 and the polls) that showed the job not yet done. */
  pollsBeforeDone: number;
}

/** `total;dur=N` of a Server-Timing header (workers/api/src/middleware/request-context.ts). */
const serverTotal = (header: string | null) => {
  const match = header ? /(?:^|,)\s*total;dur=([\d.]+)/.exec(header) : null;
  return match?.[1] === undefined ? null : Number(match[1]);
};

/** The popup's loop: request, then poll every POLL_MS until DONE or ERROR, the bar following rowsWritten. */
async function runExport(session: Session, count: number, label: string): Promise<ExportRun> {
  const bar = new SingleBar({
    format: `${label} [{bar}] {percentage}% | {value}/{total} rows | {status} | {duration}s`,
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 5_000,
  });
  bar.start(count, 0, { status: "requested" });
  const started = performance.now();
  const accepted = await session.requestExport(count);
  const acceptedMs = performance.now() - started;
  let job = accepted.job;
  let pollsBeforeDone = 0;
  while (job.status !== "DONE" && job.status !== "ERROR") {
    pollsBeforeDone++;
    if (performance.now() - started > POLL_LIMIT_MS) throw new Error(`export ${job.jobId} not done after ${POLL_LIMIT_MS / 60_000} min`);
    bar.update(job.rowsWritten, { status: job.status });
    await sleep(POLL_MS);
    job = await session.job(job.jobId);
  }
  const doneMs = performance.now() - started;
  bar.update(job.rowsWritten, { status: job.status });
  bar.stop();
  if (job.status !== "DONE") throw new Error(`export ${job.jobId} ended ${job.status}`);
  return { job, acceptedMs, doneMs, apiMs: accepted.apiMs, pollsBeforeDone };
}

const InspectorTargetsSchema = z.array(z.object({ id: z.string() }).loose());

interface StackProcesses {
  /** The workerd process whose inspector lists the export worker's isolate. */
  exportPid: number;
  /** The isolates that process runs (from its inspector), or a note how it was chosen. */
  isolates: string[];
  /** The wrangler process of the stack: its tree is the whole local runtime. */
  wranglerPid: number;
  workerdCount: number;
}

/**
 * The stack's workerd processes are the one listening on --url's port and its siblings under the same wrangler
 * (stack-cpu.ts); the export worker runs in the one whose inspector (/json) lists its isolate.
 */
async function stackProcesses(): Promise<StackProcesses> {
  const pids = stackWorkerdPids(args.url);
  const wranglerPid = Number(parentOf(pids[0] ?? ""));
  for (const { pid, port } of workerdSockets().filter((socket) => pids.includes(socket.pid))) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(1000) });
      const targets = InspectorTargetsSchema.safeParse(await response.json());
      if (targets.success && targets.data.some((target) => target.id === EXPORT_ISOLATE))
        return {
          exportPid: Number(pid),
          isolates: targets.data.map((t) => t.id).filter((id) => id.startsWith("core:user:urval-")),
          wranglerPid,
          workerdCount: pids.length,
        };
    } catch {
      // not an inspector
    }
  }
  // No inspector found: the largest workerd of the stack runs the workers (the other one is the proxy in front).
  const largest = [...pids].sort((a, b) => treeRssMb(Number(b)) - treeRssMb(Number(a)))[0];
  if (!largest) throw new Error(`no workerd process for the stack at ${args.url}`);
  return {
    exportPid: Number(largest),
    isolates: ["(no inspector found: the stack's largest workerd process)"],
    wranglerPid,
    workerdCount: pids.length,
  };
}

interface Measured {
  documents: number;
  preview: z.infer<typeof ExtractionPreviewSchema>;
  warmup: ExportRun | null;
  main: ExportRun;
  processes: StackProcesses;
  rssBeforeMb: number;
  peakRssMb: number;
  stackRssBeforeMb: number;
  stackPeakRssMb: number;
  download: Awaited<ReturnType<typeof downloadFile>>;
  sheet: Awaited<ReturnType<typeof countSheetRows>>;
  checkMs: number;
  loadBefore: string;
  loadAfter: string;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** The job's own time by the server's clock: created (the quota reserved) to finished. */
const jobOwnMs = (job: ExtractionJob) => (job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.createdAt) : Number.NaN);

function problems(m: Measured): string[] {
  const found: string[] = [];
  const dataRows = m.sheet.rows - 1;
  if (dataRows !== ROWS) found.push(`${DATA_SHEET} has ${spaced(dataRows)} data rows, expected ${spaced(ROWS)}`);
  if (m.sheet.lastRowNumber !== ROWS + 1) found.push(`the last row is r="${m.sheet.lastRowNumber}", expected ${ROWS + 1}`);
  if (m.main.job.rowCount !== ROWS) found.push(`the job says ${m.main.job.rowCount} rows written`);
  if (m.download.contentLength !== null && m.download.contentLength !== m.download.bytes)
    found.push(`Content-Length ${m.download.contentLength}, ${m.download.bytes} bytes received`);
  return found;
}

function report(m: Measured, command: string): string {
  const { main, warmup, processes, download, sheet } = m;
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const issues = problems(m);
  return [
    `## Export through the product: ${spaced(ROWS)} rows XLSX (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`${command}\``,
    "",
    `Stack ${args.url} (state ${args.state}), ${spaced(m.documents)} documents in the index; search: all companies, default sort ` +
      `(${spaced(m.preview.selectionCount)} hits); ${os.cpus().length} cores, load average ${m.loadBefore} before, ${m.loadAfter} after.`,
    "",
    "| figure | value |",
    "| --- | ---: |",
    `| request → DONE (the poll every ${POLL_MS} ms that saw DONE) | ${seconds(main.doneMs)} s |`,
    `| request → 202 at the client (job reserved, quota debited) | ${seconds(main.acceptedMs)} s |`,
    `| the API's own time for that request (Server-Timing total) | ${main.apiMs === null ? "not given" : `${seconds(main.apiMs)} s`} |`,
    `| the job's own time, createdAt → finishedAt (server clock) | ${seconds(jobOwnMs(main.job))} s |`,
    `| peak RSS of the export worker's workerd process (pid ${processes.exportPid}) | ${m.peakRssMb} MB |`,
    `| its RSS before the request | ${m.rssBeforeMb} MB |`,
    `| peak RSS of the whole local runtime (wrangler and its ${processes.workerdCount} workerd processes) | ${m.stackPeakRssMb} MB (${m.stackRssBeforeMb} MB before) |`,
    `| file size | ${mb(download.bytes)} MB (${spaced(download.bytes)} bytes) |`,
    `| download time (GET …/file to the last byte; headers after ${Math.round(download.headersMs)} ms) | ${seconds(download.totalMs)} s |`,
    `| rows verified in ${DATA_SHEET} (${sheet.method}) | ${spaced(sheet.rows - 1)} data rows + header, last r="${sheet.lastRowNumber}" |`,
    ...(warmup
      ? [
          `| warm-up export before it, ${spaced(WARMUP_ROWS)} rows (the first export after a stack start loads the export isolate's index): request → DONE | ${seconds(warmup.doneMs)} s |`,
        ]
      : []),
    "",
    `- The export worker's process (wrangler dev, one workerd) runs these workers' isolates: ${processes.isolates.join(", ")}, and the local D1, R2 and queue simulators: its peak is theirs together.`,
    `- Job ${main.job.jobId}: ${spaced(main.job.rowCount ?? 0)} rows, ${spaced(main.job.chargedCount)} charged, file ${main.job.fileName}` +
      ` (${download.contentType ?? "no Content-Type"}); entries: ${sheet.entries.join(", ")}; checked in ${seconds(m.checkMs)} s.`,
    `- Status answers showing the job not yet done: ${main.pollsBeforeDone} (the 202 and the polls every ${POLL_MS} ms).` +
      (main.acceptedMs - (main.apiMs ?? 0) > 5_000
        ? " The 202 reached the client long after the API had answered it: under wrangler dev the export worker runs on the" +
          " same workerd thread as the web worker that forwards the answer, so the answer (and any poll) waits while the job" +
          " writes; in production they run apart and the popup's bar follows rowsWritten."
        : ""),
    issues.length === 0 ? "- ✓ the file holds exactly the rows requested" : `- ✗ ${issues.join("; ")}`,
    "",
  ].join("\n");
}

function figures(m: Measured) {
  const rows = spaced(ROWS);
  const list = [
    { figure: `${rows} rows XLSX: request → DONE`, value: seconds(m.main.doneMs), unit: "s" },
    { figure: `${rows} rows XLSX: request → 202 at the client (job reserved)`, value: seconds(m.main.acceptedMs), unit: "s" },
    {
      figure: `${rows} rows XLSX: the API's own time for the request (Server-Timing)`,
      value: seconds(m.main.apiMs ?? Number.NaN),
      unit: "s",
    },
    { figure: `${rows} rows XLSX: the job's own time (server clock)`, value: seconds(jobOwnMs(m.main.job)), unit: "s" },
    {
      figure: `${rows} rows XLSX: peak RSS of the export worker's workerd process`,
      value: m.peakRssMb,
      unit: "MB",
      note: `one workerd runs the web, API and export workers and the local D1/R2/queues under wrangler dev; ${m.rssBeforeMb} MB before the request`,
    },
    { figure: `${rows} rows XLSX: peak RSS of the whole local runtime`, value: m.stackPeakRssMb, unit: "MB" },
    { figure: `${rows} rows XLSX: file size`, value: Math.round(m.download.bytes / 1e5) / 10, unit: "MB" },
    { figure: `${rows} rows XLSX: download time`, value: seconds(m.download.totalMs), unit: "s" },
    { figure: `${rows} rows XLSX: data rows verified in the file`, value: m.sheet.rows - 1, unit: "rows" },
  ];
  if (m.warmup)
    list.push({
      figure: `warm-up export (${spaced(WARMUP_ROWS)} rows) before it: request → DONE`,
      value: seconds(m.warmup.doneMs),
      unit: "s",
    });
  return list;
}

async function measure(): Promise<Measured> {
  const documents = await fetchDocumentCount(args.url);
  const account = await createBenchAccount(ROWS + WARMUP_ROWS);
  const session = new Session(await signInToStack(args.url, account, { acceptTerms: true }));
  const preview = await session.preview();
  if (preview.selectionCount < ROWS) throw new Error(`the search has ${preview.selectionCount} hits, fewer than --rows ${ROWS}`);
  if (preview.maxCount < ROWS) throw new Error(`the account may export ${preview.maxCount} rows, fewer than --rows ${ROWS}`);
  const processes = await stackProcesses();
  console.error(
    `[bench:export-stack] ${spaced(documents)} documents; export worker in workerd pid ${processes.exportPid} (${processes.isolates.join(", ")})`,
  );
  const warmup = WARMUP_ROWS > 0 ? await runExport(session, WARMUP_ROWS, "warm-up") : null;
  const loadBefore = loadAverage();
  const rssBeforeMb = treeRssMb(processes.exportPid);
  const stackRssBeforeMb = treeRssMb(processes.wranglerPid);
  const exportSampler = peakRssSampler(processes.exportPid);
  const stackSampler = peakRssSampler(processes.wranglerPid);
  let main: ExportRun;
  try {
    main = await runExport(session, ROWS, "export");
  } finally {
    exportSampler.stop();
    stackSampler.stop();
  }
  const peakRssMb = exportSampler.peak();
  const stackPeakRssMb = stackSampler.peak();
  const dir = mkdtempSync(path.join(os.tmpdir(), "urval-bench-export-"));
  try {
    const file = path.join(dir, main.job.fileName);
    const url = `${args.url}/sapi/extraction/${encodeURIComponent(main.job.jobId)}/file`;
    const download = await downloadFile(url, session.headers(), file);
    const checkStarted = performance.now();
    const sheet = await countSheetRows(file);
    const checkMs = performance.now() - checkStarted;
    const loadAfter = loadAverage();
    return {
      documents,
      preview,
      warmup,
      main,
      processes,
      rssBeforeMb,
      peakRssMb,
      stackRssBeforeMb,
      stackPeakRssMb,
      download,
      sheet,
      checkMs,
      loadBefore,
      loadAfter,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error("--rows must be a positive integer");
  const measured = await measure();
  const command = `npm run bench:export-stack -- ${process.argv.slice(2).join(" ")}`.trim().replace(/ --$/, "");
  const text = report(measured, command);
  console.log(text);
  const failed = problems(measured).length > 0;
  if (!args["no-append"])
    await recordBenchmark(`\n${text}`, {
      area: args.area,
      command,
      figures: figures(measured),
      note: `${spaced(measured.documents)} documents in the index; all companies, default sort; ${os.cpus().length} cores${failed ? "; the file check FAILED" : ""}`,
    });
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
