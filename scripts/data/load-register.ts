/**
 * The register: Bolagsverket's bulk file, SCB's bulk file and the digitally filed annual reports, loaded by their own
 * loaders and joined by organisation number into one source dataset (issue 45 point 3, docs/decisions/0050).
 *
 * The two bulk files load one after the other (SCB's loader joins Bolagsverket's records) while the annual reports
 * load beside them in a process of their own: two cores, two pipelines. Then every company streams through
 * joinAnnualReports. Output (OUT, default data/register):
 *   companies.ndjson, worksites.ndjson (empty: the free files have no CFAR worksites), manifest.json (last),
 *   annual-reports/ (the annual-report loader's reports.ndjson and load report, and packs/: the filed documents in
 *   packs the reindex stores in R2), sources/ (the bulk loaders' own outputs and load reports), load-report.json (the
 *   three and the join).
 * A loader that rejects its input rejects the register: OUT then holds only load-report.json and sources/.
 */
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { CompanySourceRecordSchema, type CompanySourceRecord } from "#search-index/engine";
import { joinAnnualReports } from "./annual-reports/join-reports";
import { readAnnualReportLines, type AnnualReportLine } from "./annual-reports/load-annual-reports";
import { packDocuments } from "./annual-reports/pack-documents";
import { writeSourceManifest } from "./load-report";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface RegisterLoadOptions {
  bolagsverket: string;
  scb: string;
  annualReports: string;
  outDir: string;
  /** Skip bad register rows instead of rejecting the file (both bulk loaders' --skip-invalid). */
  skipInvalid?: boolean;
  /** Reject the run on any refused annual report (the annual-report loader's --strict). */
  strict?: boolean;
  /** Each loader's output, as it prints it (progress bars, its summary line). */
  onOutput?: (loader: string, text: string) => void;
}

export interface RegisterLoadReport {
  rejected: boolean;
  /** Which loader rejected its input, when one did. */
  rejectedBy: string | null;
  companies: number;
  companiesWithReports: number;
  /** Accepted reports whose organisation number is in neither bulk file (not indexed). */
  reportsWithoutCompany: number;
  soleTradersWithReports: number;
  /** Companies whose size class was derived from their reports' head count. */
  derivedSizeClasses: number;
  seconds: { bulkFiles: number; annualReports: number; join: number; total: number };
  peakRssMb: { bulkFiles: number; annualReports: number; join: number };
  loaders: Record<string, unknown>;
}

interface ChildResult {
  code: number;
  peakRssMb: number;
  seconds: number;
}

/** Runs one loader CLI with the project's tsx, its output passed on; its peak memory read from /usr/bin/time. */
function runLoader(name: string, script: string, args: string[], onOutput?: RegisterLoadOptions["onOutput"]): Promise<ChildResult> {
  const started = performance.now();
  const tsx = path.join(ROOT, "node_modules/.bin/tsx");
  const timed = existsSync("/usr/bin/time");
  const command = timed ? "/usr/bin/time" : tsx;
  const commandArgs = timed ? ["-f", "URVAL_PEAK_RSS_KB=%M", tsx, script, ...args] : [script, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let peakKb = 0;
    // Whole lines only: /usr/bin/time's line may arrive split across chunks.
    const lines = () => {
      let pending = "";
      return {
        push(text: string) {
          const parts = (pending + text).split("\n");
          pending = parts.pop() ?? "";
          for (const line of parts) take(line);
        },
        end: () => pending && take(pending),
      };
    };
    const take = (line: string) => {
      const match = /^URVAL_PEAK_RSS_KB=(\d+)$/.exec(line);
      if (match) peakKb = Number(match[1]);
      else onOutput?.(name, `${line}\n`);
    };
    const out = lines();
    const err = lines();
    child.stdout.setEncoding("utf8").on("data", out.push);
    child.stderr.setEncoding("utf8").on("data", err.push);
    child.on("error", reject);
    child.on("close", (code) => {
      out.end();
      err.end();
      resolve({ code: code ?? 1, peakRssMb: Math.round(peakKb / 1024), seconds: (performance.now() - started) / 1000 });
    });
  });
}

const readJson = (file: string): Record<string, unknown> | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : null;

/** The reports of each organisation number, grouped (about 1 kB a report: 300 000 reports stay well under 1 GB). */
async function reportsByOrgNo(dir: string): Promise<Map<string, AnnualReportLine[]>> {
  const byOrgNo = new Map<string, AnnualReportLine[]>();
  for await (const line of readAnnualReportLines(dir)) {
    const list = byOrgNo.get(line.orgNo);
    if (list) list.push(line);
    else byOrgNo.set(line.orgNo, [line]);
  }
  return byOrgNo;
}

function closeStream(stream: ReturnType<typeof createWriteStream>): Promise<void> {
  return new Promise((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

export async function loadRegister(options: RegisterLoadOptions): Promise<RegisterLoadReport> {
  const started = performance.now();
  const outDir = path.resolve(options.outDir);
  const work = `${outDir}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  const sources = path.join(work, "sources");
  mkdirSync(sources, { recursive: true });
  const skip = options.skipInvalid ? ["--skip-invalid"] : [];
  const bvOut = path.join(sources, "bolagsverket");
  const scbOut = path.join(sources, "scb");
  const arOut = path.join(work, "annual-reports");

  const bulkFiles = (async () => {
    const bv = await runLoader(
      "bolagsverket",
      "scripts/data/load-bolagsverket-cli.ts",
      ["--file", path.resolve(options.bolagsverket), "--out", bvOut, ...skip],
      options.onOutput,
    );
    if (bv.code !== 0) return { ...bv, failed: "bolagsverket" };
    const scb = await runLoader(
      "scb",
      "scripts/data/load-scb-cli.ts",
      ["--file", path.resolve(options.scb), "--bolagsverket", bvOut, "--out", scbOut, ...skip],
      options.onOutput,
    );
    const both = { code: scb.code, peakRssMb: Math.max(bv.peakRssMb, scb.peakRssMb), seconds: bv.seconds + scb.seconds };
    return { ...both, failed: scb.code !== 0 ? "scb" : null };
  })();
  const annual = runLoader(
    "annual-reports",
    "scripts/data/load-annual-reports-cli.ts",
    ["--dir", path.resolve(options.annualReports), "--out", arOut, ...(options.strict ? ["--strict"] : [])],
    options.onOutput,
  );
  const [bulk, reports] = await Promise.all([bulkFiles, annual]);

  const report: RegisterLoadReport = {
    rejected: false,
    rejectedBy: bulk.failed ?? (reports.code !== 0 ? "annual-reports" : null),
    companies: 0,
    companiesWithReports: 0,
    reportsWithoutCompany: 0,
    soleTradersWithReports: 0,
    derivedSizeClasses: 0,
    seconds: { bulkFiles: round(bulk.seconds), annualReports: round(reports.seconds), join: 0, total: 0 },
    peakRssMb: { bulkFiles: bulk.peakRssMb, annualReports: reports.peakRssMb, join: 0 },
    loaders: {
      bolagsverket: summary(readJson(path.join(bvOut, "load-report.json"))),
      scb: summary(readJson(path.join(scbOut, "load-report.json"))),
      annualReports: summary(readJson(path.join(arOut, "load-report.json"))),
    },
  };
  if (report.rejectedBy) {
    report.rejected = true;
    report.seconds.total = round((performance.now() - started) / 1000);
    rejectInto(outDir, work, report);
    return report;
  }

  const joinStarted = performance.now();
  // The filed documents in packs for R2 (pack-documents.ts); the loader's one big file is then no longer needed.
  const packed = await packDocuments(arOut, path.join(arOut, "packs"));
  rmSync(path.join(arOut, "documents.bin"));
  const byOrgNo = await reportsByOrgNo(arOut);
  const companiesOut = createWriteStream(path.join(work, "companies.ndjson"));
  const input = createReadStream(path.join(scbOut, "companies.ndjson"));
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    if (text.length === 0) continue;
    const record: CompanySourceRecord = CompanySourceRecordSchema.parse(JSON.parse(text));
    const filed = byOrgNo.get(record.orgNo);
    let joined = record;
    if (filed) {
      byOrgNo.delete(record.orgNo);
      if (record.soleProprietorship) report.soleTradersWithReports++;
      else {
        joined = joinAnnualReports(record, filed, packed);
        report.companiesWithReports++;
        if (joined.employeeRangeDerived) report.derivedSizeClasses++;
      }
    }
    report.companies++;
    if (!companiesOut.write(JSON.stringify(joined) + "\n"))
      await new Promise<void>((resolve) => companiesOut.once("drain", () => resolve()));
  }
  await closeStream(companiesOut);
  for (const list of byOrgNo.values()) report.reportsWithoutCompany += list.length;
  writeFileSync(path.join(work, "worksites.ndjson"), "");
  report.seconds.join = round((performance.now() - joinStarted) / 1000);
  report.peakRssMb.join = Math.round(process.resourceUsage().maxRSS / 1024);
  report.seconds.total = round((performance.now() - started) / 1000);
  writeFileSync(path.join(work, "load-report.json"), JSON.stringify(report, null, 2) + "\n");
  const source = `bolagsverket:${path.basename(options.bolagsverket)} + scb:${path.basename(options.scb)} + annual-reports:${path.basename(path.resolve(options.annualReports))}`;
  writeSourceManifest(work, report.companies, source);
  rmSync(outDir, { recursive: true, force: true });
  renameSync(work, outDir);
  return report;
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** A loader's report without its long lists (those stay in sources/ and annual-reports/). */
function summary(report: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!report) return null;
  return Object.fromEntries(Object.entries(report).filter(([, value]) => !Array.isArray(value) || value.length <= 20));
}

/** A rejected register: OUT keeps the loaders' reports to read, and nothing a reindex could take for a dataset. */
function rejectInto(outDir: string, work: string, report: RegisterLoadReport): void {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  renameSync(path.join(work, "sources"), path.join(outDir, "sources"));
  const annual = path.join(work, "annual-reports", "load-report.json");
  if (existsSync(annual)) {
    mkdirSync(path.join(outDir, "annual-reports"));
    renameSync(annual, path.join(outDir, "annual-reports", "load-report.json"));
  }
  rmSync(work, { recursive: true, force: true });
  writeFileSync(path.join(outDir, "load-report.json"), JSON.stringify(report, null, 2) + "\n");
}
