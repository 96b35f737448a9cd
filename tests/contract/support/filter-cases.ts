/** Conformance cases for ranges, booleans, text, list files and numeric constraints (fixture-rows.ts by hand). */
import { describe, expect, it } from "vitest";
import { swedishToday } from "#shared/search/search-fields";
import { fixtureCompanies } from "../../fixtures/search/fixture-dataset";
import { type BackendRef, expectHits, expectValidation, idsOf, orgNoOf, run } from "./contract-helpers";
import { companyAgeOn } from "./reference-model";

export function filterCases(backend: BackendRef) {
  describe("companies: ranges", () => {
    it("applies inclusive and open-sided ranges; missing values never match", async () => {
      await expectHits(backend(), { range: { turnover: "10000000_50000000" } }, [3, 6, 11, 15, 22, 23, 27, 31, 33]);
      await expectHits(backend(), { range: { turnover: "12000000_45000000" } }, [3, 6, 11, 15, 23, 27, 31, 33]);
      await expectHits(backend(), { range: { turnover: "100000000_" } }, [1, 9, 26]);
      await expectHits(backend(), { range: { turnover: "_1000000" } }, [4, 7, 10, 20, 24, 35, 38]);
      await expectHits(backend(), { range: { earnings: "_-1" } }, [3, 13, 33]);
      await expectHits(backend(), { range: { numEmployees: "10_49" } }, [3, 6, 11, 14, 15, 19, 22, 23, 27, 31, 33, 39]);
      await expectHits(backend(), { range: { scoring: "4_4" } }, [1, 9, 15, 20, 23, 26]);
      await expectHits(backend(), { range: { managerAge: "60_" } }, [3, 4, 17, 26, 34]);
      await expectHits(backend(), { range: { createdDate: "20200101_" } }, [8, 13, 21, 28, 37]);
      await expectHits(
        backend(),
        { range: { turnover: "_" } },
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
    });

    it("reads company age in whole years on the day of the search, from the registration date (issue 46 point 4)", async () => {
      const today = swedishToday();
      const aged = (from: number | null, to: number | null) =>
        fixtureCompanies()
          .filter((company) => {
            const age = companyAgeOn(company.createdDate, today);
            return (from === null || age >= from) && (to === null || age <= to);
          })
          .map((company) => company.orgSeqNo);
      const cases: [string, number | null, number | null][] = [
        ["_5", null, 5],
        ["10_20", 10, 20],
        ["25_", 25, null],
        ["2.5_7.5", 3, 7],
      ];
      for (const [value, from, to] of cases) await expectHits(backend(), { range: { companyAge: value } }, aged(from, to));
      // Not vacuous: the fixture has young and old companies, and an age range splits them.
      expect(aged(null, 5).length).toBeGreaterThan(0);
      expect(aged(25, null).length).toBeGreaterThan(0);
      expect(aged(10, 20).length).toBeLessThan(fixtureCompanies().length);
      // Beside a registration-date range on the same column, both hold.
      const both = aged(null, 10).filter((id) => (fixtureCompanies().find((c) => c.orgSeqNo === id)?.createdDate ?? "") >= "2020-01-01");
      await expectHits(backend(), { range: { companyAge: "_10", createdDate: "20200101_" } }, both);
    });

    it("reads growth between the two latest periods; a company with fewer is in no range (issue 46 point 3)", async () => {
      // Turnover change in whole percent: 1 +9, 3 −10, 6 +50, 11 −3, 15 +36, 22 +10, 23 +38 (37.5 up), 27 +112, 33 +25;
      // 13's previous turnover is 0, so it has none. Employees: 1 +1, 3 −5, 6 +7, 11 −1, 13 +1, 15 +3, 22 0, 23 +3, 27 +2, 33 +2.
      await expectHits(backend(), { range: { turnoverChange: "25_" } }, [6, 15, 23, 27, 33]);
      await expectHits(backend(), { range: { turnoverChange: "_0" } }, [3, 11]);
      await expectHits(backend(), { range: { turnoverChange: "10_50" } }, [6, 15, 22, 23, 33]);
      await expectHits(backend(), { range: { employeeChange: "1_" } }, [1, 6, 13, 15, 23, 27, 33]);
      await expectHits(backend(), { range: { employeeChange: "_-1" } }, [3, 11]);
      await expectHits(backend(), { range: { employeeChange: "0_0" } }, [22]);
      await expectHits(backend(), { range: { turnoverChange: "20_", employeeChange: "3_" } }, [6, 15, 23]);
    });

    it("matches any beneficial owner's age", async () => {
      await expectHits(backend(), { range: { beneficialOwnerAge: "20_25" } }, [15]);
      await expectHits(backend(), { range: { beneficialOwnerAge: "65_" } }, [9, 17]);
    });

    it("limits limited-company-only filters to forms 41, 42 and 49", async () => {
      const results = await run(backend(), { range: { totalAssets: "0_" } });
      expect(results.hitCount).toBe(29);
      expect(results.aggregations.companyForm).toEqual({ "49": 28, "41": 1 });
      await expectHits(backend(), { range: { totalAssets: "80000000_" } }, [1, 4, 9, 25, 26]);
    });
  });

  describe("companies: booleans and text", () => {
    it("filters on boolean flags in both directions", async () => {
      await expectHits(backend(), { bool: { fTax: false } }, [8, 10]);
      await expectHits(backend(), { bool: { listed: true } }, [4, 9, 26]);
      await expectHits(backend(), { bool: { inGroup: true } }, [3, 4, 19, 20]);
      await expectHits(backend(), { bool: { hasPhone: false } }, [4, 8, 10, 13, 17, 20, 24, 32, 35, 38]);
      expect((await run(backend(), { bool: { shelfCompany: false } })).hitCount).toBe(39);
    });

    it("finds gazelles by Dagens industri's criteria; a company with fewer than four periods is neither Ja nor Nej", async () => {
      // Four periods: 15 and 23 qualify; 1 (not doubled), 11 (shrank), 22 (×1.83), 27 (a dip), 33 (operating loss) do not.
      await expectHits(backend(), { bool: { gasell: true } }, [15, 23]);
      await expectHits(backend(), { bool: { gasell: false } }, [1, 11, 22, 27, 33]);
      const all = await run(backend(), {});
      expect(all.aggregations.gasell).toEqual({ true: 2, false: 5 });
      // The other value's count stays (a facet leaves out its own constraint), and the unknown 33 are in neither.
      const yes = await run(backend(), { bool: { gasell: true } });
      expect(yes.aggregations.gasell).toEqual({ true: 2, false: 5 });
      const no = { bool: { gasell: false }, range: { numEmployees: "20_" } };
      await expectHits(backend(), no, [1, 11, 27, 33]);
      expect((await run(backend(), no)).aggregations.gasell).toEqual({ true: 0, false: 4 });
      await expectHits(backend(), { bool: { gasell: true, fTax: true } }, [15, 23]);
    });

    it("matches words across fields, the last as a prefix; å, ä, ö are letters, other accents are not", async () => {
      await expectHits(backend(), { text: "bageri" }, [12, 14, 40]);
      await expectHits(backend(), { text: "Anders" }, [7, 34, 35, 36]);
      await expectHits(backend(), { text: "andersson" }, [7, 34]);
      await expectHits(backend(), { text: "anders bygg" }, [36]);
      await expectHits(backend(), { text: "åsa" }, [37, 38]);
      await expectHits(backend(), { text: "asa" }, []);
      // Café by name (28, 37) and by trade: "café" is a search word of 56.100 Restaurangverksamhet (6, 14, 16, 21).
      await expectHits(backend(), { text: "CAFE" }, [6, 14, 16, 21, 28, 37]);
      await expectHits(backend(), { text: "café" }, [6, 14, 16, 21, 28, 37]);
      // Åke by name (18, 38) and the haulage firms by the start of their trade's search word "åkeri" (11, 25).
      await expectHits(backend(), { text: "åke" }, [11, 18, 25, 38]);
      await expectHits(backend(), { text: "ö" }, [18, 40]);
    });

    it("finds an organisation number in any common format", async () => {
      const orgNo = orgNoOf(23);
      const digits = orgNo.replace("-", "");
      for (const text of [orgNo, digits, `16${digits}`, ` ${orgNo.slice(0, 6)} ${orgNo.slice(7)} `])
        await expectHits(backend(), { text }, [23]);
    });
  });

  describe("list files and numeric constraints", () => {
    const listFiles = new Map([
      [1, [orgNoOf(1), orgNoOf(2), orgNoOf(26), "999999-9999"]],
      [2, [orgNoOf(2)]],
    ]);

    it("includes and excludes companies by organisation number", async () => {
      await expectHits(backend(), { numSet: { includeFile: [1] } }, [1, 2, 26], listFiles);
      await expectHits(backend(), { numSet: { includeFile: [1], excludeFile: [2] } }, [1, 26], listFiles);
      expect((await run(backend(), { numSet: { excludeFile: [2] } }, { listFiles })).hitCount).toBe(39);
      await expectHits(
        backend(),
        { resultType: "WORKSITE", numSet: { includeFile: [1] } },
        ["10000101", "10000102", "10000103", "10000201", "14000201", "14000202", "14000203"],
        listFiles,
      );
    });

    it("rejects an unknown list file naming the field", async () => {
      await expectValidation(run(backend(), { numSet: { excludeFile: [2, 77] } }, { listFiles }), ["numSet.excludeFile.1"]);
    });

    it("limits to one company with numeric.orgSeqNo and names it", async () => {
      const company = await run(backend(), { numeric: { orgSeqNo: 26 } });
      expect(idsOf(company)).toEqual([26]);
      expect(company.nameForOrgSeqNo).toBe("Ypsilon Mat AB");
      const worksites = await run(backend(), { resultType: "WORKSITE", numeric: { orgSeqNo: 26 } });
      expect(idsOf(worksites)).toEqual(["14000201", "14000202", "14000203"]);
      expect(worksites.nameForOrgSeqNo).toBe("Ypsilon Mat AB");
      expect((await run(backend(), {})).nameForOrgSeqNo).toBeNull();
    });
  });

  describe("bad input", () => {
    it("rejects unknown codes and pages past the 1000 visible records", async () => {
      await expectValidation(run(backend(), { codeSet: { sni: ["99999"], location: ["01", "9999"] } }), [
        "codeSet.sni.0",
        "codeSet.location.1",
      ]);
      await expectValidation(run(backend(), {}, { page: 50 }), ["page"]);
      await expectValidation(run(backend(), {}, { page: -1 }), ["page"]);
      expect((await run(backend(), {}, { page: 49 })).records).toEqual([]);
    });
  });
}
