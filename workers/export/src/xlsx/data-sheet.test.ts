import { describe, expect, it } from "vitest";
import { companyRecord, recordChunks, worksiteRecord } from "#tests/support/xlsx/sample-records";
import { COMPANY_COLUMNS } from "./company-columns";
import { dataSheetXml } from "./data-sheet";
import { writeCompanyWorkbook } from "./workbook-stream";
import { WORKSITE_COLUMNS } from "./worksite-columns";

async function sheetText<R>(columns: Parameters<typeof dataSheetXml<R>>[0], records: R[]): Promise<string> {
  const decoder = new TextDecoder();
  let xml = "";
  for await (const part of dataSheetXml(
    columns,
    recordChunks((i) => records[i]!, records.length),
    { rows: 0 },
  ))
    xml += decoder.decode(part);
  return xml.replaceAll("</row>", "</row>\n");
}

describe("dataSheetXml", () => {
  it("writes the company sheet: widths, bold frozen header, typed cells, autofilter", async () => {
    const records = [companyRecord(0, 11), { ...companyRecord(1, 11), name: "=1+1 Åäö & <AB>", turnover: -5, createdDate: "2001-02-03" }];
    await expect(await sheetText(COMPANY_COLUMNS, records)).toMatchFileSnapshot("__snapshots__/company-sheet.xml");
  });

  it("writes the worksite sheet", async () => {
    await expect(await sheetText(WORKSITE_COLUMNS, [worksiteRecord(0, 11), worksiteRecord(1, 11)])).toMatchFileSnapshot(
      "__snapshots__/worksite-sheet.xml",
    );
  });
});

describe.each(["native", "fflate"] as const)("writeCompanyWorkbook memory (%s deflate)", (engine) => {
  it("reads records only as fast as its output is consumed, and closes the source when the consumer stops", async () => {
    let pulled = 0;
    let closed = false;
    async function* source() {
      try {
        for (let chunk = 0; chunk < 1000; chunk++) {
          pulled++;
          yield Array.from({ length: 100 }, (_, i) => companyRecord(chunk * 100 + i));
        }
      } finally {
        closed = true;
      }
    }
    const { chunks } = writeCompanyWorkbook(source(), { criteria: [], sources: [], createdAt: new Date(), engine });
    let bytes = 0;
    for await (const chunk of chunks) {
      bytes += chunk.length;
      if (bytes > 1_000_000) break;
    }
    expect(pulled).toBeGreaterThan(10);
    expect(pulled).toBeLessThan(200);
    expect(closed).toBe(true);
  }, 20_000);

  it("fails the stream when the record source fails", async () => {
    async function* failing() {
      yield [companyRecord(0)];
      throw new Error("backend down");
    }
    const { chunks } = writeCompanyWorkbook(failing(), { criteria: [], sources: [], createdAt: new Date(), engine });
    await expect(async () => {
      for await (const _ of chunks);
    }).rejects.toThrow("backend down");
  });
});
