/**
 * Conformance cases for exclusion ("Uteslut", issue 46 point 2, docs/decisions/0064) on every code set and tree. The
 * expected hits are the hand-checked inclusion cases' answers less the excluded ones, and the places of county 01
 * read off tests/fixtures/search/fixture-rows.ts (17 companies: 12 in 0180, 3 in 0114, 1 in 0162, 1 in 0181).
 */
import { describe, expect, it } from "vitest";
import { parseSearch } from "#search-index/search-model";
import { CODE_SET_NAMES, CODE_SETS } from "#shared/search/search-fields";
import type { SearchInput } from "#shared/search/search-schema";
import { type BackendRef, allIds, expectHits, expectValidation, idsOf, run } from "./contract-helpers";

const W = "WORKSITE" as const;

export function exclusionCases(backend: BackendRef) {
  const ids = (input: SearchInput) => allIds(backend(), input);
  const minus = (all: (number | string)[], out: (number | string)[]) => all.filter((id) => !out.includes(id));

  describe("exclusion on code sets and trees", () => {
    it("excludes on every declared code set: the records with its most common value are left out", async () => {
      for (const name of CODE_SET_NAMES) {
        for (const resultType of CODE_SETS[name].types) {
          const counts = (await run(backend(), { resultType })).aggregations[`${name}_all`] ?? {};
          const [code] = Object.entries(counts).sort(([, a], [, b]) => b - a)[0] ?? [];
          expect(code, `${resultType} ${name}`).toBeDefined();
          const chosen = await ids({ resultType, codeSet: { [name]: [code] } });
          expect(chosen.length).toBeGreaterThan(0);
          await expectHits(backend(), { resultType, excludeCodeSet: { [name]: [code] } }, minus(await ids({ resultType }), chosen));
        }
      }
    });

    it("leaves a sub-tree out of a chosen place; the place counts stay those of every alternative", async () => {
      const search = { codeSet: { location: ["01"] }, excludeCodeSet: { location: ["0180"] } };
      const results = await run(backend(), search);
      expect(results.hitCount).toBe(5);
      const others = await run(backend(), { codeSet: { location: ["0114", "0162", "0181"] } });
      await expectHits(backend(), search, await ids({ codeSet: { location: ["0114", "0162", "0181"] } }));
      // The other facets count the five hits; the place facet counts without the place constraint, so the excluded
      // municipality shows how many it leaves out; all of Sweden is unchanged.
      expect(results.aggregations.sni).toEqual(others.aggregations.sni);
      expect(results.aggregations.companyForm).toEqual(others.aggregations.companyForm);
      expect(results.aggregations.location).toMatchObject({ "01": 17, "0180": 12, "0114": 3 });
      expect(results.aggregations.location_all).toEqual((await run(backend(), {})).aggregations.location_all);
    });

    it("excludes without a choice: everything but the excluded tree, every level", async () => {
      const all = await ids({});
      await expectHits(backend(), { excludeCodeSet: { location: ["01"] } }, minus(all, await ids({ codeSet: { location: ["01"] } })));
      await expectHits(backend(), { excludeCodeSet: { sni: ["J", "56"] } }, minus(all, await ids({ codeSet: { sni: ["J", "56"] } })));
      expect((await run(backend(), { excludeCodeSet: { location: ["01"] } })).hitCount).toBe(23);
    });

    it("excludes an industry inside a chosen section, by main industry or by any of the company's", async () => {
      const section = await ids({ codeSet: { sni: ["J"] } });
      await expectHits(
        backend(),
        { codeSet: { sni: ["J"] }, excludeCodeSet: { sni: ["62010"] } },
        minus(section, await ids({ codeSet: { sni: ["62010"] } })),
      );
      // Company 2 has 62020 as its main industry and 69201 beside it: kept by main industry, left out by any.
      const byMain = await ids({ excludeCodeSet: { sni: ["69201"] } });
      expect(byMain).toContain(2);
      const any = { bool: { useMainSni: false }, excludeCodeSet: { sni: ["69201"] } };
      const anyIds = await ids(any);
      expect(anyIds).not.toContain(2);
      await expectHits(backend(), any, minus(await ids({}), await ids({ bool: { useMainSni: false }, codeSet: { sni: ["69201"] } })));
      // Chosen and excluded by any industry: one chosen, none excluded.
      const both = { bool: { useMainSni: false }, codeSet: { sni: ["I"] }, excludeCodeSet: { sni: ["10"] } };
      const inI = await ids({ bool: { useMainSni: false }, codeSet: { sni: ["I"] } });
      await expectHits(backend(), both, minus(inI, await ids({ bool: { useMainSni: false }, codeSet: { sni: ["10"] } })));
    });

    it("excludes company forms and fiscal years; a code set's own counts keep the excluded code's", async () => {
      const all = await ids({});
      await expectHits(backend(), { excludeCodeSet: { companyForm: ["49"] } }, minus(all, await ids({ codeSet: { companyForm: ["49"] } })));
      const forms = await run(backend(), { excludeCodeSet: { companyForm: ["49"] } });
      expect(forms.aggregations.companyForm).toEqual((await run(backend(), {})).aggregations.companyForm);
      const years = await run(backend(), { codeSet: { companyForm: ["49"] }, excludeCodeSet: { fiscalYear: ["12"] } });
      const december = await ids({ codeSet: { companyForm: ["49"], fiscalYear: ["12"] } });
      await expectHits(
        backend(),
        { codeSet: { companyForm: ["49"] }, excludeCodeSet: { fiscalYear: ["12"] } },
        minus(await ids({ codeSet: { companyForm: ["49"] } }), december),
      );
      expect(years.aggregations.fiscalYear?.["12"]).toBe(december.length);
    });

    it("excludes worksites by size class and place, also through the company's every worksite", async () => {
      const all = await ids({ resultType: W });
      await expectHits(
        backend(),
        { resultType: W, excludeCodeSet: { employeeRange: ["2", "3"] } },
        minus(all, await ids({ resultType: W, codeSet: { employeeRange: ["2", "3"] } })),
      );
      await expectHits(
        backend(),
        { resultType: W, excludeCodeSet: { location: ["0180"] } },
        minus(all, await ids({ resultType: W, codeSet: { location: ["0180"] } })),
      );
      const companies = { bool: { useLocation: false }, excludeCodeSet: { location: ["12"] } };
      await expectHits(
        backend(),
        companies,
        minus(await ids({}), await ids({ bool: { useLocation: false }, codeSet: { location: ["12"] } })),
      );
    });

    it("exports what the search finds, in its order, without the excluded", async () => {
      const input = { codeSet: { location: ["01"] }, excludeCodeSet: { location: ["0180"], companyForm: ["10"] } };
      const hits = idsOf(await run(backend(), input));
      expect(hits.length).toBeGreaterThan(0);
      const rows: (number | string)[] = [];
      for await (const chunk of backend().readExportRows(parseSearch(input), { count: 100, chunkSize: 2 }))
        for (const record of chunk) rows.push("cfarNo" in record ? record.cfarNo : record.orgSeqNo);
      expect(rows).toEqual(hits);
      expect(await backend().readExportIds(parseSearch(input), { count: 100 })).toEqual(hits);
    });

    it("refuses an unknown excluded code and a code both chosen and excluded, naming each", async () => {
      await expectValidation(run(backend(), { excludeCodeSet: { sni: ["99999"] } }), ["excludeCodeSet.sni.0"]);
      await expectValidation(run(backend(), { codeSet: { sni: ["J"] }, excludeCodeSet: { sni: ["J"] } }), ["excludeCodeSet.sni.0"]);
      await expectValidation(run(backend(), { excludeCodeSet: { employeeRange: ["2"] } }), ["excludeCodeSet.employeeRange"]);
    });
  });
}
