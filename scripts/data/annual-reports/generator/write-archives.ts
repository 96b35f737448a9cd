/**
 * Bulk archives of annual reports as Bolagsverket publishes them, at any size: outer zips ("01_1.zip", "01_2.zip",
 * ...) of nested zips "<orgnr>_<periodEnd>.zip", each holding the report's XHTML and sometimes an audit report.
 * Streamed: one company's records and one nested zip at a time in memory, outer archives written entry by entry.
 * Also the hostile archive: one nested zip per hostile case between good reports (hostile-cases.ts).
 */
import { renameSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { CompanySourceRecord } from "#search-index/engine";
import { zipBytes, type ZipEntryInput, ZipFileWriter } from "../archive/zip-writer";
import type { ParsedReport } from "../types";
import { renderAuditReport } from "./audit-report";
import { type HostileCase, NESTED_CASE_JOBS, nestedCases, OUTER_CASE_JOBS, outerCases } from "./hostile-cases";
import { renderAnnualReport } from "./ixbrl-document";
import { expectedAnnualReport, reportCurrency } from "./report-model";
import { documentName, type ReportJob, reportJobsOf } from "./report-plan";

export interface AnnualReportArchiveOptions {
  outDir: string;
  seed: number;
  /** Nested zips per outer archive; default 1500. */
  reportsPerArchive?: number;
  /** Stop after this many reports (default: all). Corrections of reports already written come on top. */
  maxReports?: number;
  /** Add the special cases: a few reports in EUR, and corrections (a company's report for a period filed again, with changed figures, in a later archive). */
  specialCases?: boolean;
  onProgress?: (reports: number) => void;
  /** Called for every nested zip written, with what a correct loader reads from it; a promise returned is awaited. */
  onReport?: (report: GeneratedReport) => void | Promise<void>;
}

export interface AnnualReportArchiveSummary {
  archives: string[];
  reports: number;
  bytes: number;
  corrections: { orgNo: string; periodEnd: string }[];
  foreignCurrency: { orgNo: string; periodEnd: string; currency: string }[];
}

export interface GeneratedReport {
  /** The outer archive's file name. */
  archive: string;
  inner: string;
  file: string;
  expected: ParsedReport;
  isCorrection: boolean;
}

/** The nested zip of one filing: the annual report, and the audit report before or after it. */
export function nestedZipOf(job: ReportJob): Uint8Array {
  const report: ZipEntryInput = {
    name: documentName(job, "arsredovisning"),
    data: new TextEncoder().encode(renderAnnualReport(job.input)),
  };
  if (job.audit === "none") return zipBytes([report]);
  const audit: ZipEntryInput = {
    name: documentName(job, "revisionsberattelse"),
    data: new TextEncoder().encode(renderAuditReport(job.input)),
  };
  return zipBytes(job.audit === "before" ? [audit, report] : [report, audit]);
}

/** Outer archives 01_1.zip, 01_2.zip, ... each written under a .partial name and renamed when complete. */
class ArchiveSeries {
  readonly archives: string[] = [];
  bytes = 0;
  private writer: ZipFileWriter | null = null;
  private entries = 0;

  constructor(
    private readonly outDir: string,
    private readonly perArchive: number,
  ) {}

  get index(): number {
    return this.archives.length;
  }

  get current(): string {
    return path.basename(this.archives[this.archives.length - 1] ?? "");
  }

  get isFull(): boolean {
    return this.writer === null || this.entries >= this.perArchive;
  }

  async next(): Promise<void> {
    await this.close();
    const file = path.join(this.outDir, `01_${this.archives.length + 1}.zip`);
    this.archives.push(file);
    this.writer = await ZipFileWriter.open(`${file}.partial`);
    this.entries = 0;
  }

  async add(entry: ZipEntryInput): Promise<void> {
    if (!this.writer) throw new Error("ArchiveSeries: add() before next()");
    await this.writer.add(entry);
    this.entries++;
  }

  async close(): Promise<void> {
    if (!this.writer) return;
    const { bytes } = await this.writer.close();
    this.bytes += bytes;
    this.writer = null;
    const file = this.archives[this.archives.length - 1] as string;
    renameSync(`${file}.partial`, file);
  }
}

/** One nested zip per entry of each company's annualReports, streamed into outer archives. Sole traders never file. */
export async function writeAnnualReportArchives(
  companies: AsyncIterable<CompanySourceRecord> | Iterable<CompanySourceRecord>,
  options: AnnualReportArchiveOptions,
): Promise<AnnualReportArchiveSummary> {
  await mkdir(options.outDir, { recursive: true });
  const series = new ArchiveSeries(options.outDir, options.reportsPerArchive ?? 1500);
  const summary: AnnualReportArchiveSummary = { archives: series.archives, reports: 0, bytes: 0, corrections: [], foreignCurrency: [] };
  const maxReports = options.maxReports ?? Infinity;
  /** Corrections wait for the archive after their first filing's. */
  let waiting: { job: ReportJob; after: number }[] = [];
  let firstFilings = 0;

  const write = async (job: ReportJob) => {
    if (series.isFull) {
      await series.next();
      const due = waiting.filter((w) => w.after < series.index);
      waiting = waiting.filter((w) => w.after >= series.index);
      for (const { job: correction } of due) await writeOne(correction);
    }
    await writeOne(job);
  };
  const writeOne = async (job: ReportJob) => {
    await series.add({ name: job.inner, data: nestedZipOf(job), method: "store" });
    summary.reports++;
    if (job.isCorrection) summary.corrections.push({ orgNo: job.orgNo, periodEnd: job.periodEnd });
    const currency = reportCurrency(job.input);
    if (currency !== "SEK") summary.foreignCurrency.push({ orgNo: job.orgNo, periodEnd: job.periodEnd, currency });
    const file = documentName(job, "arsredovisning");
    await options.onReport?.({
      archive: series.current,
      inner: job.inner,
      file,
      expected: expectedAnnualReport(job.input),
      isCorrection: job.isCorrection,
    });
    if (summary.reports % 100 === 0) options.onProgress?.(summary.reports);
  };

  outer: for await (const company of companies) {
    for (const job of reportJobsOf(company, options.seed, options.specialCases ?? false)) {
      if (job.isCorrection) {
        waiting.push({ job, after: series.index });
        continue;
      }
      if (firstFilings >= maxReports) break outer;
      firstFilings++;
      await write(job);
    }
  }
  if (waiting.length > 0) {
    // The last corrections get an archive of their own, after their first filings'.
    await series.next();
    for (const { job } of waiting) await writeOne(job);
  }
  await series.close();
  summary.bytes = series.bytes;
  options.onProgress?.(summary.reports);
  return summary;
}

export interface HostileArchiveResult {
  /** Each case: its nested zip (`inner`), the file at fault, the refusal reason and what it is; `archive` names its outer archive. */
  cases: { archive: string; inner: string; file: string | null; reason: string; description: string }[];
  /** The outer archives written: `file`, and beside it `<name>-outer.zip` for the outer-level cases. */
  archives: string[];
  /** The good reports between the cases, with what a correct loader reads from each. */
  good: { archive: string; inner: string; expected: ParsedReport }[];
}

const GOOD_BETWEEN_CASES = 2;

/** One archive holding one nested zip per hostile case, each beside good reports (two before each case, two after the last). */
export async function writeHostileArchive(file: string, companies: readonly CompanySourceRecord[]): Promise<HostileArchiveResult> {
  const jobs = companies.flatMap((company) => reportJobsOf(company, 45));
  const caseJobs = NESTED_CASE_JOBS + OUTER_CASE_JOBS;
  const goodNeeded = GOOD_BETWEEN_CASES * (NESTED_CASE_JOBS + OUTER_CASE_JOBS + 2);
  if (jobs.length < caseJobs + goodNeeded) {
    throw new Error(`writeHostileArchive needs companies with at least ${caseJobs + goodNeeded} filed reports; got ${jobs.length}`);
  }
  const good = jobs.slice(0, goodNeeded);
  // One job per company for the cases, so that a case never shares its company with another (ORGNR_MISMATCH).
  const seen = new Set(good.map((job) => job.orgNo));
  const caseJobsOf = jobs.slice(goodNeeded).filter((job) => !seen.has(job.orgNo) && seen.add(job.orgNo));
  if (caseJobsOf.length < caseJobs) throw new Error(`writeHostileArchive needs ${caseJobs} more companies with filed reports`);
  const outerFile = file.replace(/(\.zip)?$/i, "-outer.zip");
  await mkdir(path.dirname(file), { recursive: true });
  const result: HostileArchiveResult = { cases: [], archives: [file, outerFile], good: [] };
  const nested = nestedCases(caseJobsOf.slice(0, NESTED_CASE_JOBS));
  const outer = outerCases(caseJobsOf.slice(NESTED_CASE_JOBS));
  const half = GOOD_BETWEEN_CASES * (nested.length + 1);
  await writeCaseArchive(file, nested, good.slice(0, half), result);
  await writeCaseArchive(outerFile, outer, good.slice(half), result);
  return result;
}

async function writeCaseArchive(file: string, cases: HostileCase[], good: ReportJob[], result: HostileArchiveResult): Promise<void> {
  const writer = await ZipFileWriter.open(file);
  const archive = path.basename(file);
  const perGap = Math.max(1, Math.floor(good.length / (cases.length + 1)));
  const writeGood = async (jobs: ReportJob[]) => {
    for (const job of jobs) {
      await writer.add({ name: job.inner, data: nestedZipOf(job), method: "store" });
      result.good.push({ archive, inner: job.inner, expected: expectedAnnualReport(job.input) });
    }
  };
  for (const [i, hostile] of cases.entries()) {
    await writeGood(good.slice(i * perGap, (i + 1) * perGap));
    await writer.add(hostile.entry);
    const { inner, file: faulty, reason, description } = hostile;
    result.cases.push({ archive, inner, file: faulty, reason, description });
  }
  await writeGood(good.slice(cases.length * perGap));
  await writer.close();
}
