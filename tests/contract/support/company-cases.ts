/** Conformance cases for company searches; every expectation is read off tests/fixtures/search/fixture-rows.ts. */
import { describe, expect, it } from "vitest";
import { type BackendRef, expectHits, idsOf, run } from "./contract-helpers";

const COUNTY_01 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 34, 35, 36, 37];

export function companyCases(backend: BackendRef) {
  describe("companies: sort and paging", () => {
    it("sorts by turnover descending by default, ties by id, missing values last", async () => {
      const page0 = await run(backend(), {});
      expect(page0.type).toBe("COMPANY");
      expect(page0.hitCount).toBe(40);
      expect(idsOf(page0)).toEqual([9, 26, 1, 25, 19, 3, 11, 33, 23, 27, 15, 31, 6, 22, 36, 14, 2, 34, 18, 39]);
      const page1 = await run(backend(), {}, { page: 1 });
      expect(idsOf(page1)).toEqual([12, 29, 32, 16, 30, 5, 40, 21, 13, 28, 37, 17, 20, 35, 7, 24, 38, 10, 4, 8]);
      expect((await run(backend(), {}, { page: 2 })).records).toEqual([]);
    });

    it("sorts ascending with missing values still last", async () => {
      const results = await run(backend(), { sort: [{ field: "turnover", ascending: true }] }, { page: 1 });
      expect(idsOf(results).slice(-3)).toEqual([26, 9, 8]);
      expect(idsOf(await run(backend(), { sort: [{ field: "turnover", ascending: true }] })).slice(0, 7)).toEqual([
        4, 10, 38, 24, 7, 20, 35,
      ]);
    });

    it("sorts names in Swedish order (å, ä, ö after z; accents ignored)", async () => {
      const sort = [{ field: "name" as const, ascending: true }];
      const names = [...idsOf(await run(backend(), { sort })), ...idsOf(await run(backend(), { sort }, { page: 1 }))];
      expect(names).toEqual([
        1, 36, 35, 34, 7, 2, 37, 28, 5, 24, 6, 9, 3, 4, 30, 12, 13, 14, 33, 15, 32, 16, 31, 19, 20, 27, 21, 29, 22, 23, 10, 25, 11, 26, 8,
        38, 39, 17, 18, 40,
      ]);
    });

    it("sorts by credit grade, registration date and employees", async () => {
      expect(idsOf(await run(backend(), { sort: [{ field: "scoring", ascending: false }] })).slice(0, 6)).toEqual([1, 9, 15, 20, 23, 26]);
      expect(idsOf(await run(backend(), { sort: [{ field: "createdDate", ascending: true }] })).slice(0, 4)).toEqual([9, 10, 30, 26]);
      expect(idsOf(await run(backend(), { sort: [{ field: "numEmployees", ascending: false }] })).slice(0, 3)).toEqual([9, 26, 1]);
      const byGradeThenName = await run(backend(), {
        sort: [
          { field: "scoring", ascending: true },
          { field: "name", ascending: false },
        ],
      });
      expect(idsOf(byGradeThenName).slice(0, 2)).toEqual([13, 28]);
    });

    it("keeps a random order stable for one search, so pages do not overlap", async () => {
      const search = { sort: [{ field: "random" as const, ascending: true }] };
      const first = idsOf(await run(backend(), search));
      expect(idsOf(await run(backend(), search))).toEqual(first);
      const second = idsOf(await run(backend(), search, { page: 1 }));
      expect(new Set([...first, ...second]).size).toBe(40);
    });
  });

  describe("companies: places, industries and disjunctive facets", () => {
    it("filters a county and counts every place for all alternatives", async () => {
      const results = await run(backend(), { codeSet: { location: ["01"] } });
      expect(results.hitCount).toBe(17);
      expect(results.aggregations.location).toMatchObject({
        "01": 17,
        "0180": 12,
        "0114": 3,
        "0162": 1,
        "0181": 1,
        "03": 6,
        "0380": 6,
        "12": 8,
        "1280": 4,
        "1281": 4,
        "14": 6,
        "1480": 6,
        "25": 3,
        "2580": 3,
      });
      expect(results.aggregations.sni).toEqual(
        expect.objectContaining({
          J: 3,
          F: 3,
          K: 2,
          I: 2,
          S: 2,
          L: 1,
          H: 1,
          C: 1,
          M: 2,
          "62": 3,
          "620": 3,
          "6201": 2,
          "62010": 2,
          "62020": 1,
          "41": 2,
          "43": 1,
        }),
      );
      expect(results.aggregations.fTax).toEqual({ true: 15, false: 2 });
      await expectHits(backend(), { codeSet: { location: ["01"] } }, COUNTY_01);
    });

    it("lets each facet ignore only its own constraint", async () => {
      const results = await run(backend(), { codeSet: { location: ["01"], sni: ["J"] } });
      expect(results.hitCount).toBe(3);
      expect(results.aggregations.location).toEqual({
        "01": 3,
        "0180": 2,
        "0114": 1,
        "03": 1,
        "0380": 1,
        "12": 1,
        "1281": 1,
        "25": 1,
        "2580": 1,
      });
      expect(results.aggregations.sni?.J).toBe(3);
      expect(results.aggregations.sni?.F).toBe(3);
      const bools = await run(backend(), { bool: { listed: true, inGroup: true } });
      expect(idsOf(bools)).toEqual([4]);
      expect(bools.aggregations.listed).toEqual({ true: 1, false: 3 });
      expect(bools.aggregations.inGroup).toEqual({ true: 1, false: 2 });
      expect(bools.aggregations.fTax).toEqual({ true: 1, false: 0 });
    });

    it("matches the main SNI code only, or any code with useMainSni false", async () => {
      await expectHits(backend(), { codeSet: { sni: ["M"] } }, [17, 22, 34, 35, 38]);
      await expectHits(backend(), { codeSet: { sni: ["M"] }, bool: { useMainSni: false } }, [2, 17, 22, 34, 35, 38]);
      await expectHits(backend(), { codeSet: { sni: ["56100"] }, bool: { useMainSni: false } }, [6, 14, 16, 21, 28, 37]);
      await expectHits(backend(), { codeSet: { sni: ["43"] }, bool: { useMainSni: false } }, [5, 19, 24]);
      const any = await run(backend(), { bool: { useMainSni: false } });
      expect(any.aggregations.sni).toMatchObject({ F: 5, "41": 3, "43": 3, J: 6, M: 6 });
      expect(any.aggregations.sni_all).toMatchObject({ F: 5, "43": 3, M: 6 });
      expect((await run(backend(), {})).aggregations.sni_all).toMatchObject({ F: 5, "43": 2, M: 5, J: 6 });
    });

    it("matches the seat only, or any worksite too with useLocation false", async () => {
      await expectHits(backend(), { codeSet: { location: ["1480"] } }, [25, 26, 27, 28, 29, 30]);
      await expectHits(backend(), { codeSet: { location: ["1480"] }, bool: { useLocation: false } }, [1, 9, 25, 26, 27, 28, 29, 30]);
      await expectHits(backend(), { codeSet: { location: ["03"] }, bool: { useLocation: false } }, [3, 14, 15, 16, 17, 18, 26, 38]);
      const counts = await run(backend(), { bool: { useLocation: false } });
      expect(counts.aggregations.location).toMatchObject({ "1480": 8, "14": 8, "0180": 13, "01": 18 });
    });

    it("counts company forms, fiscal years and booleans for all of Sweden", async () => {
      const results = await run(backend(), { codeSet: { location: ["25"] } });
      expect(results.aggregations.companyForm_all).toEqual({ "49": 29, "10": 3, "31": 4, "41": 1, "51": 2, "61": 1 });
      expect(results.aggregations.fiscalYear_all).toEqual({ "12": 31, "4": 2, "6": 4, "8": 3 });
      expect(results.aggregations.hasPhone_all).toEqual({ true: 30, false: 10 });
      expect(results.aggregations.location_all?.["01"]).toBe(17);
      await expectHits(backend(), { codeSet: { companyForm: ["10"] } }, [7, 24, 38]);
      await expectHits(backend(), { codeSet: { companyForm: ["31", "51"] } }, [5, 16, 21, 28, 30, 39]);
      await expectHits(backend(), { codeSet: { fiscalYear: ["6"] } }, [18, 23, 35, 39]);
    });
  });
}
