/**
 * The annual-report loader (issue 45, docs/decisions/0050): every digitally filed annual report in the bulk archives
 * of a directory, read one nested archive at a time (archive/read-archives.ts), parsed (ixbrl/parse-report.ts) and
 * written as one line per report, with the filed documents packed beside them for the reindex to store in R2.
 *
 * Output (OUT, default data/annual-reports):
 *   reports.ndjson     one AnnualReportLine per accepted report: the latest filing of each organisation and period
 *   documents.bin      the filed XHTML documents, each a gzip member (deterministic: level 1, no timestamp), concatenated;
 *                      each line names its document's sha256 (of the XHTML itself), offset, compressed length and size
 *   load-report.json   counts, every refused report (archive, inner file, reason), corrections, flags
 *   manifest.json      written last: a complete load
 *
 * A hostile or broken report is refused on its own and listed; the rest load. With `strict`, any refusal rejects the
 * run. Everything is written into a sibling work directory that replaces OUT only when the run succeeds, so a failed
 * or rejected run leaves nothing half-done (OUT then holds only its load-report.json).
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, writeFileSync, type WriteStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { readArchives, type ArchiveLimits, type ArchiveRefusal, type FiledReport } from "./archive/read-archives";
import { parseAnnualReport } from "./ixbrl/parse-report";
import { type ParsedReport, type ReportRemark, ReportRefusal } from "./types";

/** Version 2: documents.bin holds gzip members (version 1 held the documents as they were). */
export const ANNUAL_REPORTS_FORMAT = "urval-annual-reports/2";

/** One accepted report as reports.ndjson holds it. */
export interface AnnualReportLine extends Omit<ParsedReport, "remarks"> {
  archive: string;
  inner: string;
  file: string;
  /** sha256 and bytes: the XHTML's own; offset and length: its gzip member in documents.bin. */
  document: { sha256: string; offset: number; length: number; bytes: number };
  remarks: ReportRemark[];
}

const FiguresSchema = z.object({
  turnover: z.number().nullable(),
  operatingResult: z.number().nullable(),
  resultAfterFinancialItems: z.number().nullable(),
  profitForTheYear: z.number().nullable(),
  equity: z.number().nullable(),
  totalAssets: z.number().nullable(),
  cashAndBank: z.number().nullable(),
  longTermLiabilities: z.number().nullable(),
  shortTermLiabilities: z.number().nullable(),
  personnelExpenses: z.number().nullable(),
  employees: z.number().nullable(),
  dividend: z.number().nullable(),
});
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A line of reports.ndjson, checked when the register join reads it back. */
export const AnnualReportLineSchema = z.object({
  orgNo: z.string().regex(/^\d{6}-\d{4}$/),
  name: z.string().nullable(),
  periodStart: isoDate,
  periodEnd: isoDate,
  currency: z.string().regex(/^[A-Z]{3}$/),
  framework: z.enum(["K2", "K3"]).nullable(),
  groupReport: z.boolean(),
  periods: z.array(z.object({ start: isoDate, end: isoDate, company: FiguresSchema, group: FiguresSchema.nullable() })),
  remarks: z.array(z.object({ flag: z.enum(["DUPLICATE_FACTS_DISAGREE", "FOREIGN_CURRENCY", "UNREADABLE_FIGURE"]), detail: z.string() })),
  archive: z.string(),
  inner: z.string(),
  file: z.string(),
  document: z.object({
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    offset: z.number().int(),
    length: z.number().int(),
    bytes: z.number().int(),
  }),
}) satisfies z.ZodType<AnnualReportLine>;

export interface RefusedReport {
  archive: string;
  inner: string | null;
  file: string | null;
  reason: string;
  message: string;
}

export interface AnnualReportLoadReport {
  dir: string;
  /** Nested archives read (accepted + refused per report). */
  filings: number;
  /** Reports in reports.ndjson (after corrections replaced earlier filings). */
  reports: number;
  companies: number;
  refusedCount: number;
  /** Every refusal, in archive order (no cap: each is one operator's question). */
  refused: RefusedReport[];
  /** Later filings for an organisation and period that replaced an earlier one. */
  corrections: { orgNo: string; periodEnd: string; replaced: string; by: string }[];
  /** Reports loaded with a remark (duplicate facts that disagree, another currency, an unreadable figure). */
  flagged: { orgNo: string; periodEnd: string; inner: string; remarks: ReportRemark[] }[];
  /** The slowest report's handling, in milliseconds (each refusal must come within a second). */
  slowestMs: number;
  seconds: number;
  rejected: boolean;
}

export interface AnnualReportLoadOptions {
  dir: string;
  outDir: string;
  strict?: boolean;
  limits?: ArchiveLimits;
  onProgress?: (filings: number) => void;
}

/** The nested archive a line or refusal came from, as the load report names it. */
const where = (archive: string, inner: string | null) => (inner ? `${archive}/${inner}` : archive);

/**
 * Refusals that say a document is not an annual report (an audit report or a certification beside it has no fiscal
 * year or no organisation number of its own): that document is passed over. Every other refusal (a DTD, an entity,
 * broken bytes, a document too large or too deep) refuses the whole filing: a report beside a hostile file is not
 * to be trusted.
 */
const NOT_A_REPORT = new Set(["NO_PERIOD", "NO_ORGNR"]);

/** The annual report among a nested archive's documents: the one the parser reads with the most figures. */
function pickReport(filed: FiledReport): { parsed: ParsedReport; file: string; bytes: Uint8Array } | RefusedReport {
  let best: { parsed: ParsedReport; file: string; bytes: Uint8Array; figures: number } | null = null;
  let passedOver: { file: string; reason: string; message: string } | null = null;
  for (const document of filed.documents) {
    let parsed: ParsedReport;
    try {
      parsed = parseAnnualReport(document.bytes);
    } catch (error) {
      if (!(error instanceof ReportRefusal)) throw error;
      if (NOT_A_REPORT.has(error.reason)) {
        passedOver ??= { file: document.file, reason: error.reason, message: error.message };
        continue;
      }
      return { archive: filed.archive, inner: filed.inner, file: document.file, reason: error.reason, message: error.message };
    }
    const figures = parsed.periods.reduce((sum, p) => sum + Object.values(p.company).filter((v) => v !== null).length, 0);
    if (!best || figures > best.figures) best = { parsed, file: document.file, bytes: document.bytes, figures };
  }
  if (!best || best.figures === 0) {
    const why = passedOver ? `${passedOver.file}: ${passedOver.message}` : "no document with annual-report figures";
    return { archive: filed.archive, inner: filed.inner, file: passedOver?.file ?? null, reason: "NO_REPORT", message: why };
  }
  const { parsed, file } = best;
  if (parsed.orgNo !== filed.orgNoFromName) {
    const message = `the document is for ${parsed.orgNo}, the file name says ${filed.orgNoFromName}`;
    return { archive: filed.archive, inner: filed.inner, file, reason: "ORGNR_MISMATCH", message };
  }
  if (parsed.periodEnd !== filed.periodEndFromName) {
    const message = `the document's fiscal year ends ${parsed.periodEnd}, the file name says ${filed.periodEndFromName}`;
    return { archive: filed.archive, inner: filed.inner, file, reason: "PERIOD_MISMATCH", message };
  }
  return best;
}

function writeTo(stream: WriteStream, data: string | Uint8Array): Promise<void> {
  return stream.write(data) ? Promise.resolve() : new Promise((resolve) => stream.once("drain", resolve));
}

function closeStream(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

const isRefusal = (item: FiledReport | ArchiveRefusal): item is ArchiveRefusal => "refused" in item;

export async function loadAnnualReports(options: AnnualReportLoadOptions): Promise<AnnualReportLoadReport> {
  const started = performance.now();
  const outDir = path.resolve(options.outDir);
  const work = `${outDir}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const report: AnnualReportLoadReport = {
    dir: options.dir,
    filings: 0,
    reports: 0,
    companies: 0,
    refusedCount: 0,
    refused: [],
    corrections: [],
    flagged: [],
    slowestMs: 0,
    seconds: 0,
    rejected: false,
  };
  const refuse = (refusal: RefusedReport) => {
    report.refusedCount++;
    report.refused.push(refusal);
  };
  // Pass 1: every filing in publication order into a draft file; the latest filing of an organisation and period wins.
  const draftPath = path.join(work, "reports.draft.ndjson");
  const draft = createWriteStream(draftPath);
  const documents = createWriteStream(path.join(work, "documents.bin"));
  try {
    const written = new Map<string, { offset: number; length: number; bytes: number }>();
    const latest = new Map<string, { line: number; where: string }>();
    let offset = 0;
    let line = 0;
    for await (const item of readArchives(options.dir, options.limits)) {
      const t0 = performance.now();
      report.filings++;
      if (isRefusal(item)) {
        refuse({ archive: item.archive, inner: item.inner, file: item.file, reason: item.reason, message: item.message });
      } else {
        const picked = pickReport(item);
        if ("reason" in picked) refuse(picked);
        else {
          const { parsed, file, bytes } = picked;
          const sha256 = createHash("sha256").update(bytes).digest("hex");
          let stored = written.get(sha256);
          if (!stored) {
            // Compressed once here, at the fastest level (XHTML still shrinks about 5-fold): 300 000 reports are about 1 GB to move instead of 8.
            const member = gzipSync(bytes, { level: 1 });
            stored = { offset, length: member.byteLength, bytes: bytes.byteLength };
            written.set(sha256, stored);
            await writeTo(documents, member);
            offset += member.byteLength;
          }
          const entry: AnnualReportLine = { ...parsed, archive: item.archive, inner: item.inner, file, document: { sha256, ...stored } };
          await writeTo(draft, JSON.stringify(entry) + "\n");
          const key = `${parsed.orgNo} ${parsed.periodEnd}`;
          const earlier = latest.get(key);
          const here = where(item.archive, item.inner);
          if (earlier) report.corrections.push({ orgNo: parsed.orgNo, periodEnd: parsed.periodEnd, replaced: earlier.where, by: here });
          latest.set(key, { line, where: here });
          if (parsed.remarks.length > 0) {
            report.flagged.push({ orgNo: parsed.orgNo, periodEnd: parsed.periodEnd, inner: here, remarks: parsed.remarks });
          }
          line++;
        }
      }
      report.slowestMs = Math.max(report.slowestMs, performance.now() - t0);
      options.onProgress?.(report.filings);
    }
    await Promise.all([closeStream(draft), closeStream(documents)]);

    // Pass 2: the draft without the filings that a correction replaced.
    const kept = new Set<number>();
    for (const filing of latest.values()) kept.add(filing.line);
    const out = createWriteStream(path.join(work, "reports.ndjson"));
    let n = 0;
    for await (const text of createInterface({ input: createReadStream(draftPath), crlfDelay: Infinity })) {
      if (kept.has(n++)) {
        await writeTo(out, text + "\n");
        report.reports++;
      }
    }
    await closeStream(out);
    rmSync(draftPath);
    // The organisation numbers of the kept filings (keys "<orgNo> <periodEnd>").
    report.companies = new Set([...latest.keys()].map((key) => key.slice(0, key.indexOf(" ")))).size;
    report.rejected = Boolean(options.strict) && report.refusedCount > 0;
    report.seconds = Math.round((performance.now() - started) / 100) / 10;
    if (report.rejected) {
      rmSync(work, { recursive: true, force: true });
      writeRejection(outDir, report);
      return report;
    }
    writeJson(path.join(work, "load-report.json"), report);
    const manifest = {
      format: ANNUAL_REPORTS_FORMAT,
      reports: report.reports,
      companies: report.companies,
      generatedAt: new Date().toISOString(),
      source: options.dir,
    };
    writeJson(path.join(work, "manifest.json"), manifest);
    rmSync(outDir, { recursive: true, force: true });
    renameSync(work, outDir);
    return report;
  } catch (error) {
    // The streams open their files asynchronously: closed first, so that none is created after the removal.
    await Promise.allSettled([closeStream(draft), closeStream(documents)]);
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/** A rejected run: OUT keeps only the load report (a stale manifest would pass an earlier load off as this one). */
function writeRejection(outDir: string, report: AnnualReportLoadReport): void {
  mkdirSync(outDir, { recursive: true });
  for (const name of ["manifest.json", "reports.ndjson", "documents.bin"]) {
    const file = path.join(outDir, name);
    if (existsSync(file)) rmSync(file);
  }
  writeJson(path.join(outDir, "load-report.json"), report);
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, JSON.stringify(value, null, 2) + "\n");
}

/** Reads reports.ndjson back, line by line, checked. */
export async function* readAnnualReportLines(dir: string): AsyncGenerator<AnnualReportLine> {
  const input = createReadStream(path.join(dir, "reports.ndjson"));
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    if (text.length === 0) continue;
    const parsed = AnnualReportLineSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`${dir}/reports.ndjson line ${line}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    yield parsed.data as AnnualReportLine;
  }
}
