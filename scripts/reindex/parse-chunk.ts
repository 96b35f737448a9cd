/**
 * Parsing one chunk of a source NDJSON file (whole lines): every line is parsed and validated with the record's zod
 * schema, then turned into its D1 document row and its column facts. Runs in a reindex worker thread (parse-pool.ts).
 */
import type { z } from "zod";
import { companyDocumentRow, worksiteDocumentRow, type DocumentRow } from "../../search-index/embedded/d1-documents";
import { companyFacts, worksiteFacts, type CompanyFacts, type WorksiteFacts } from "../../search-index/embedded/column-facts";
import {
  CompanySourceRecordSchema,
  WorksiteSourceRecordSchema,
  type CompanySourceRecord,
  type WorksiteSourceRecord,
} from "../../search-index/records";
import { documentHash } from "./change-set";
import { validateLine } from "./source-reader";

export type SourceKind = "company" | "worksite";

export interface FactsOf {
  company: CompanyFacts;
  worksite: WorksiteFacts;
}

export interface ParsedChunk<K extends SourceKind> {
  /** D1 rows, one line per record: the column values separated by tabs (JSON text never holds a raw tab). */
  rows: string;
  facts: FactsOf[K][];
  /** Companies only: orgSeqNo, hash of its document, … (Bevakning's change set, change-set.ts). */
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

export function parseChunk<K extends SourceKind>(kind: K, text: string): ParsedChunk<K> {
  const { schema, row, facts } = KINDS[kind] as unknown as Kind<unknown, FactsOf[K]>;
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const rows: string[] = [];
  const out: FactsOf[K][] = [];
  const hashes: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === "") continue;
    const checked = validateLine(schema, line);
    if ("problem" in checked) {
      return { rows: "", facts: [], hashes: new Float64Array(0), lines: lines.length, error: { line: i + 1, message: checked.problem } };
    }
    const values = row(checked.record);
    if (kind === "company") hashes.push(Number(values[0]), documentHash(String(values[1])));
    rows.push(values.join("\t"));
    out.push(facts(checked.record));
  }
  return { rows: rows.join("\n"), facts: out, hashes: Float64Array.from(hashes), lines: lines.length };
}
