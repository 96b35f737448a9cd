import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseListFile } from "./parse-list-file";
import { inspectOle } from "./ole-container";
import { formatOrgNo } from "#shared/list-files/org-number";

const CORPUS = path.resolve(import.meta.dirname, "../../../../tests/fixtures/list-files/corpus");
const expected = JSON.parse(readFileSync(path.join(CORPUS, "expected.json"), "utf8")) as {
  files: string[];
  numbers: string[];
  invalid: number;
  duplicates: number;
};
const read = (name: string) => new Uint8Array(readFileSync(path.join(CORPUS, name)));

const FORMAT_OF: Record<string, string> = { xlsx: "xlsx", xls: "xls", docx: "docx", csv: "text", tsv: "text", txt: "text" };

describe("parseListFile on the LibreOffice corpus", () => {
  it("covers every office format and every text encoding", () => {
    const extensions = new Set(expected.files.map((f) => f.split(".").pop()));
    expect([...extensions].sort()).toEqual(["csv", "docx", "tsv", "txt", "xls", "xlsx"]);
    for (const encoding of ["utf-8.", "utf-8-bom.", "utf-8-no-bom.", "utf-16.", "utf-16be.", "utf-16-no-bom.", "windows-1252."]) {
      expect(expected.files.some((f) => f.includes(encoding))).toBe(true);
    }
  });

  it.each(expected.files)("%s gives the same numbers, invalid count and duplicates", async (file) => {
    const result = await parseListFile(file, read(file));
    expect(Array.from(result.keys, formatOrgNo)).toEqual(expected.numbers);
    expect(result.valid).toBe(expected.numbers.length);
    expect(result.invalid).toBe(expected.invalid);
    expect(result.invalidExamples).toHaveLength(expected.invalid);
    expect(result.duplicates).toBe(expected.duplicates);
    expect(result.format).toBe(FORMAT_OF[file.split(".").pop() as string]);
    expect(result.rowsRead).toBeGreaterThan(expected.numbers.length);
  });

  it("detects each text encoding from the bytes", async () => {
    const encodingOf = async (file: string) => (await parseListFile(file, read(file))).encoding;
    expect(await encodingOf("kundlista-utf-8.csv")).toBe("utf-8");
    expect(await encodingOf("kundlista-utf-8-bom.csv")).toBe("utf-8-bom");
    expect(await encodingOf("kundlista-utf-16.csv")).toBe("utf-16le");
    expect(await encodingOf("kundlista-utf-16be.tsv")).toBe("utf-16be");
    expect(await encodingOf("kundlista-utf-16-no-bom.txt")).toBe("utf-16le");
    expect(await encodingOf("kundlista-windows-1252.txt")).toBe("windows-1252");
  });

  it("reads one spreadsheet row per line: header plus one row per customer", async () => {
    const csv = await parseListFile("kundlista-utf-8.csv", read("kundlista-utf-8.csv"));
    const xlsx = await parseListFile("kundlista.xlsx", read("kundlista.xlsx"));
    const xls = await parseListFile("kundlista.xls", read("kundlista.xls"));
    expect(xlsx.rowsRead).toBe(csv.rowsRead);
    expect(xls.rowsRead).toBe(csv.rowsRead);
  });

  it("counts a Word table row as one row, plus the heading and paragraph above the table", async () => {
    const csv = await parseListFile("kundlista-utf-8.csv", read("kundlista-utf-8.csv"));
    const docx = await parseListFile("kundlista.docx", read("kundlista.docx"));
    expect(docx.rowsRead).toBe(csv.rowsRead + 2);
  });

  it("judges by content, not by extension case or an Excel mix-up", async () => {
    const xlsx = read("kundlista.xlsx");
    expect((await parseListFile("KUNDLISTA.XLSX", xlsx)).format).toBe("xlsx");
    expect((await parseListFile("kundlista.xls", xlsx)).format).toBe("xlsx");
  });

  it("refuses an extension outside the accepted six, naming the file", async () => {
    await expect(parseListFile("kundlista.ods", read("kundlista.xlsx"))).rejects.toMatchObject({
      code: "LIST_FILE_UNSUPPORTED_TYPE",
      type: "USER_MESSAGE",
      message: expect.stringContaining('"kundlista.ods"'),
    });
  });

  it("counts the value cells of an .xls from its BIFF records: header and 34 rows of 4 columns", async () => {
    expect(await inspectOle(read("kundlista.xls"))).toEqual({ kind: "workbook", valueCells: 35 * 4 });
  });
});
