/**
 * What the load scenario checks answers against: the source datasets themselves. Before the reindex the stack serves
 * dataset A (the demo data), after it dataset B (same size, another seed), so every record of an answer can be traced
 * to exactly one of them: a page that mixed versions would show names of both.
 */
import { createReadStream, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { sniCodeToAncestors } from "#search-index";
import { companyTextFields, CompanySourceRecordSchema, indexWords, type CompanySourceRecord } from "#search-index/engine";
import { generateDataset } from "#scripts/data/generate";

/** What the free text of a search can match in a company (free-text.ts): its words per field and its codes. */
export interface CompanyText {
  words: string[];
  orgNo: number;
  /** SNI codes with their ancestors, and the seat's municipality and county. */
  codes: Set<string>;
}

export interface DatasetFacts {
  dir: string;
  seed: number;
  /** orgSeqNo → company name. */
  names: Map<number, string>;
  /** Organisation numbers in file order (for list files). */
  orgNos: string[];
  /** orgSeqNo → what the free text can match. */
  texts: Map<number, CompanyText>;
}

/** Generates a dataset of `companies` with `seed` into `dir` unless a complete one is there. */
export async function ensureDataset(dir: string, companies: number, seed: number): Promise<void> {
  const manifest = path.join(dir, "manifest.json");
  if (existsSync(manifest)) {
    const m = JSON.parse(readFileSync(manifest, "utf8")) as { companies?: number; seed?: number };
    if (m.companies === companies && m.seed === seed) return;
  }
  await generateDataset({ companies, seed, outDir: dir });
}

function companyText(company: CompanySourceRecord): CompanyText {
  const fields = companyTextFields(company);
  const codes = [
    ...company.sniCodes.flatMap((code) => [code, ...sniCodeToAncestors(code)]),
    company.seatMunicipalityCode,
    company.seatCountyCode,
  ];
  return {
    words: [...indexWords(fields.name), ...indexWords(fields.address), ...indexWords(fields.people)],
    orgNo: Number(company.orgNo.replace("-", "")),
    codes: new Set(codes),
  };
}

export async function readDatasetFacts(dir: string): Promise<DatasetFacts> {
  const { seed } = z
    .object({ seed: z.number() })
    .loose()
    .parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
  const names = new Map<number, string>();
  const orgNos: string[] = [];
  const texts = new Map<number, CompanyText>();
  const lines = createInterface({ input: createReadStream(path.join(dir, "companies.ndjson")) });
  for await (const line of lines) {
    const company = CompanySourceRecordSchema.parse(JSON.parse(line));
    names.set(company.orgSeqNo, company.name);
    orgNos.push(company.orgNo);
    texts.set(company.orgSeqNo, companyText(company));
  }
  return { dir, seed, names, orgNos, texts };
}

/** The short form's datasets A and B (the test run's shared datasets, tests/support/shared.ts). */
export const RESILIENCE_SHORT_DATASETS = [
  { companies: 5_000, seed: 1 },
  { companies: 5_000, seed: 2 },
] as const;
