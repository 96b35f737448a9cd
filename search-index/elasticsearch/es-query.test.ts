import { describe, expect, it } from "vitest";
import { parseSearch } from "../search-model";
import { buildEsExportQuery, buildEsQuery, buildPercolatorQuery, facetFilters, hardFilters, MAX_TERMS_PER_QUERY } from "./es-query";

const listFiles = new Map([
  [3, ["556000-0011", "556000-0029"]],
  [4, ["556000-0029"]],
]);

describe("buildEsQuery", () => {
  it("builds the empty company search: all facets, `_all` in a global aggregation, default sort", () => {
    expect(buildEsQuery(parseSearch({}), { page: 0, seed: 1 })).toMatchSnapshot();
  });

  it("leaves out only the whole-index counts when the backend already holds them", () => {
    const search = parseSearch({ codeSet: { location: ["01"] } });
    const full = buildEsQuery(search, { page: 0, seed: 1 }) as { aggs: Record<string, unknown> };
    const lean = buildEsQuery(search, { page: 0, seed: 1, withoutAll: true }) as { aggs: Record<string, unknown> };
    expect(full.aggs.all).toBeDefined();
    expect(lean.aggs.all).toBeUndefined();
    const { all: _all, ...facets } = full.aggs;
    expect(lean).toEqual({ ...full, aggs: facets });
  });

  it("counts facets sharing the same other constraints in one filter aggregation: k active facets, at most k + 1 filters", () => {
    const search = parseSearch({ codeSet: { sni: ["F"] }, bool: { fTax: true } });
    const aggs = (buildEsQuery(search, { page: 0, seed: 1, withoutAll: true }) as { aggs: Record<string, Record<string, unknown>> }).aggs;
    const groups = Object.values(aggs);
    expect(groups).toHaveLength(3);
    const under = (facet: string) => groups.find((group) => facet in (group.aggs as object))?.filter;
    expect(under("sni")).toEqual({ bool: { filter: [{ term: { fTax: true } }] } });
    expect(under("fTax")).toEqual({ bool: { filter: [{ terms: { sniMain: ["F"] } }] } });
    expect(under("location")).toEqual({ bool: { filter: [{ terms: { sniMain: ["F"] } }, { term: { fTax: true } }] } });
    expect(under("companyForm")).toBe(under("location"));
    // One active facet: its own counts need no filter at all.
    const one = (
      buildEsQuery(parseSearch({ codeSet: { location: ["01"] } }), { page: 0, seed: 1, withoutAll: true }) as {
        aggs: Record<string, unknown>;
      }
    ).aggs;
    expect(one.location).toEqual({ terms: { field: "placeOwn", size: 500 } });
  });

  it("puts hard constraints in the query and facets in post_filter, each facet aggregation without its own filter", () => {
    const search = parseSearch({
      text: "Bageri Ö",
      range: { turnover: "1000000_", dividend: "_500000", beneficialOwnerAge: "30_40" },
      bool: { fTax: true, listed: false, useMainSni: false },
      codeSet: { sni: ["F", "62010"], location: ["01"], companyForm: ["49"] },
      numSet: { includeFile: [3], excludeFile: [4] },
      sort: [{ field: "name", ascending: true }],
    });
    expect(buildEsQuery(search, { page: 2, listFiles, seed: 7 })).toMatchSnapshot();
  });

  it("searches worksites by organisation number, with the random sort script and the last page", () => {
    const search = parseSearch({
      resultType: "WORKSITE",
      text: "16556000-0011",
      codeSet: { employeeRange: ["3"] },
      sort: [{ field: "random", ascending: false }],
    });
    const body = buildEsQuery(search, { page: 49, seed: 0xfffffff0 });
    expect(body).toMatchObject({ from: 980, size: 20 });
    expect(body).toMatchSnapshot();
  });

  it("keeps limited-company-only ranges to limited companies and skips open ranges", () => {
    expect(hardFilters(parseSearch({ range: { totalAssets: "0_", turnover: "_" } }))).toEqual({
      filter: [{ range: { totalAssets: { gte: 0 } } }, { term: { limited: true } }],
      must_not: [],
      must: [],
    });
  });

  it("keeps range bounds of 32-bit integer fields within the type, which the cluster would otherwise refuse", () => {
    const { filter } = hardFilters(
      parseSearch({
        range: { numEmployees: "-999999999999999_999999999999999", beneficialOwnerAge: "30_999999999999999", turnover: "_999999999999999" },
      }),
    );
    expect(filter).toEqual([
      { range: { turnover: { lte: 999_999_999_999_999 } } },
      { range: { numEmployees: { gte: -(2 ** 31), lte: 2 ** 31 - 1 } } },
      { range: { ownerAges: { gte: 30, lte: 2 ** 31 - 1 } } },
    ]);
    for (const scoring of ["2147483647.5_", "_-2147483648.5", "999999999999999_"]) {
      expect(hardFilters(parseSearch({ range: { scoring } })).filter).toEqual([{ match_none: {} }]);
    }
  });

  it("uses the any-code fields when useMainSni or useLocation is false", () => {
    expect(
      facetFilters(parseSearch({ codeSet: { sni: ["A"], location: ["0180"] }, bool: { useMainSni: false, useLocation: false } })),
    ).toEqual({
      sni: { terms: { sniAll: ["A"] } },
      location: { terms: { placeAll: ["0180"] } },
    });
  });
});

describe("buildEsExportQuery", () => {
  it("reads on a point in time after the last sort values, honouring the selection", () => {
    const search = parseSearch({ codeSet: { location: ["14"] }, bool: { hasPhone: true } });
    expect(
      buildEsExportQuery(search, { pitId: "pit-1", size: 500, searchAfter: [1200, 77], seed: 1, idNumbers: [5, 6], exclude: true }),
    ).toMatchSnapshot();
    expect(
      buildEsExportQuery(search, { pitId: "pit-1", size: 500, searchAfter: null, seed: 1, idNumbers: [5], exclude: false }),
    ).toMatchObject({
      query: { bool: { filter: [{ terms: { id: [5] } }, { terms: { placeOwn: ["14"] } }, { term: { hasPhone: true } }], must_not: [] } },
    });
  });
});

describe("terms beyond index.max_terms_count", () => {
  type TermsQuery = { terms: Record<string, (number | string)[]> };
  const valuesOf = (queries: TermsQuery[], field: string): (number | string)[] => queries.flatMap((query) => query.terms[field] ?? []);
  const ids = Array.from({ length: 2 * MAX_TERMS_PER_QUERY + 10 }, (_, i) => i + 1);
  const search = parseSearch({});

  it("keeps an export's selection of more ids than one terms query may hold as chunks within the limit", () => {
    const kept = buildEsExportQuery(search, { pitId: "p", size: 500, searchAfter: null, seed: 1, idNumbers: ids, exclude: false }) as {
      query: { bool: { filter: { bool?: { should: TermsQuery[]; minimum_should_match: number } }[] } };
    };
    const either = kept.query.bool.filter[0]?.bool;
    expect(either?.minimum_should_match).toBe(1);
    expect(either?.should.map((query) => valuesOf([query], "id").length)).toEqual([MAX_TERMS_PER_QUERY, MAX_TERMS_PER_QUERY, 10]);
    expect(valuesOf(either?.should ?? [], "id")).toEqual(ids);

    const dropped = buildEsExportQuery(search, { pitId: "p", size: 500, searchAfter: null, seed: 1, idNumbers: ids, exclude: true }) as {
      query: { bool: { must_not: TermsQuery[] } };
    };
    expect(dropped.query.bool.must_not).toHaveLength(3);
    expect(dropped.query.bool.must_not.every((query) => valuesOf([query], "id").length <= MAX_TERMS_PER_QUERY)).toBe(true);
    expect(valuesOf(dropped.query.bool.must_not, "id")).toEqual(ids);
  });

  it("chunks the organisation numbers of large list files the same way", () => {
    const numbers = ids.map((id) => `5560${String(id).padStart(6, "0")}`);
    const big = parseSearch({ numSet: { includeFile: [7], excludeFile: [8] } });
    const { filter, must_not } = hardFilters(
      big,
      new Map([
        [7, numbers],
        [8, numbers.slice(0, MAX_TERMS_PER_QUERY + 1)],
      ]),
    ) as unknown as {
      filter: { bool: { should: TermsQuery[] } }[];
      must_not: TermsQuery[];
    };
    expect(valuesOf(filter[0]?.bool.should ?? [], "orgNo")).toEqual(numbers);
    expect(must_not.map((query) => valuesOf([query], "orgNo").length)).toEqual([MAX_TERMS_PER_QUERY, 1]);
  });
});

describe("buildPercolatorQuery", () => {
  it("folds the post-filter into one filter-only query and leaves the list files to the reindex", () => {
    const search = parseSearch({
      text: "Bageri Ö",
      range: { turnover: "1000000_", beneficialOwnerAge: "30_40" },
      bool: { fTax: true, useMainSni: false },
      codeSet: { sni: ["F"], location: ["01"], companyForm: ["49"] },
      numSet: { includeFile: [3], excludeFile: [4] },
    });
    const query = buildPercolatorQuery(search);
    expect(query).toMatchSnapshot();
    const body = buildEsQuery(search, { page: 0, listFiles, seed: 1 }) as {
      query: { bool: { filter: unknown[]; must: unknown[] } };
      post_filter: { bool: { filter: unknown[] } };
    };
    const listClauses = [{ terms: { orgNo: ["556000-0011", "556000-0029"] } }];
    expect(body.query.bool.must).toHaveLength(2);
    expect(query).toEqual({
      bool: {
        filter: [
          ...body.query.bool.must,
          ...body.query.bool.filter.filter((clause) => !listClauses.some((l) => JSON.stringify(l) === JSON.stringify(clause))),
          ...body.post_filter.bool.filter,
        ],
        must_not: [],
      },
    });
  });
});
