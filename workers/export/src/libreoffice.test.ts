/**
 * LibreOffice opens what the export writers produce (issue 17): a 100 000-row XLSX and a 100 000-row CSV (semicolons,
 * UTF-8 with BOM, decimal comma) are converted headless with `soffice --convert-to`, in parallel, each with its own
 * throw-away profile, and the converted files are checked: every row there, a Swedish name and a negative figure intact.
 * npm test opens 20 000 rows of each (the same writers, streamed in the same chunks); npm run test:full 100 000.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { writeCsv } from "./csv/csv-stream";
import { companyColumns } from "./xlsx/column-values";
import { companyRecord, recordChunks } from "#tests/support/xlsx/sample-records";
import { writeCompanyWorkbook } from "./xlsx/workbook-stream";
import { atScale } from "#tests/support/scale";

const ROWS = atScale(20_000, 100_000);
/** Ten columns of every kind (text, code, date, money, Ja/Nej): LibreOffice's import time grows with the cells. */
const COLUMNS = ["name", "orgNo", "city", "phone1", "managerName", "createdDate", "sniCode", "turnover", "earnings", "fTaxReg"];
const HEADER =
  "Företagsnamn,Organisationsnummer,Postort,Telefon 1,Befattningshavare,Registreringsdatum,SNI-kod,Omsättning (kr),Resultat (kr),F-skatt";
const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), "urval-libreoffice-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const record = (i: number): CompanyRecord =>
  i === 7 ? { ...companyRecord(i, 5), name: "Åkeri Öberg & Söner AB", earnings: -1234.5 } : companyRecord(i, 5);

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Converts `file` to CSV (comma separated, UTF-8) with a fresh profile; the converted file's lines, quotes removed. */
async function convertToCsv(file: string, inFilter?: string): Promise<string[]> {
  const profile = `file://${mkdtempSync(path.join(work, "profile-"))}`;
  const outDir = mkdtempSync(path.join(work, "out-"));
  const args = [`-env:UserInstallation=${profile}`, "--headless", "--norestore", "--nolockcheck"];
  if (inFilter) args.push(`--infilter=${inFilter}`);
  args.push("--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir", outDir, file);
  await run("soffice", args, { timeout: 150_000 });
  const text = readFileSync(path.join(outDir, `${path.basename(file, path.extname(file))}.csv`), "utf8");
  // LibreOffice quotes the text cells of a spreadsheet it opened, not those of a CSV: compare both without quotes.
  return text
    .replace(/^\uFEFF/, "")
    .replaceAll('"', "")
    .trimEnd()
    .split(/\r?\n/);
}

describe("LibreOffice headless", () => {
  it(`opens a ${ROWS.toLocaleString("sv-SE")}-row XLSX and CSV from the writers`, async () => {
    const columns = companyColumns(COLUMNS.map((id) => ({ id })));
    const common = { criteria: [{ label: "Urval", value: "Test" }], sources: ["Källa: SCB"], createdAt: new Date() };
    const xlsxFile = path.join(work, "urval.xlsx");
    const csvFile = path.join(work, "urval-csv.csv");
    writeFileSync(xlsxFile, await bytesOf(writeCompanyWorkbook(recordChunks(record, ROWS), common, columns).chunks));
    writeFileSync(csvFile, await bytesOf(writeCsv(columns, recordChunks(record, ROWS)).chunks));

    // 59 = ';', 34 = '"', 76 = UTF-8, from line 1: how a CSV for Excel with Swedish settings is read.
    const [fromXlsx, fromCsv] = await Promise.all([convertToCsv(xlsxFile), convertToCsv(csvFile, "CSV:59,34,76,1")]);
    for (const lines of [fromXlsx, fromCsv]) {
      expect(lines).toHaveLength(ROWS + 1);
      expect(lines[0]).toBe(HEADER);
      expect(lines[8]).toContain("Åkeri Öberg & Söner AB");
      expect(lines[8]).toContain(record(7).orgNo);
    }
    // The XLSX cell is a number shown with the money format (whole kronor, thousands grouped in LibreOffice's locale).
    expect(fromXlsx[8]).toContain(",-1,235,");
    expect(fromCsv[8]).toMatch(/-1234[.,]5/);
  }, 180_000);
});
