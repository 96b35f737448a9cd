/** Conformance cases for worksites, details, exports and org-number lookups (fixture-rows.ts by hand). */
import { describe, expect, it } from "vitest";
import { parseSearch } from "#search-index/search-model";
import type { ExportChunk } from "#search-index/backend";
import { CompanyDetailSchema, WorksiteDetailSchema } from "#shared/search/result-schemas";
import { type BackendRef, expectHits, idsOf, orgNoOf, run } from "./contract-helpers";

const W = "WORKSITE" as const;

async function collect(chunks: AsyncIterable<ExportChunk>) {
  const ids: (number | string)[] = [];
  for await (const chunk of chunks) for (const record of chunk) ids.push("cfarNo" in record ? record.cfarNo : record.orgSeqNo);
  return ids;
}

export function worksiteCases(backend: BackendRef) {
  describe("worksites", () => {
    it("searches every worksite with the company's figures", async () => {
      const results = await run(backend(), { resultType: W });
      expect(results.type).toBe("WORKSITE");
      expect(results.hitCount).toBe(47);
      expect(idsOf(results).slice(0, 4)).toEqual(["10000901", "10000902", "10000903", "14000201"]);
      expect(results.records[0]).toMatchObject({
        cfarNo: "10000901",
        companyName: "Eta Bank AB",
        companyTurnover: 5e9,
        headquarters: true,
        employeeRangeCode: "12",
      });
      expect(results.aggregations.employeeRange_all).toEqual({ "1": 2, "2": 8, "3": 13, "4": 9, "5": 8, "6": 4, "7": 2, "12": 1 });
      expect(results.aggregations.headquarters).toEqual({ true: 34, false: 13 });
    });

    it("filters by place, size class, head office and company figures", async () => {
      await expectHits(backend(), { resultType: W, codeSet: { location: ["0180"] } }, [
        "10000101",
        "10000201",
        "10000301",
        "10000501",
        "10000601",
        "10000602",
        "10000701",
        "10000901",
        "13000102",
        "10003401",
        "10003701",
      ]);
      expect((await run(backend(), { resultType: W, codeSet: { employeeRange: ["3"] } })).hitCount).toBe(13);
      expect((await run(backend(), { resultType: W, bool: { headquarters: false } })).hitCount).toBe(13);
      await expectHits(backend(), { resultType: W, range: { turnover: "100000000_" } }, [
        "10000101",
        "10000102",
        "10000103",
        "10000901",
        "10000902",
        "10000903",
        "14000201",
        "14000202",
        "14000203",
      ]);
      await expectHits(backend(), { resultType: W, bool: { fTax: false } }, []);
    });

    it("matches worksite and company names, and places", async () => {
      // Göteborg by name (10000102, 10000902, 14000601) and every worksite in Göteborg municipality.
      await expectHits(backend(), { resultType: W, text: "göteborg" }, [
        "10000102",
        "10000902",
        "14000101",
        "14000102",
        "14000201",
        "14000301",
        "14000401",
        "14000501",
        "14000601",
      ]);
      await expectHits(backend(), { resultType: W, text: "ypsilon" }, ["14000201", "14000202", "14000203"]);
      await expectHits(backend(), { resultType: W, text: orgNoOf(19) }, ["12000101", "12000102"]);
    });

    it("sorts by size class with unknown last, and by active-from date", async () => {
      expect(idsOf(await run(backend(), { resultType: W, sort: [{ field: "employeeRange", ascending: false }] })).slice(0, 5)).toEqual([
        "10000901",
        "10000902",
        "14000201",
        "10000101",
        "14000101",
      ]);
      expect(idsOf(await run(backend(), { resultType: W, sort: [{ field: "activeFrom", ascending: true }] })).slice(0, 3)).toEqual([
        "10000901",
        "10000902",
        "10000903",
      ]);
    });
  });

  describe("details, exports and organisation numbers", () => {
    it("returns a company detail or a worksite, each with its type", async () => {
      const company = CompanyDetailSchema.parse(await backend().getEntity("26"));
      expect(company).toMatchObject({
        type: "COMPANY",
        name: "Ypsilon Mat AB",
        orgNo: orgNoOf(26),
        form: "AB",
        sniCodes: [{ sniCode: "47111" }],
      });
      expect(company.financialPeriods).toHaveLength(1);
      const group = CompanyDetailSchema.parse(await backend().getEntity("3"));
      expect(group.companyGroupTree).toMatchObject({
        name: "Gamma Holding AB",
        isTarget: false,
        children: [{ name: "Gamma Bygg AB", isTarget: true }],
      });
      const worksite = WorksiteDetailSchema.parse(await backend().getEntity("14000202"));
      expect(worksite).toMatchObject({
        type: "WORKSITE",
        cfarNo: "14000202",
        companyName: "Ypsilon Mat AB",
        municipalityName: "Lund",
        countyCode: "12",
      });
      expect(await backend().getEntity("14000202", "COMPANY")).toBeNull();
      expect(await backend().getEntity("999")).toBeNull();
      expect(await backend().getEntity("not-an-id")).toBeNull();
    });

    it("exports in sort order, honouring the selection", async () => {
      const county = parseSearch({ codeSet: { location: ["01"] } });
      expect(await collect(backend().readExportRows(county, { count: 5, chunkSize: 2 }))).toEqual([9, 1, 3, 11, 6]);
      expect(await collect(backend().readExportRows(county, { count: 100, idNumbers: [3, 1, 26] }))).toEqual([1, 3]);
      expect(await collect(backend().readExportRows(county, { count: 3, idNumbers: [9], exclude: true }))).toEqual([1, 3, 11]);
      expect(await collect(backend().readExportRows(county, { count: 100 }))).toHaveLength(17);
      expect(await backend().readExportIds(county, { count: 5 })).toEqual([9, 1, 3, 11, 6]);
      expect(await backend().readExportIds(county, { count: 100, idNumbers: [3, 1, 26] })).toEqual([1, 3]);
      expect(await backend().readExportIds(county, { count: 3, idNumbers: [9], exclude: true })).toEqual([1, 3, 11]);
    });

    it("resolves organisation numbers and counts their worksites", async () => {
      expect(await backend().resolveOrgNumbers([orgNoOf(1), orgNoOf(26), "111111-1116", orgNoOf(1)])).toEqual({
        found: [orgNoOf(1), orgNoOf(26)],
        unknown: ["111111-1116"],
        worksiteCount: 6,
      });
    });

    it("reports what it serves", async () => {
      expect(await backend().info()).toMatchObject({ companies: 40, worksites: 47, documents: 87 });
    });
  });
}
