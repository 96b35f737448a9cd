/**
 * CSV files read back by an independent parser (@e965/xlsx's CSV reader, strings kept raw) and compared field by field
 * with the records; the bytes themselves checked for the BOM, the separator, CRLF and quoting.
 */
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { standardColumnSpecs } from "#shared/api-contracts/export-columns";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { companyColumns } from "../xlsx/column-values";
import { companyRecord, recordChunks } from "#tests/support/xlsx/sample-records";
import { csvField, csvValue, writeCsv } from "./csv-stream";

async function text(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

function parse(bytes: Buffer): string[][] {
  const workbook = XLSX.read(bytes.toString("utf8").replace(/^\uFEFF/, ""), { type: "string", raw: true, FS: ";" });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: "", blankrows: true });
}

describe("csvValue and csvField", () => {
  it("writes numbers with a decimal comma, dates as ISO, Ja/Nej, and neutralises formula-looking text", () => {
    expect(csvValue("money", 1234.5)).toBe("1234,5");
    expect(csvValue("money", -1_500_000)).toBe("-1500000");
    expect(csvValue("integer", 42)).toBe("42");
    expect(csvValue("date", "20240131")).toBe("2024-01-31");
    expect(csvValue("date", "2024-02-30")).toBe("2024-02-30");
    expect(csvValue("yesNo", true)).toBe("Ja");
    expect(csvValue("yesNo", false)).toBe("Nej");
    // An unknown registration (the free registers, decision 0069) is an empty cell, never "Nej".
    expect(csvValue("yesNo", null)).toBe("");
    expect(csvValue("text", "=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvValue("text", "+46 8 123")).toBe("'+46 8 123");
    expect(csvValue("text", null)).toBe("");
  });

  it("quotes fields holding a separator, a quote or a line break, doubling the quotes", () => {
    expect(csvField("Åkeri AB")).toBe("Åkeri AB");
    expect(csvField("A;B")).toBe('"A;B"');
    expect(csvField('Säg "hej"')).toBe('"Säg ""hej"""');
    expect(csvField("rad 1\r\nrad 2")).toBe('"rad 1\r\nrad 2"');
  });
});

describe("writeCsv", () => {
  it("streams a BOM, a header and one CRLF line per record, read back field by field", async () => {
    const records: CompanyRecord[] = Array.from({ length: 1500 }, (_, i) => companyRecord(i, 3));
    records[1] = { ...records[1]!, name: 'Bygg; "Måleri"\nAB', turnover: 1234.5 };
    const columns = companyColumns([{ id: "name" }, { id: "orgNo", header: "Org.nr" }, { id: "turnover" }, { id: "fTaxReg" }]);
    const stream = writeCsv(
      columns,
      recordChunks((i) => records[i]!, records.length, 400),
    );
    const bytes = await text(stream.chunks);

    expect(stream.counter.rows).toBe(1500);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8").split("\r\n")[0]).toBe("\uFEFFFöretagsnamn;Org.nr;Omsättning (kr);F-skatt");
    const rows = parse(bytes);
    expect(rows[0]).toEqual(["Företagsnamn", "Org.nr", "Omsättning (kr)", "F-skatt"]);
    expect(rows).toHaveLength(1501);
    records.forEach((r, i) => {
      const name = /^[=+\-@\t\r]/.test(r.name) ? `'${r.name}` : r.name;
      const turnover = r.turnover === null ? "" : String(r.turnover).replace(".", ",");
      expect(rows[i + 1]).toEqual([name, r.orgNo, turnover, r.fTaxReg ? "Ja" : "Nej"]);
    });
  });

  it("writes only the header for no records", async () => {
    const stream = writeCsv(companyColumns(standardColumnSpecs("COMPANY")), recordChunks(companyRecord, 0));
    const lines = (await text(stream.chunks)).toString("utf8").split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split(";")).toHaveLength(28);
    expect(lines[1]).toBe("");
  });
});
