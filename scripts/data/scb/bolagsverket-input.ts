/**
 * The Bolagsverket side of the join: the source records `npm run data:load-bolagsverket` wrote (DIR/companies.ndjson
 * or the file itself), streamed and validated line by line with the reindex's own check.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type CompanySourceRecord, CompanySourceRecordSchema, SourceManifestSchema } from "#search-index/engine";
import { validateLine } from "#search-index/indexing";
import { readByteLines } from "./byte-lines";

export interface BolagsverketInput {
  companiesFile: string;
  /** The manifest's source ("bolagsverket:…") when a manifest lies beside the records, else the file name. */
  source: string;
}

export function resolveBolagsverketInput(dirOrFile: string): BolagsverketInput {
  const companiesFile = statSync(dirOrFile).isDirectory() ? path.join(dirOrFile, "companies.ndjson") : dirOrFile;
  if (!existsSync(companiesFile)) throw new Error(`${companiesFile} finns inte (kör npm run data:load-bolagsverket först)`);
  const manifestFile = path.join(path.dirname(companiesFile), "manifest.json");
  const manifest = existsSync(manifestFile) ? SourceManifestSchema.safeParse(JSON.parse(readFileSync(manifestFile, "utf8"))) : null;
  return { companiesFile, source: manifest?.success ? manifest.data.source : path.basename(companiesFile) };
}

export type CompanyLine = { lineNo: number; record: CompanySourceRecord } | { lineNo: number; problem: string };

const utf8 = new TextDecoder("utf-8", { fatal: true });

export async function* readCompanyLines(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<CompanyLine> {
  for await (const { lineNo, bytes } of readByteLines(file, onBytes)) {
    if (bytes.length === 0) continue;
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      yield { lineNo, problem: "ogiltig teckenkodning (inte UTF-8)" };
      continue;
    }
    const checked = validateLine(CompanySourceRecordSchema, text);
    yield "record" in checked ? { lineNo, record: checked.record } : { lineNo, problem: checked.problem };
  }
}
