/**
 * npm run bench:monitoring -- --before DIR --after DIR [--searches N] [--watched N] [--users N] [--no-append]
 * Bevakning's figures (issue 16) on two datasets that differ by a night's churn (`data:generate -- --churn`):
 *  1. the change set: hashing every company document of both versions (the extra work of the reindex's parse threads),
 *     sorting and diffing the hashes; time and the memory the hashes take;
 *  2. the alerts: N synthetic saved searches and N watched companies over N users (deterministic), evaluated exactly as
 *     the reindex stage does (the candidates' documents, two small SearchBackends), then one alert job per affected
 *     user run with the API's own job code (processAlertJob: alerts, hit counts, digest into the dev mailbox) on a
 *     fresh local D1. Progress bars on stderr; the figures and this command line are appended to docs/benchmarks (record.ts).
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { z } from "zod";
import { companyDocumentRow, type CompanySourceRecord, type WorksiteSourceRecord } from "#search-index/engine";
import {
  candidateMatcher,
  type CandidateSources,
  type ChangeSet,
  companyNameIn,
  diffHashes,
  documentHash,
  type DocumentHashes,
  evaluateSearches,
  HashCollector,
  watchedItems,
} from "#search-index/indexing";
import { lines } from "../reindex/source-reader";
import { runAlertJobs } from "./monitoring-jobs";
import { recordBenchmark } from "./record";
import { syntheticSubscriptions, type BenchSubscriptions } from "./monitoring-subscriptions";

const ArgsSchema = z.object({
  before: z.string().min(1),
  after: z.string().min(1),
  searches: z.coerce.number().int().nonnegative().default(10_000),
  watched: z.coerce.number().int().nonnegative().default(100_000),
  users: z.coerce.number().int().positive().default(2_000),
  "no-append": z.boolean().default(false),
});

function bar(label: string) {
  return new cliProgress.SingleBar(
    {
      format: `${label.padEnd(24)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
      stream: process.stderr,
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    cliProgress.Presets.shades_classic,
  );
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Hashes a dataset's company documents as the parse threads do; returns the hashes and the time spent hashing. Only the
 * companies: the reindex also hashes every worksite document (HashCollector.addWorksites, summed per company), which
 * these figures leave out, so a churn that changes worksites alone is not in this change set.
 */
async function hashDataset(dir: string, total: number, label: string): Promise<{ hashes: DocumentHashes; hashMs: number; ids: number[] }> {
  const collector = new HashCollector();
  const progress = bar(label);
  progress.start(total, 0);
  let hashMs = 0;
  let n = 0;
  const ids: number[] = [];
  for await (const line of lines(path.join(dir, "companies.ndjson"))) {
    const record = JSON.parse(line) as CompanySourceRecord;
    const doc = String(companyDocumentRow(record)[1]);
    const started = performance.now();
    collector.add(Float64Array.of(record.orgSeqNo, documentHash(doc)));
    hashMs += performance.now() - started;
    ids.push(record.orgSeqNo);
    if (++n % 10_000 === 0) progress.update(n);
  }
  const started = performance.now();
  const hashes = collector.finish();
  hashMs += performance.now() - started;
  progress.update(n);
  progress.stop();
  return { hashes, hashMs, ids };
}

/** The candidates' source records (and their worksites) of one dataset. */
async function candidates(dir: string, wanted: Set<number>, version: number): Promise<CandidateSources> {
  const companies = new Map<number, CompanySourceRecord>();
  for await (const line of lines(path.join(dir, "companies.ndjson"))) {
    const id = Number(/"orgSeqNo":(\d+)/.exec(line)?.[1]);
    if (wanted.has(id)) companies.set(id, JSON.parse(line) as CompanySourceRecord);
  }
  const worksites: WorksiteSourceRecord[] = [];
  for await (const line of lines(path.join(dir, "worksites.ndjson"))) {
    const id = Number(/"orgSeqNo":(\d+)/.exec(line)?.[1]);
    if (companies.has(id)) worksites.push(JSON.parse(line) as WorksiteSourceRecord);
  }
  return { version, companies, worksites };
}

async function changeSetFigures(args: z.infer<typeof ArgsSchema>) {
  const memoryBefore = process.memoryUsage();
  const before = await hashDataset(args.before, 1_300_000, "hashing version 1");
  const after = await hashDataset(args.after, 1_300_000, "hashing version 2");
  const started = performance.now();
  const changes = diffHashes(before.hashes, after.hashes);
  const diffMs = performance.now() - started;
  const hashBytes = (before.hashes.ids.byteLength + before.hashes.hashes.byteLength) * 2;
  const memoryAfter = process.memoryUsage();
  const changeIds = (changes.added.length + changes.removed.length + changes.changed.length) * 8;
  return {
    changes,
    ids: after.ids,
    figures: {
      companies: after.hashes.ids.length,
      hashSecondsPerVersion: seconds(after.hashMs),
      diffSeconds: seconds(diffMs),
      hashMb: mb(hashBytes),
      arrayBuffersMb: mb(memoryAfter.arrayBuffers - memoryBefore.arrayBuffers),
      changeIdsMb: mb(changeIds),
      rssGrowthMb: mb(memoryAfter.rss - memoryBefore.rss),
    },
  };
}

async function alertFigures(args: z.infer<typeof ArgsSchema>, changes: ChangeSet, ids: number[]) {
  const subscriptions: BenchSubscriptions = syntheticSubscriptions(ids, args);
  const started = performance.now();
  const touched = new Set([...changes.changed, ...changes.removed]);
  const [before, after] = await Promise.all([
    candidates(args.before, touched, 1),
    candidates(args.after, new Set([...changes.added, ...changes.changed]), 2),
  ]);
  const loadMs = performance.now() - started;
  const progress = bar("saved searches");
  progress.start(subscriptions.searches.length, 0);
  const evaluated = performance.now();
  const outcome = await evaluateSearches(subscriptions.searches, 1, companyNameIn(before, after), candidateMatcher(before, after), {
    onProgress: (done) => progress.update(done),
  });
  progress.update(subscriptions.searches.length);
  progress.stop();
  const watched = watchedItems(
    subscriptions.watched.filter((w) => touched.has(w.org_seq_no)),
    before,
    after,
  );
  const evaluateMs = performance.now() - evaluated;
  const jobs = await runAlertJobs(subscriptions, outcome, watched, bar("alert jobs"));
  return {
    searches: subscriptions.searches.length,
    watched: subscriptions.watched.length,
    users: args.users,
    candidatesSeconds: seconds(loadMs),
    evaluateSeconds: seconds(evaluateMs),
    searchAlerts: outcome.items.length,
    companyAlerts: watched.length,
    ...jobs,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      before: { type: "string" },
      after: { type: "string" },
      searches: { type: "string" },
      watched: { type: "string" },
      users: { type: "string" },
      "no-append": { type: "boolean" },
    },
  });
  const args = ArgsSchema.parse(values);
  const changeSet = await changeSetFigures(args);
  const { added, removed, changed } = changeSet.changes;
  const alerts = await alertFigures(args, changeSet.changes, changeSet.ids);
  const c = changeSet.figures;
  const report = [
    `## Bevakning: change set and alert jobs (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`npm run bench:monitoring -- ${process.argv.slice(2).join(" ")}\``,
    "",
    `Change set, ${c.companies.toLocaleString("sv-SE")} companies: ${added.length} added, ${removed.length} removed, ${changed.length} changed. Hashing one version's company documents ${c.hashSecondsPerVersion} s on one thread (the reindex spreads it over its parse threads), diff ${c.diffSeconds} s; the two versions' hashes take ${c.hashMb} MB and the change set's ids ${c.changeIdsMb} MB (while hashing both versions here, array buffers grew ${c.arrayBuffersMb} MB and the process's RSS ${c.rssGrowthMb} MB, which includes parsing two datasets' JSON).`,
    "",
    `Alerts: ${alerts.searches.toLocaleString("sv-SE")} saved searches and ${alerts.watched.toLocaleString("sv-SE")} watched companies over ${alerts.users.toLocaleString("sv-SE")} users. Candidate documents read ${alerts.candidatesSeconds} s; saved searches evaluated on both versions and watched companies diffed ${alerts.evaluateSeconds} s (${alerts.searchAlerts} search alerts, ${alerts.companyAlerts} company changes); staged into D1 ${alerts.stageSeconds} s; ${alerts.jobs} alert jobs enqueued and run by the API worker's queue consumer in the local Workers runtime (${alerts.jobsDone} done: ${alerts.alerts} alert rows, ${alerts.mails} digest e-mails into the dev mailbox) in ${alerts.jobSeconds} s. In all ${seconds((alerts.candidatesSeconds + alerts.evaluateSeconds + alerts.stageSeconds + alerts.jobSeconds) * 1000)} s. Load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end.`,
    "",
  ].join("\n");
  console.log(report);
  const count = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
  if (!args["no-append"])
    await recordBenchmark(`\n${report}`, {
      area: "Bevakning: change set and alert jobs",
      command: `npm run bench:monitoring -- ${process.argv.slice(2).join(" ")}`,
      figures: [
        { figure: "change set: hashing one version's company documents", value: c.hashSecondsPerVersion, unit: "s" },
        { figure: "change set: the two versions' hashes", value: c.hashMb, unit: "MB" },
        { figure: "alerts: candidate documents read", value: alerts.candidatesSeconds, unit: "s" },
        { figure: "alerts: saved searches evaluated, watched companies diffed", value: alerts.evaluateSeconds, unit: "s" },
        { figure: "alerts: staged into D1", value: alerts.stageSeconds, unit: "s" },
        { figure: "alerts: alert jobs run", value: alerts.jobSeconds, unit: "s" },
        {
          figure: "alerts: in all",
          value: seconds((alerts.candidatesSeconds + alerts.evaluateSeconds + alerts.stageSeconds + alerts.jobSeconds) * 1000),
          unit: "s",
        },
      ],
      note: `${count(c.companies)} companies; ${count(alerts.searches)} saved searches and ${count(alerts.watched)} watched companies over ${count(alerts.users)} users`,
    });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
