/**
 * The write pass of the SCB loader, after everything validated: every Bolagsverket record, enriched with its SCB row
 * when there is exactly one (read back by byte offset), then every SCB row no record took, as an SCB-only company
 * when the row makes a complete record (else listed as unplaced). Writes companies.ndjson and an empty
 * worksites.ndjson (the bulk files have no worksites).
 */
import { open } from "node:fs/promises";
import path from "node:path";
import { normaliseIdentity } from "../org-number";
import { orgSeqNoFor } from "../bolagsverket/to-record";
import type { ZipLookup } from "../bolagsverket/zip-lookup";
import { NdjsonWriter } from "../ndjson-writer";
import { readByteLines, readLineAt } from "./byte-lines";
import type { ScbCodes } from "./codes";
import { splitRow } from "./columns";
import { decodeLine } from "./encoding";
import type { OrgIndex } from "./org-index";
import { parseScbLine, parseScbRow, type ScbParser } from "./scb-row";
import { readCompanyLines } from "./bolagsverket-input";
import { enrichRecord, toScbOnlyRecord } from "./to-record";

export interface JoinContext {
  scbFile: string;
  bolagsverketFile: string | null;
  outDir: string;
  parser: ScbParser;
  index: OrgIndex;
  codes: ScbCodes;
  zips: ZipLookup;
  onBytes: (bytes: number) => void;
  onUnplaced: (line: number, message: string) => void;
}

export interface JoinCounts {
  companies: number;
  joined: number;
  bolagsverketOnly: number;
  scbOnly: number;
  legalFormChanged: number;
}

async function writeBolagsverketRecords(context: JoinContext, companies: NdjsonWriter, counts: JoinCounts) {
  if (!context.bolagsverketFile) return;
  const handle = await open(context.scbFile);
  try {
    for await (const line of readCompanyLines(context.bolagsverketFile, context.onBytes)) {
      if (!("record" in line)) throw new Error(`${context.bolagsverketFile}:${line.lineNo}: ${line.problem}`);
      const orgSeqNo = orgSeqNoFor(line.record.orgNo);
      const at = context.index.find(orgSeqNo);
      if (!at) {
        counts.bolagsverketOnly++;
        await companies.write(line.record);
        continue;
      }
      const row = parseScbLine(await readLineAt(handle, at.offset), at.lineNo, context.parser);
      const { record, legalFormChanged } = enrichRecord(line.record, row, context.codes);
      context.index.markUsed(orgSeqNo);
      counts.joined++;
      if (legalFormChanged) counts.legalFormChanged++;
      await companies.write(record);
    }
  } finally {
    await handle.close();
  }
}

/** The organisation of a decoded data line, without validating the rest of it. */
function orgSeqNoOfLine(text: string, parser: ScbParser): number | null {
  const orgNo = normaliseIdentity(splitRow(text, parser.header.width)[parser.header.index.PeOrgNr] ?? "");
  return orgNo ? orgSeqNoFor(orgNo) : null;
}

async function writeScbOnlyRecords(context: JoinContext, companies: NdjsonWriter, counts: JoinCounts) {
  for await (const { lineNo, bytes } of readByteLines(context.scbFile, context.onBytes)) {
    if (lineNo === 1) continue;
    const decoded = decodeLine(bytes, lineNo, context.parser.encoding);
    if ("error" in decoded) continue;
    const orgSeqNo = orgSeqNoOfLine(decoded.text, context.parser);
    if (orgSeqNo === null || !context.index.isUnjoinedRow(orgSeqNo, lineNo)) continue;
    const row = parseScbRow(decoded.text, context.parser.header, context.parser.schema);
    const result = toScbOnlyRecord(row, context.codes, context.zips);
    if ("problem" in result) {
      context.onUnplaced(lineNo, `${row.orgNo}: ${result.problem}`);
      continue;
    }
    counts.scbOnly++;
    await companies.write(result);
  }
}

export async function writeJoinedRecords(context: JoinContext): Promise<JoinCounts> {
  const counts: JoinCounts = { companies: 0, joined: 0, bolagsverketOnly: 0, scbOnly: 0, legalFormChanged: 0 };
  const companies = new NdjsonWriter(path.join(context.outDir, "companies.ndjson"));
  await writeBolagsverketRecords(context, companies, counts);
  await writeScbOnlyRecords(context, companies, counts);
  await companies.close();
  await new NdjsonWriter(path.join(context.outDir, "worksites.ndjson")).close();
  counts.companies = companies.count;
  return counts;
}
