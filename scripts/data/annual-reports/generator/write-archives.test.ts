import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompanySourceRecord, CompanySourceRecordSchema } from "#search-index/engine";
import { generateDataset } from "../../generate";
import { ZipReader } from "../archive/zip-reader";
import { bombZip } from "./hostile-cases";
import { expectedAnnualReport } from "./report-model";
import { reportJobsOf } from "./report-plan";
import { type AnnualReportArchiveSummary, type GeneratedReport, writeAnnualReportArchives } from "./write-archives";

const dir = mkdtempSync(path.join(tmpdir(), "urval-ar-archives-"));
const outDir = path.join(dir, "archives");
const PER_ARCHIVE = 400;
let companies: CompanySourceRecord[] = [];
let summary: AnnualReportArchiveSummary;
const written: GeneratedReport[] = [];

async function* stream(records: readonly CompanySourceRecord[]): AsyncGenerator<CompanySourceRecord> {
  for (const record of records) yield record;
}

const unzip = (file: string) => unzipSync(new Uint8Array(readFileSync(file)));
const archiveNumber = (name: string) => Number(/^01_(\d+)\.zip$/.exec(name)?.[1]);

beforeAll(async () => {
  const { companiesFile } = await generateDataset({ companies: 1500, seed: 31, outDir: dir });
  companies = readFileSync(companiesFile, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => CompanySourceRecordSchema.parse(JSON.parse(line)));
  summary = await writeAnnualReportArchives(stream(companies), {
    outDir,
    seed: 5,
    reportsPerArchive: PER_ARCHIVE,
    specialCases: true,
    onReport: (report) => {
      written.push(report);
    },
  });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("writeAnnualReportArchives", () => {
  it("writes one nested zip per filed report of every company but sole traders, in outer archives 01_1.zip ...", () => {
    const filed = companies
      .filter((c) => !c.soleProprietorship)
      .flatMap((c) =>
        c.annualReports.filter((r) => c.financialPeriods.some((p) => p.periodEnd === r.periodEnd)).map((r) => `${c.orgNo}_${r.periodEnd}`),
      );
    const firstFilings = written.filter((r) => !r.isCorrection).map((r) => `${r.expected.orgNo}_${r.expected.periodEnd}`);
    expect(firstFilings.sort()).toEqual(filed.sort());
    expect(summary.reports).toBe(filed.length + summary.corrections.length);
    const soleTraders = new Set(companies.filter((c) => c.soleProprietorship).map((c) => c.orgNo));
    expect(written.some((r) => soleTraders.has(r.expected.orgNo))).toBe(false);
    expect(readdirSync(outDir).sort()).toEqual(summary.archives.map((file) => path.basename(file)).sort());
    expect(summary.archives.map((file) => archiveNumber(path.basename(file)))).toEqual(summary.archives.map((_, i) => i + 1));
  });

  it("names each nested zip <orgnr>_<periodEnd>.zip and puts the annual report in it, with the audit report where there is an auditor", () => {
    const auditor = new Map(companies.map((c) => [c.orgNo, c.hasAuditor]));
    let auditFirst = 0;
    let total = 0;
    for (const file of summary.archives) {
      const outer = unzip(file);
      expect(Object.keys(outer).length).toBeLessThanOrEqual(PER_ARCHIVE);
      for (const [inner, bytes] of Object.entries(outer)) {
        const [, digits, periodEnd] = /^(\d{10})_(\d{4}-\d{2}-\d{2})\.zip$/.exec(inner) ?? [];
        expect(digits, inner).toBeDefined();
        const orgNo = `${digits?.slice(0, 6)}-${digits?.slice(6)}`;
        const entries = unzipSync(bytes);
        const names = Object.keys(entries);
        const report = `arsredovisning_${digits}_${periodEnd}.xhtml`;
        const audit = `revisionsberattelse_${digits}_${periodEnd}.xhtml`;
        if (names[0] === audit) auditFirst++;
        expect([...names].sort(), inner).toEqual(auditor.get(orgNo) ? [report, audit] : [report]);
        const xhtml = new TextDecoder().decode(entries[report]);
        expect(xhtml).toContain(`name="se-cd-base:Organisationsnummer" contextRef="`);
        expect(xhtml).toContain(`>${orgNo}</ix:nonNumeric>`);
        total++;
      }
    }
    expect(total).toBe(summary.reports);
    expect(auditFirst).toBeGreaterThan(0);
  }, 30_000);

  it("files a few corrections again in a later archive, the later filing with the records' figures", () => {
    expect(summary.corrections.length).toBeGreaterThan(0);
    for (const { orgNo, periodEnd } of summary.corrections) {
      const filings = written.filter((r) => r.expected.orgNo === orgNo && r.expected.periodEnd === periodEnd);
      expect(filings.map((r) => r.isCorrection)).toEqual([false, true]);
      const [first, correction] = filings as [GeneratedReport, GeneratedReport];
      expect(archiveNumber(correction.archive)).toBeGreaterThan(archiveNumber(first.archive));
      expect(correction.expected.periods[0]?.company.turnover).not.toBe(first.expected.periods[0]?.company.turnover);
      const company = companies.find((c) => c.orgNo === orgNo) as CompanySourceRecord;
      const job = reportJobsOf(company, 5, true).find((j) => j.isCorrection && j.periodEnd === periodEnd);
      expect(job?.input.periods[0]).toEqual(company.financialPeriods.find((p) => p.periodEnd === periodEnd));
      expect(correction.expected).toEqual(expectedAnnualReport(job?.input as NonNullable<typeof job>["input"]));
    }
  });

  it("writes every report of a few companies in euros", () => {
    expect(summary.foreignCurrency.length).toBeGreaterThan(0);
    const euroCompanies = new Set(summary.foreignCurrency.map((r) => r.orgNo));
    for (const report of written.filter((r) => euroCompanies.has(r.expected.orgNo))) {
      expect(report.expected.currency).toBe("EUR");
      expect(report.expected.remarks.map((r) => r.flag)).toEqual(["FOREIGN_CURRENCY"]);
    }
    expect(written.filter((r) => r.expected.currency === "EUR").length).toBe(summary.foreignCurrency.length);
  });

  it("stops after maxReports first filings and writes the same bytes for the same seed", async () => {
    const runs = await Promise.all(
      ["a", "b"].map((name) =>
        writeAnnualReportArchives(companies, { outDir: path.join(dir, `max-${name}`), seed: 5, maxReports: 150, reportsPerArchive: 100 }),
      ),
    );
    expect(runs[0]?.reports).toBe(150);
    expect(runs[0]?.archives.map((file) => path.basename(file))).toEqual(["01_1.zip", "01_2.zip"]);
    const bytes = runs.map((run) => readFileSync(run.archives[1] as string));
    expect(Buffer.compare(bytes[0] as Buffer, bytes[1] as Buffer)).toBe(0);
  });
});

describe("bombZip", () => {
  it("inflates to exactly the declared number of spaces with the declared CRC", async () => {
    const reader = await ZipReader.fromBytes(bombZip("x.xhtml", 8 * 2 ** 20));
    const [entry] = reader.entries;
    expect(entry?.uncompressedSize).toBe(8 * 2 ** 20);
    expect(entry?.compressedSize).toBeLessThan(10_000);
    const data = await reader.readEntry(entry as NonNullable<typeof entry>, 16 * 2 ** 20);
    expect(data.length).toBe(8 * 2 ** 20);
    expect(data.every((byte) => byte === 0x20)).toBe(true);
  });
});
