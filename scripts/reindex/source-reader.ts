/** Reads a source dataset directory (search-index/records.ts layout): the manifest, then validated NDJSON records. */
import { createReadStream, readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import {
  type CompanySourceRecord,
  CompanySourceRecordSchema,
  type SourceManifest,
  SourceManifestSchema,
  type WorksiteSourceRecord,
  WorksiteSourceRecordSchema,
} from "#search-index/engine";
import { validateLine } from "#search-index/indexing";

export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SourceError";
  }
}

export function readManifest(dir: string): SourceManifest {
  const file = path.join(dir, "manifest.json");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new SourceError(`${file}: ${(error as Error).message}`);
  }
  const result = SourceManifestSchema.safeParse(raw);
  if (!result.success) throw new SourceError(`${file}: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return result.data;
}

/** Lines of a file, read in large chunks (faster than readline for multi-GB files). */
export async function* lines(file: string): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 4 << 20 })) {
    const parts = (rest + (chunk as string)).split("\n");
    rest = parts.pop() ?? "";
    yield* parts;
  }
  if (rest !== "") yield rest;
}

async function* records<T>(file: string, schema: z.ZodType<T>): AsyncGenerator<T> {
  let lineNo = 0;
  for await (const line of lines(file)) {
    lineNo++;
    if (line.trim() === "") continue;
    const checked = validateLine(schema, line);
    if ("problem" in checked) throw new SourceError(`${file}:${lineNo}: ${checked.problem}`);
    yield checked.record;
  }
}

export const readCompanies = (dir: string): AsyncGenerator<CompanySourceRecord> =>
  records(path.join(dir, "companies.ndjson"), CompanySourceRecordSchema);
export const readWorksites = (dir: string): AsyncGenerator<WorksiteSourceRecord> =>
  records(path.join(dir, "worksites.ndjson"), WorksiteSourceRecordSchema);
