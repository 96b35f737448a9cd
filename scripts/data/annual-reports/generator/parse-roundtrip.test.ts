import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompanySourceRecord, CompanySourceRecordSchema } from "#search-index/engine";
import { generateDataset } from "../../generate";
import { readArchives } from "../archive/read-archives";
import { parseAnnualReport } from "../ixbrl/parse-report";
import type { ParsedReport } from "../types";
import { expectedAnnualReport, renderAnnualReport } from "./ixbrl-document";
import type { AnnualReportInput } from "./report-model";
import { reportJobsOf } from "./report-plan";
import { type GeneratedReport, writeAnnualReportArchives } from "./write-archives";

/** The remarks' flags only: their wording is the parser's. */
const comparable = (report: ParsedReport) => ({ ...report, remarks: report.remarks.map((remark) => remark.flag) });

const dir = mkdtempSync(path.join(tmpdir(), "urval-ar-roundtrip-"));
let companies: CompanySourceRecord[] = [];

beforeAll(async () => {
  const { companiesFile } = await generateDataset({ companies: 1500, seed: 61, outDir: dir });
  companies = readFileSync(companiesFile, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => CompanySourceRecordSchema.parse(JSON.parse(line)));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("generated annual reports read by the iXBRL parser", () => {
  it("take the own fiscal year from the own year's facts, though ix:hidden tags the year before's days first", () => {
    const input = companies.flatMap((company) => reportJobsOf(company, 3)).find((job) => job.input.periods.length > 1)?.input;
    const parsed = parseAnnualReport(new TextEncoder().encode(renderAnnualReport(input as AnnualReportInput)));
    const own = input?.periods[0];
    expect([parsed.periodStart, parsed.periodEnd]).toEqual([own?.periodStart, own?.periodEnd]);
  });

  it("parse back to exactly the expected report: periods, figures, group part, currency, framework", () => {
    const inputs: AnnualReportInput[] = companies.flatMap((company) => reportJobsOf(company, 3).map((job) => job.input));
    const all = [...inputs, ...inputs.slice(0, 100).map((input) => ({ ...input, currency: "EUR" }))];
    expect(all.some((input) => input.periods[0]?.group)).toBe(true);
    const wrong = all.flatMap((input) => {
      const parsed = comparable(parseAnnualReport(new TextEncoder().encode(renderAnnualReport(input))));
      const expected = comparable(expectedAnnualReport(input));
      return JSON.stringify(parsed) === JSON.stringify(expected) ? [] : [{ expected, parsed }];
    });
    expect(`${wrong.length} of ${all.length} differ`).toBe(`0 of ${all.length} differ`);
    expect(wrong.slice(0, 1)).toEqual([]);
  }, 60_000);

  // The archives of 1 500 companies through the reader: in the full run (npm test reads the register sample's archives
  // through the same reader and parser in load-annual-reports.test.ts).
  it.runIf(process.env.URVAL_TEST_FULL === "1")(
    "come out of the archive reader and the parser as the writer said, corrections and euro reports included",
    async () => {
      const written: GeneratedReport[] = [];
      const outDir = path.join(dir, "archives");
      await writeAnnualReportArchives(companies, {
        outDir,
        seed: 9,
        reportsPerArchive: 500,
        specialCases: true,
        onReport: (r) => void written.push(r),
      });
      const expected = new Map(written.map((r) => [`${r.archive} ${r.inner}`, r]));
      let read = 0;
      for await (const item of readArchives(outDir)) {
        expect("refused" in item ? item.message : null).toBeNull();
        if ("refused" in item) continue;
        const report = expected.get(`${item.archive} ${item.inner}`);
        const document = item.documents.find((d) => d.file === report?.file);
        expect(comparable(parseAnnualReport(document?.bytes ?? new Uint8Array())), item.inner).toEqual(
          comparable(report?.expected as ParsedReport),
        );
        read++;
      }
      expect(read).toBe(written.length);
      expect(written.some((r) => r.isCorrection) && written.some((r) => r.expected.currency === "EUR")).toBe(true);
    },
    60_000,
  );
});
