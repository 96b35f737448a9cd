import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompanySourceRecordSchema } from "#search-index/engine";
import { generateDataset } from "../../generate";
import { type ArchiveRefusal, type FiledReport, readArchives } from "../archive/read-archives";
import { parseAnnualReport } from "../ixbrl/parse-report";
import { ReportRefusal } from "../types";
import { type HostileArchiveResult, writeHostileArchive } from "./write-archives";

/** Reasons the archive reader gives; the others come from parsing the document. */
const ARCHIVE_REASONS = new Set(["ZIP_BOMB", "NESTED_TOO_DEEP", "PATH_TRAVERSAL", "TOO_LARGE", "BAD_NAME"]);

const dir = mkdtempSync(path.join(tmpdir(), "urval-ar-hostile-"));
let result: HostileArchiveResult;
const filed: FiledReport[] = [];
const refused: ArchiveRefusal[] = [];

function parseRefusal(bytes: Uint8Array): string | null {
  try {
    parseAnnualReport(bytes);
    return null;
  } catch (error) {
    if (error instanceof ReportRefusal) return error.reason;
    throw error;
  }
}

beforeAll(async () => {
  const { companiesFile } = await generateDataset({ companies: 300, seed: 51, outDir: path.join(dir, "source") });
  const companies = readFileSync(companiesFile, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => CompanySourceRecordSchema.parse(JSON.parse(line)));
  result = await writeHostileArchive(path.join(dir, "archives", "hostile.zip"), companies);
  for await (const item of readArchives(path.join(dir, "archives"))) {
    if ("refused" in item) refused.push(item);
    else filed.push(item);
  }
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("writeHostileArchive", () => {
  it("writes every hostile case the brief names, in the main archive and the outer-level one", () => {
    expect(result.archives.map((file) => path.basename(file))).toEqual(["hostile.zip", "hostile-outer.zip"]);
    const reasons = new Set(result.cases.map((c) => c.reason));
    for (const reason of [
      "ZIP_BOMB",
      "NESTED_TOO_DEEP",
      "PATH_TRAVERSAL",
      "DTD",
      "TOO_LARGE",
      "BAD_ENCODING",
      "ORGNR_MISMATCH",
      "BAD_NAME",
    ])
      expect(reasons).toContain(reason);
    expect(result.cases.filter((c) => c.archive === "hostile-outer.zip").map((c) => c.reason)).toEqual(["PATH_TRAVERSAL", "ZIP_BOMB"]);
  });

  it("gets the archive reader's refusals exactly where the cases say, and no other", () => {
    const expected = result.cases.filter((c) => ARCHIVE_REASONS.has(c.reason)).map((c) => [c.archive, c.inner, c.file, c.reason].join(" "));
    expect(refused.map((r) => [r.archive, r.inner, r.file, r.reason].join(" ")).sort()).toEqual(expected.sort());
  });

  it("gets the parser's refusals for the DTD and the broken UTF-8, and a different organisation number than the name's", () => {
    for (const hostile of result.cases.filter((c) => !ARCHIVE_REASONS.has(c.reason))) {
      const report = filed.find((r) => r.archive === hostile.archive && r.inner === hostile.inner);
      const document = report?.documents.find((d) => d.file === hostile.file);
      expect(document, hostile.description).toBeDefined();
      const bytes = document?.bytes ?? new Uint8Array();
      if (hostile.reason === "ORGNR_MISMATCH") expect(parseAnnualReport(bytes).orgNo).not.toBe(report?.orgNoFromName);
      else expect(parseRefusal(bytes), hostile.description).toBe(hostile.reason);
    }
  });

  it("loses none of the good reports beside the cases", () => {
    const good = filed.filter((r) => !result.cases.some((c) => c.archive === r.archive && c.inner === r.inner));
    const key = (r: { archive: string; inner: string }) => `${r.archive} ${r.inner}`;
    expect(good.map(key).sort()).toEqual(result.good.map(key).sort());
    for (const report of good) {
      const expected = result.good.find((g) => key(g) === key(report))?.expected;
      const document = report.documents.find((d) => d.file.startsWith("arsredovisning_"));
      const parsed = parseAnnualReport(document?.bytes ?? new Uint8Array());
      // The figures are compared in parse-roundtrip.test.ts; here: the report is there and is whose it says.
      expect([parsed.orgNo, parsed.name]).toEqual([expected?.orgNo, expected?.name]);
    }
  });
});
