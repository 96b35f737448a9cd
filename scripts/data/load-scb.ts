/**
 * Loads SCB's bulk file (scb_bulkfil_JE_*.txt) and joins it by organisation number with the Bolagsverket loader's
 * records into source records (DIR/companies.ndjson, an empty DIR/worksites.ndjson, DIR/manifest.json); see
 * docs/decisions/0021. Passes: the bytes decide the encoding; every SCB row is validated and indexed (line and byte
 * offset per organisation); the Bolagsverket records are validated; then the joined records are written. Bad rows
 * are reported with line numbers; by default any bad row rejects the file and nothing but DIR/load-report.json is
 * written; with skipInvalid they are skipped and listed.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { orgSeqNoFor } from "./bolagsverket/to-record";
import { loadZipLookup } from "./bolagsverket/zip-lookup";
import { listIssue, noteFatal, noteIssue, writeLoadReport, writeSourceManifest, type LoadIssue, type LoadReport } from "./load-report";
import { type BolagsverketInput, readCompanyLines, resolveBolagsverketInput } from "./scb/bolagsverket-input";
import { readByteLines } from "./scb/byte-lines";
import { loadScbCodes, type ScbCodes } from "./scb/codes";
import { parseHeader } from "./scb/columns";
import { decodeLine, detectEncoding, ENCODING_NAMES, type ScbEncoding } from "./scb/encoding";
import { type JoinCounts, writeJoinedRecords } from "./scb/join-writer";
import { OrgIndex } from "./scb/org-index";
import { createScbRowSchema, parseScbLine, RowError, type ScbParser, type ScbRowSchema } from "./scb/scb-row";

export interface ScbLoadOptions {
  file: string;
  /** The Bolagsverket loader's output directory, or its companies.ndjson. */
  bolagsverket?: string;
  outDir: string;
  skipInvalid?: boolean;
  onProgress?: (bytes: number, totalBytes: number) => void;
}

/** The report of load-report.ts with the join's counts (issues in the Bolagsverket records name their file). */
export interface ScbLoadReport extends LoadReport, JoinCounts {
  bolagsverket: string | null;
  encoding: string;
  /** SCB-only companies whose row cannot make a complete record (not written), the first MAX_LISTED_ISSUES listed. */
  unplacedCount: number;
  unplaced: LoadIssue[];
}

/** Pass 1: header and every row of the SCB file; returns the index and a fatal (header) problem if any. */
async function validateScb(file: string, encoding: ScbEncoding, schema: ScbRowSchema, report: ScbLoadReport, onBytes: (n: number) => void) {
  const index = new OrgIndex();
  let parser: ScbParser | null = null;
  const issue = (line: number, message: string) => noteIssue(report, { line, message });
  for await (const line of readByteLines(file, onBytes)) {
    if (!parser) {
      const decoded = decodeLine(line.bytes, line.lineNo, encoding);
      const header = "error" in decoded ? decoded : parseHeader(decoded.text);
      if ("error" in header) return { index, parser, fatal: { line: line.lineNo, message: header.error } };
      parser = { encoding, header, schema };
      continue;
    }
    if (line.bytes.length === 0) continue;
    report.rows++;
    try {
      const row = parseScbLine(line.bytes, line.lineNo, parser);
      const first = index.add(orgSeqNoFor(row.orgNo), line);
      if (first !== null) issue(line.lineNo, `organisationsnumret ${row.orgNo} förekommer på rad ${first} och rad ${line.lineNo}`);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      issue(line.lineNo, error.message);
    }
  }
  if (!parser) return { index, parser, fatal: { line: 1, message: "filen är tom" } };
  return { index, parser, fatal: null };
}

/** Pass 2: the Bolagsverket records must all be valid and unique (they are our own loader's output). */
async function validateBolagsverket(input: BolagsverketInput, report: ScbLoadReport, onBytes: (n: number) => void) {
  const seen = new Set<number>();
  let problems = 0;
  const file = path.basename(input.companiesFile);
  for await (const line of readCompanyLines(input.companiesFile, onBytes)) {
    const orgSeqNo = "record" in line ? orgSeqNoFor(line.record.orgNo) : null;
    const message =
      "problem" in line ? line.problem : orgSeqNo !== null && seen.has(orgSeqNo) ? "organisationsnumret förekommer redan" : null;
    if (orgSeqNo !== null) seen.add(orgSeqNo);
    if (message === null) continue;
    problems++;
    noteIssue(report, { file, line: line.lineNo, message });
  }
  return problems;
}

function emptyReport(options: ScbLoadOptions, input: BolagsverketInput | null): ScbLoadReport {
  return {
    file: path.basename(options.file),
    bolagsverket: input ? input.companiesFile : null,
    encoding: "",
    rows: 0,
    companies: 0,
    joined: 0,
    bolagsverketOnly: 0,
    scbOnly: 0,
    legalFormChanged: 0,
    issueCount: 0,
    issues: [],
    unplacedCount: 0,
    unplaced: [],
    rejected: false,
  };
}

interface Validated {
  input: BolagsverketInput | null;
  parser: ScbParser;
  index: OrgIndex;
  codes: ScbCodes;
  onBytes: (n: number) => void;
}

/** The write pass (scb/join-writer.ts), then the manifest. */
async function writeOutput(options: ScbLoadOptions, report: ScbLoadReport, { input, parser, index, codes, onBytes }: Validated) {
  const counts = await writeJoinedRecords({
    scbFile: options.file,
    bolagsverketFile: input?.companiesFile ?? null,
    outDir: options.outDir,
    parser,
    index,
    codes,
    zips: loadZipLookup(),
    onBytes,
    onUnplaced: (line, message) => {
      report.unplacedCount++;
      listIssue(report.unplaced, { line, message });
    },
  });
  Object.assign(report, counts);
  const source = [`scb:${report.file}`, input?.source ?? null].filter(Boolean).join(" + ");
  writeSourceManifest(options.outDir, report.companies, source);
}

export async function loadScb(options: ScbLoadOptions): Promise<ScbLoadReport> {
  const input = options.bolagsverket ? resolveBolagsverketInput(options.bolagsverket) : null;
  if (input && path.resolve(path.dirname(input.companiesFile)) === path.resolve(options.outDir))
    throw new Error("--out får inte vara samma katalog som Bolagsverket-posterna");
  const codes = loadScbCodes();
  const report = emptyReport(options, input);
  const total = 3 * statSync(options.file).size + 2 * (input ? statSync(input.companiesFile).size : 0);
  let done = 0;
  const onBytes = (n: number) => options.onProgress?.((done += n), total);

  const verdict = await detectEncoding(options.file, onBytes);
  report.encoding = ENCODING_NAMES[verdict.encoding];
  const { index, parser, fatal } = await validateScb(options.file, verdict.encoding, createScbRowSchema(codes), report, onBytes);
  if (fatal) noteFatal(report, fatal);
  const badBolagsverket = input && !fatal ? await validateBolagsverket(input, report, onBytes) : 0;
  report.rejected = fatal !== null || badBolagsverket > 0 || (report.issueCount > 0 && !options.skipInvalid);

  mkdirSync(options.outDir, { recursive: true });
  rmSync(path.join(options.outDir, "manifest.json"), { force: true });
  if (!report.rejected && parser) await writeOutput(options, report, { input, parser, index, codes, onBytes });
  writeLoadReport(options.outDir, report);
  return report;
}
