/**
 * The produced workbook read back by an independent reader (@e965/xlsx, the SheetJS parser) and compared cell by cell
 * with the records; the container is checked with node:zlib (CRC-32 and inflate) in zip-stream.test.ts.
 */
import * as XLSX from "@e965/xlsx";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companyRecord, recordChunks, worksiteRecord } from "#tests/support/xlsx/sample-records";
import { type CompanyRecord, type WorksiteRecord } from "#shared/search/result-schemas";
import { writeCompanyWorkbook, writeWorksiteWorkbook, type XlsxStream } from "./workbook-stream";
import { expectedCompanyRow, expectedWorksiteRow } from "#tests/support/xlsx/expected-rows";

const COMMON = { criteria: [{ label: "Bransch", value: "62 Dataprogrammering" }], sources: ["Källa: SCB", "Bolagsverket"] };
const CREATED = new Date("2026-06-30T22:05:00Z"); // 2026-07-01 00:05 in Stockholm (CEST)
// Reading workbooks back with SheetJS is slow on a loaded 2-core machine: generous time per test, not a benchmark.
const SLOW = 30_000;

async function readWorkbook(stream: XlsxStream): Promise<XLSX.WorkBook> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream.chunks) parts.push(chunk);
  return XLSX.read(Buffer.concat(parts), { type: "buffer", cellNF: true, cellStyles: true, cellDates: false });
}

function rowsOf(workbook: XLSX.WorkBook, sheet: string): Record<string, unknown>[] {
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[sheet]!, { raw: true, UTC: true });
}

describe.each(["native", "fflate"] as const)("writeCompanyWorkbook (%s deflate)", (engine) => {
  it(
    "writes every record cell by cell, å, ä, ö and formula-looking names included",
    async () => {
      const records = Array.from({ length: 800 }, (_, i) => companyRecord(i, 7));
      records[3] = {
        ...records[3]!,
        name: '=HYPERLINK("http://evil.example","Klicka") Åäö AB',
        phoneNumbers: ["+46 8 123 45", "070-123 45 67"],
      };
      records[4] = { ...records[4]!, name: "Bröderna Öhrström & Åberg <Kalmar> AB", careOf: "  Märta  ", earnings: -1_234_567 };
      const stream = writeCompanyWorkbook(
        recordChunks((i) => records[i]!, records.length, 333),
        { ...COMMON, createdAt: CREATED, engine },
      );
      const workbook = await readWorkbook(stream);

      expect(stream.counter.rows).toBe(800);
      expect(workbook.SheetNames).toEqual(["Företag", "Om urvalet"]);
      const rows = rowsOf(workbook, "Företag");
      expect(rows).toHaveLength(records.length);
      rows.forEach((row, i) => expect(row).toEqual(expectedCompanyRow(records[i]!)));
      expect(rows[3]!["Företagsnamn"]).toBe(`'=HYPERLINK("http://evil.example","Klicka") Åäö AB`);
      expect(rows[3]!["Telefon"]).toBe("'+46 8 123 45, 070-123 45 67");
      expect(rows[4]!["c/o"]).toBe("  Märta  ");
    },
    SLOW,
  );
});

describe("writeCompanyWorkbook cell types and sheet features", () => {
  const record: CompanyRecord = { ...companyRecord(1), orgNo: "556036-0793", createdDate: "1999-03-04", turnover: 1_500_000 };

  it("writes org numbers and codes as text, money and dates as numbers with formats, no formulas", async () => {
    const workbook = await readWorkbook(
      writeCompanyWorkbook(
        recordChunks(() => record, 1),
        { ...COMMON, createdAt: CREATED },
      ),
    );
    const sheet = workbook.Sheets["Företag"]!;
    expect(sheet["B2"]).toMatchObject({ t: "s", v: "556036-0793", z: "@" });
    expect(sheet["O2"]).toMatchObject({ t: "n", v: 36223, z: "yyyy\\-mm\\-dd" });
    expect(sheet["V2"]).toMatchObject({ t: "n", v: 1_500_000, z: "#,##0" });
    expect(Object.values(sheet).some((cell: XLSX.CellObject) => typeof cell === "object" && "f" in cell && cell.f)).toBe(false);
    expect(sheet["!autofilter"]).toEqual({ ref: "A1:AB2" });
    expect(sheet["!cols"]?.[0]?.width).toBe(40);
  });

  it("describes the export on 'Om urvalet' with date, row count and 'Källa: SCB'", async () => {
    const workbook = await readWorkbook(
      writeCompanyWorkbook(
        recordChunks(() => record, 42),
        { ...COMMON, createdAt: CREATED },
      ),
    );
    const about = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets["Om urvalet"]!, { header: 1, raw: false, blankrows: false });
    expect(about).toEqual([
      ["Om urvalet"],
      ["Skapad", "2026-07-01 00:05"],
      ["Innehåll", "Företag"],
      ["Antal rader", "42"],
      ["Bransch", "62 Dataprogrammering"],
      ["Datakällor", "Källa: SCB"],
      [undefined, "Bolagsverket"],
    ]);
  });

  it(
    "keeps any text intact except characters XML cannot carry, neutralising formula starts",
    async () => {
      const clean = (name: string) => name.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.string({ unit: "binary", minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 200 }),
          async (names) => {
            const rows = recordChunks((i) => ({ ...record, name: names[i]! }), names.length, 64);
            const sheet = (await readWorkbook(writeCompanyWorkbook(rows, { ...COMMON, createdAt: CREATED }))).Sheets["Företag"]!;
            names.forEach((name, i) => {
              const text = /^[=+\-@\t\r]/.test(clean(name)) ? `'${clean(name)}` : clean(name);
              const expected = text.replace(/\r\n/g, "\n"); // the reader folds CR LF into LF
              expect(sheet[`A${i + 2}`]?.v ?? "").toBe(expected);
            });
          },
        ),
        { numRuns: 15 },
      );
    },
    SLOW,
  );
});

describe("writeWorksiteWorkbook", () => {
  it(
    "writes every worksite record cell by cell",
    async () => {
      const records: WorksiteRecord[] = Array.from({ length: 700 }, (_, i) => worksiteRecord(i, 3));
      records[0] = { ...records[0]!, name: "@Åre fjällstation", companyName: "-Öresund Ärende AB" };
      const workbook = await readWorkbook(
        writeWorksiteWorkbook(
          recordChunks((i) => records[i]!, records.length, 100),
          { ...COMMON, createdAt: CREATED },
        ),
      );
      expect(workbook.SheetNames).toEqual(["Arbetsställen", "Om urvalet"]);
      const rows = rowsOf(workbook, "Arbetsställen");
      rows.forEach((row, i) => expect(row).toEqual(expectedWorksiteRow(records[i]!)));
      expect(rows[0]!["Arbetsställe"]).toBe("'@Åre fjällstation");
      expect(rows).toHaveLength(700);
    },
    SLOW,
  );
});
