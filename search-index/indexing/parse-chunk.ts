/**
 * Parsing one chunk of a source NDJSON file (whole lines): every line is parsed and validated with the record's zod
 * schema, then turned into its D1 document row and its column facts. Runs in a reindex worker thread (parse-pool.ts).
 */
import type { z } from "zod";
import { companyDocumentRow, worksiteDocumentRow, type DocumentRow } from "../embedded/d1-documents";
import { companyFacts, worksiteFacts, type CompanyFacts, type WorksiteFacts } from "./embedded/column-facts";
import { CompanySourceRecordSchema, WorksiteSourceRecordSchema, type CompanySourceRecord, type WorksiteSourceRecord } from "../records";
import { documentHash } from "./change-set";
import { validateLine } from "./source-line";

export type SourceKind = "company" | "worksite";

export interface FactsOf {
  company: CompanyFacts;
  worksite: WorksiteFacts;
}

export interface ParsedChunk<K extends SourceKind> {
  /** D1 rows, one line per record: the column values separated by tabs (JSON text never holds a raw tab). */
  rows: string;
  facts: FactsOf[K][];
  /**
   * Bevakning's change set (change-set.ts): for companies orgSeqNo, hash of its document, …; for worksites the
   * company's orgSeqNo, hash of the worksite's document, … (summed into the company's hash by HashCollector).
   */
  hashes: Float64Array<ArrayBuffer>;
  /** Lines in the chunk, blank ones included (for line numbers of later chunks). */
  lines: number;
  /** The first invalid line: its number within the chunk (1-based) and what is wrong. */
  error?: { line: number; message: string };
}

interface Kind<S, F> {
  schema: z.ZodType<S>;
  row: (source: S) => DocumentRow;
  facts: (source: S) => F;
}

const KINDS: { company: Kind<CompanySourceRecord, CompanyFacts>; worksite: Kind<WorksiteSourceRecord, WorksiteFacts> } = {
  company: { schema: CompanySourceRecordSchema, row: companyDocumentRow, facts: companyFacts },
  worksite: { schema: WorksiteSourceRecordSchema, row: worksiteDocumentRow, facts: worksiteFacts },
};

/**
 * The lines of a chunk: each decoded from the chunk's UTF-8 bytes on its own. Decoding a whole 4 MB chunk into one
 * string first cost ten times as much on this machine (a fresh 8 MB string per chunk: page faults, not decoding),
 * while line-sized strings reuse the young generation's memory (docs/decisions/0025).
 */
function* chunkLines(input: string | Uint8Array): Generator<string> {
  if (typeof input === "string") {
    const lines = input.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    yield* lines;
    return;
  }
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  for (let at = 0; at < bytes.length;) {
    let end = bytes.indexOf(10, at);
    if (end < 0) end = bytes.length;
    yield bytes.toString("utf8", at, end);
    at = end + 1;
  }
}

/** Parses a chunk of whole lines, given as text or as its UTF-8 bytes (the reindex threads get bytes). */
export function parseChunk<K extends SourceKind>(kind: K, input: string | Uint8Array): ParsedChunk<K> {
  const { schema, row, facts } = KINDS[kind] as unknown as Kind<unknown, FactsOf[K]>;
  const rows: string[] = [];
  const out: FactsOf[K][] = [];
  const hashes: number[] = [];
  let lineNo = 0;
  for (const line of chunkLines(input)) {
    lineNo++;
    if (line.trim() === "") continue;
    const checked = validateLine(schema, line);
    if ("problem" in checked) {
      return { rows: "", facts: [], hashes: new Float64Array(0), lines: lineNo, error: { line: lineNo, message: checked.problem } };
    }
    const values = row(checked.record);
    // The document text is the row's last value (companies: orgSeqNo, doc; worksites: cfarNo, orgSeqNo, doc).
    if (kind === "company") hashes.push(Number(values[0]), documentHash(String(values[1])));
    else hashes.push(Number(values[1]), documentHash(String(values[2])));
    rows.push(values.join("\t"));
    out.push(facts(checked.record));
  }
  return { rows: rows.join("\n"), facts: out, hashes: Float64Array.from(hashes), lines: lineNo };
}
