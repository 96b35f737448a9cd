/** The parse pool: worker threads, small chunks, results in file order, errors as file:line. */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companySourceCodec,
  CompanySourceRecordSchema,
  packedCompanyText,
  packedWorksiteText,
  worksiteSourceCodec,
  WorksiteSourceRecordSchema,
} from "#search-index/engine";
import { documentHash, parseChunk } from "#search-index/indexing";
import { generateDataset } from "../data/generate";
import { ParsePool } from "./parse-pool";

let dir: string;
/** One pool of two threads for every test (each reads its file in chunks of its own size): a thread's start costs seconds. */
let pool: ParsePool;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "urval-parse-pool-"));
  await generateDataset({ companies: 300, seed: 42, outDir: dir });
  pool = new ParsePool({ threads: 2 });
});
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

async function collect(file: string, kind: "company" | "worksite", chunkBytes: number) {
  const rows: string[] = [];
  const ids: number[] = [];
  const hashes: number[] = [];
  for await (const chunk of pool.parse(file, kind, chunkBytes)) {
    if (chunk.rows.length > 0) rows.push(new TextDecoder().decode(chunk.rows));
    ids.push(...chunk.batch.ids);
    hashes.push(...chunk.hashes);
    expect(chunk.records).toBe(chunk.batch.count);
  }
  return { rows: rows.join("\n"), ids, hashes };
}

/** The ids of parsed facts (what the batches' contents are is index-equivalence.test.ts's matter). */
const factIds = (facts: ({ orgSeqNo: number } | { id: number })[]) => facts.map((f) => ("id" in f ? f.id : f.orgSeqNo));

describe("ParsePool", () => {
  it("gives the rows and column facts of the whole file, in file order, from many small chunks", async () => {
    for (const [name, kind] of [
      ["companies.ndjson", "company"],
      ["worksites.ndjson", "worksite"],
    ] as const) {
      const file = path.join(dir, name);
      const whole = parseChunk(kind, readFileSync(file, "utf8"));
      const pooled = await collect(file, kind, 16 * 1024);
      expect(whole.facts.length).toBeGreaterThan(250);
      expect(pooled.ids).toEqual(factIds(whole.facts));
      expect(pooled.rows).toBe(whole.rows);
      expect(pooled.hashes).toEqual(Array.from(whole.hashes));
      expect(pooled.rows.split("\n")[0]?.split("\t")).toHaveLength(kind === "company" ? 2 : 3);
    }
  }, 60_000);

  it("cuts lines longer than a chunk correctly, and the last line needs no newline", async () => {
    const file = path.join(dir, "long-lines.ndjson");
    const text = readFileSync(path.join(dir, "companies.ndjson"), "utf8").trimEnd();
    writeFileSync(file, text); // no newline at the end
    const pooled = await collect(file, "company", 300); // chunks shorter than any company line
    expect(pooled.ids).toEqual(factIds(parseChunk("company", text).facts));
    expect(pooled.ids).toHaveLength(text.split("\n").length);
  }, 60_000);

  it("parses a chunk given as UTF-8 bytes exactly as the same text: blank lines, non-ASCII names, line numbers", () => {
    const lines = readFileSync(path.join(dir, "companies.ndjson"), "utf8").trimEnd().split("\n");
    const swedish = lines.find((line) => /[åäöÅÄÖé]/.test(line));
    expect(swedish).toBeDefined();
    const text = `${lines.slice(0, 20).join("\n")}\n\n${swedish}\n${lines.slice(20, 40).join("\n")}`;
    const bytes = new TextEncoder().encode(text);
    const fromBytes = parseChunk("company", bytes);
    expect(fromBytes).toEqual(parseChunk("company", text));
    expect(fromBytes.lines).toBe(42);
    const broken = new TextEncoder().encode(`${lines[0]}\n\n{"orgSeqNo":"x"}\n${lines[1]}\n`);
    expect(parseChunk("company", broken).error?.line).toBe(3);
  });

  it("stores each record's validated source, which the document rows decode back to exactly", () => {
    for (const [name, kind, codec, schema] of [
      ["companies.ndjson", "company", companySourceCodec, CompanySourceRecordSchema],
      ["worksites.ndjson", "worksite", worksiteSourceCodec, WorksiteSourceRecordSchema],
    ] as const) {
      const text = readFileSync(path.join(dir, name), "utf8");
      const sources = text
        .trimEnd()
        .split("\n")
        .map((line) => schema.parse(JSON.parse(line)));
      const docs = parseChunk(kind, text)
        .rows.split("\n")
        .map((row) => codec.unpack(JSON.parse(row.split("\t").at(-1) as string)));
      expect(docs).toEqual(sources);
    }
  });

  it("gives Bevakning's hash pairs: (orgSeqNo, hash of the D1 doc) per company and per worksite (its company's orgSeqNo)", () => {
    const check = <S extends { orgSeqNo: number }>(
      name: string,
      kind: "company" | "worksite",
      packed: (source: S) => string,
      parse: (line: string) => S,
    ) => {
      const lines = readFileSync(path.join(dir, name), "utf8").trimEnd().split("\n");
      const parsed = parseChunk(kind, lines.join("\n"));
      const docs = parsed.rows.split("\n").map((row) => row.split("\t").at(-1) as string);
      // The hashed text is the D1 row's doc, which is also the text Elasticsearch's reindex hashes (packed*Text).
      const expected = lines.flatMap((line, i) => {
        const source = parse(line);
        expect(packed(source)).toBe(docs[i]);
        return [source.orgSeqNo, documentHash(packed(source))];
      });
      expect(expected.length).toBeGreaterThan(500);
      expect(Array.from(parsed.hashes)).toEqual(expected);
    };
    check("companies.ndjson", "company", packedCompanyText, (line) => CompanySourceRecordSchema.parse(JSON.parse(line)));
    check("worksites.ndjson", "worksite", packedWorksiteText, (line) => WorksiteSourceRecordSchema.parse(JSON.parse(line)));
  });

  it("reports the first invalid line as file:line, counting blank lines, across chunks", async () => {
    const file = path.join(dir, "broken.ndjson");
    const lines = readFileSync(path.join(dir, "companies.ndjson"), "utf8").trimEnd().split("\n");
    writeFileSync(file, `${lines.slice(0, 200).join("\n")}\n\n${lines.slice(200).join("\n")}\n`);
    appendFileSync(file, '{"kind":"company","orgSeqNo":-1}\nnot json\n');
    await expect(collect(file, "company", 8 * 1024)).rejects.toThrow(new RegExp(`broken\\.ndjson:${lines.length + 2}: orgSeqNo`));
  }, 60_000);
});
