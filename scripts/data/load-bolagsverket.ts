/**
 * Loads Bolagsverket's bulk file into source records (DIR/companies.ndjson, an empty DIR/worksites.ndjson,
 * DIR/manifest.json) in two passes: the first validates every row and picks each organisation's primary row (lowest
 * namnskyddslöpnummer), the second writes those. Bad rows are reported with line numbers; by default any bad row
 * rejects the whole file and nothing is written; with skipInvalid they are skipped and listed in DIR/load-report.json.
 */
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { BULK_COLUMNS, parseBulkRow, RowError } from "./bolagsverket/bulk-row";
import { type BolagsverketCodes, loadBolagsverketCodes } from "./bolagsverket/codes";
import { readRecords, splitFields } from "./bolagsverket/line-reader";
import { toCompanyRecord } from "./bolagsverket/to-record";
import { loadZipLookup, type ZipLookup } from "./bolagsverket/zip-lookup";
import { noteFatal, noteIssue, writeLoadReport, writeSourceManifest, type LoadReport } from "./load-report";
import { NdjsonWriter } from "./ndjson-writer";

export interface LoadOptions {
  file: string;
  outDir: string;
  skipInvalid?: boolean;
  onProgress?: (bytes: number, totalBytes: number) => void;
}

interface Parser {
  codes: BolagsverketCodes;
  zips: ZipLookup;
}

/** Parses one record line into a source record, or throws RowError. */
function parseLine(text: string, parser: Parser) {
  const fields = splitFields(text);
  if (!fields) throw new RowError("felaktig citering eller fältavgränsning");
  const row = parseBulkRow(fields, parser.codes);
  return { row, record: toCompanyRecord(row, parser.codes, parser.zips) };
}

function checkHeader(text: string): string | null {
  const fields = splitFields(text)?.map((f) => f.trim());
  const ok = fields?.length === BULK_COLUMNS.length && fields.every((f, i) => f === BULK_COLUMNS[i]);
  return ok ? null : `rubrikraden ska vara ${BULK_COLUMNS.join(";")}`;
}

/** Pass 1: validate all rows; the line number of each organisation's primary row. */
async function validate(options: LoadOptions, parser: Parser, report: LoadReport, onBytes: (n: number) => void) {
  const primary = new Map<number, { line: number; seq: number }>();
  const issue = (line: number, message: string) => noteIssue(report, { line, message });
  let first = true;
  for await (const result of readRecords(options.file, onBytes)) {
    if ("error" in result) {
      if (first) return { primary, fatal: { line: result.lineNo, message: result.error } };
      report.rows++;
      issue(result.lineNo, result.error);
      continue;
    }
    if (first) {
      first = false;
      const headerProblem = checkHeader(result.text);
      if (headerProblem) return { primary, fatal: { line: result.lineNo, message: headerProblem } };
      continue;
    }
    report.rows++;
    try {
      const { row, record } = parseLine(result.text, parser);
      const best = primary.get(record.orgSeqNo);
      if (best?.seq === row.nameSeq)
        issue(result.lineNo, `namnskyddslöpnummer ${row.nameSeq} för ${row.orgNo} finns redan på rad ${best.line}`);
      else if (!best || row.nameSeq < best.seq) primary.set(record.orgSeqNo, { line: result.lineNo, seq: row.nameSeq });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      issue(result.lineNo, error.message);
    }
  }
  return { primary, fatal: null };
}

/** Pass 2: write the primary rows. */
async function writeRecords(options: LoadOptions, parser: Parser, primaryLines: Set<number>, onBytes: (n: number) => void) {
  const companies = new NdjsonWriter(path.join(options.outDir, "companies.ndjson"));
  for await (const result of readRecords(options.file, onBytes)) {
    if ("error" in result || !primaryLines.has(result.lineNo)) continue;
    await companies.write(parseLine(result.text, parser).record);
  }
  await companies.close();
  const worksites = new NdjsonWriter(path.join(options.outDir, "worksites.ndjson"));
  await worksites.close();
  return companies.count;
}

export async function loadBolagsverket(options: LoadOptions): Promise<LoadReport> {
  const parser = { codes: loadBolagsverketCodes(), zips: loadZipLookup() };
  const report: LoadReport = { file: path.basename(options.file), rows: 0, companies: 0, issueCount: 0, issues: [], rejected: false };
  const total = statSync(options.file).size * 2;
  let done = 0;
  const onBytes = (n: number) => options.onProgress?.((done += n), total);
  const { primary, fatal } = await validate(options, parser, report, onBytes);
  if (fatal) noteFatal(report, fatal);
  report.rejected = fatal !== null || (report.issueCount > 0 && !options.skipInvalid);
  mkdirSync(options.outDir, { recursive: true });
  if (!report.rejected) {
    report.companies = await writeRecords(options, parser, new Set([...primary.values()].map((p) => p.line)), onBytes);
    writeSourceManifest(options.outDir, report.companies, `bolagsverket:${report.file}`);
  }
  writeLoadReport(options.outDir, report);
  return report;
}
