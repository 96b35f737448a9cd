import { describe, expect, it } from "vitest";
import { parseSearch } from "../search-model";
import { facetFilters, hardFilters, MAX_TERMS_PER_QUERY } from "./es-filters";
import { buildEsExportQuery, buildPercolatorQuery, planEsSearch } from "./es-query";

const listFiles = new Map([
  [3, ["556000-0011", "556000-0029"]],
  [4, ["556000-0029"]],
]);

describe("planEsSearch", () => {
  type Plan = ReturnType<typeof planEsSearch>;
  const filtersOf = (plan: Plan, facet: string) => {
    const request = plan.counts.find((r) => r.facets.includes(facet));
    return (request?.body.query as { bool: { filter: unknown[] } } | undefined)?.bool.filter;
  };

  it("answers the empty company search with its page of hits alone: the counts are the whole-index counts", () => {
    const plan = planEsSearch(parseSearch({}), { page: 0, seed: 1, wholeIndexKnown: true });
    expect(plan.counts).toEqual([]);
    expect(plan.wholeIndex).toBeNull();
    expect(plan.totalFromHits).toBe(true);
    expect(plan.fromWholeIndex).toContain("sni");
    expect(plan.hits).toMatchSnapshot();
    // Without the kept counts, one match_all request of every facet, small facets in one terms aggregation.
    expect(planEsSearch(parseSearch({}), { page: 0, seed: 1 }).wholeIndex).toMatchSnapshot();
  });

  it("counts facets sharing the same other constraints in one request: k active facets, at most k + 1 requests", () => {
    const search = parseSearch({ codeSet: { sni: ["F"] }, bool: { fTax: true } });
    const plan = planEsSearch(search, { page: 0, seed: 1, wholeIndexKnown: true });
    expect(plan.counts).toHaveLength(3);
    // Without hard constraints, sni under fTax alone and fTax under sni alone; the rest under both, with the total.
    expect(filtersOf(plan, "sni")).toEqual([{ term: { fTax: true } }]);
    expect(filtersOf(plan, "fTax")).toEqual([{ terms: { sniMain: ["F"] } }]);
    expect(filtersOf(plan, "location")).toEqual([{ terms: { sniMain: ["F"] } }, { term: { fTax: true } }]);
    expect(plan.counts.find((r) => r.facets.includes("companyForm"))).toBe(plan.counts.find((r) => r.facets.includes("location")));
    expect(plan.counts.filter((r) => r.withTotal).map((r) => r.facets)).toEqual([
      expect.arrayContaining(["location", "companyForm", "hasPhone"]),
    ]);
    // The small facets of one request are one terms aggregation over their keys.
    const main = plan.counts.find((r) => r.withTotal)?.body.aggs as Record<string, { terms: { include: string } }>;
    expect(Object.keys(main).sort()).toEqual(["facetKeys", "location"]);
    expect(main.facetKeys?.terms.include).toMatch(/^\(companyForm\|fiscalYear\|hasPhone\|/);
    expect(main.facetKeys?.terms.include).not.toContain("fTax");
    // One active facet and no hard constraint: its own counts are the whole index's.
    const one = planEsSearch(parseSearch({ codeSet: { location: ["01"] } }), { page: 0, seed: 1, wholeIndexKnown: true });
    expect(one.fromWholeIndex).toEqual(["location"]);
    expect(one.counts).toHaveLength(1);
    expect(one.totalFromHits).toBe(false);
  });

  it("counts a pure exclusion by its excluded side when the whole index is known and that side is at most half of it", () => {
    const whole = { counts: { sni_all: { F: 100, G: 600, "41": 60 }, location_all: { "01": 300 } }, total: 1000 };
    const except = parseSearch({ excludeCodeSet: { sni: ["F", "41"] } });
    const plan = planEsSearch(except, { page: 0, seed: 1, wholeIndexKnown: true, wholeIndex: whole });
    expect(plan.fromWholeIndex).toEqual(["sni"]);
    expect(plan.counts).toHaveLength(1);
    expect(plan.counts[0]).toMatchObject({ complement: true, withTotal: true, body: { track_total_hits: true } });
    // The side is counted: the excluded codes as a filter, no must_not.
    expect(plan.counts[0]?.body.query).toEqual({ bool: { filter: [{ terms: { sniMain: ["41", "F"] } }] } });
    // The hits still leave the excluded codes out.
    expect(JSON.stringify(plan.hits.query)).toContain("must_not");
    // A histogram is counted on the side too, and taken from the whole index's bins.
    const histogram = { field: "turnover" as const, edges: [10], wholeIndexKnown: true };
    const withBins = planEsSearch(except, { page: 0, seed: 1, wholeIndexKnown: true, wholeIndex: whole, histogram });
    expect(withBins.histogram?.selection).toEqual({ count: 0, side: true });
    expect(Object.keys(withBins.counts[0]?.body.aggs as object)).toContain("histogram");
    // Counted as it stands: more than half excluded, codes chosen too, another constraint, or the whole index unknown.
    const asItStands = [
      planEsSearch(parseSearch({ excludeCodeSet: { sni: ["G"] } }), { page: 0, seed: 1, wholeIndexKnown: true, wholeIndex: whole }),
      planEsSearch(parseSearch({ codeSet: { sni: ["F"] }, excludeCodeSet: { sni: ["41"] } }), {
        page: 0,
        seed: 1,
        wholeIndexKnown: true,
        wholeIndex: whole,
      }),
      planEsSearch(parseSearch({ excludeCodeSet: { sni: ["F"] }, bool: { fTax: true } }), {
        page: 0,
        seed: 1,
        wholeIndexKnown: true,
        wholeIndex: whole,
      }),
      planEsSearch(parseSearch({ excludeCodeSet: { sni: ["F"] }, range: { turnover: "15_" } }), {
        page: 0,
        seed: 1,
        wholeIndexKnown: true,
        wholeIndex: whole,
      }),
      planEsSearch(except, { page: 0, seed: 1, wholeIndexKnown: true }),
    ];
    for (const other of asItStands) expect(other.counts.some((request) => request.complement)).toBe(false);
  });

  it("counts a histogram in the request that filters by every constraint, or alone when the search ranges the field", () => {
    const edges = [10, 20];
    const histogram = { field: "turnover" as const, edges, wholeIndexKnown: true };
    const agg = { range: { field: "turnover", ranges: [{ to: 10 }, { from: 10, to: 20 }, { from: 20 }] } };
    // Field free: the bins ride on the counting request with the exact total (same query as the hits).
    const free = planEsSearch(parseSearch({ codeSet: { location: ["01"] } }), { page: 0, seed: 1, wholeIndexKnown: true, histogram });
    expect(free.histogram).toEqual({ selection: { count: 0 }, wholeIndex: null });
    expect(free.counts[0]?.withTotal).toBe(true);
    expect((free.counts[0]?.body.aggs as Record<string, unknown>).histogram).toEqual(agg);
    // Beside the bins, the records without a figure ("uppgift saknas", issue 48).
    expect((free.counts[0]?.body.aggs as Record<string, unknown>).histogram_missing).toEqual({ missing: { field: "turnover" } });
    // The field ranged: a size-0 request of its own, without that range but with every other constraint.
    const own = planEsSearch(parseSearch({ range: { turnover: "15_", numEmployees: "1_" }, bool: { fTax: true } }), {
      page: 0,
      seed: 1,
      wholeIndexKnown: true,
      histogram: { ...histogram, wholeIndexKnown: false },
    });
    const body = (own.histogram?.selection as { body: { query: { bool: { filter: unknown[] } }; aggs: unknown } }).body;
    expect(body.query.bool.filter).toEqual([{ range: { numEmployees: { gte: 1 } } }, { term: { fTax: true } }]);
    const missing = { missing: { field: "turnover" } };
    expect(body.aggs).toEqual({ histogram: agg, histogram_missing: missing });
    expect(own.histogram?.wholeIndex).toEqual({
      size: 0,
      track_total_hits: false,
      query: { match_all: {} },
      aggs: { histogram: agg, histogram_missing: missing },
    });
    expect(own.counts.every((request) => !("histogram" in (request.body.aggs as object)))).toBe(true);
    // Nothing left to constrain: the whole-index bins answer.
    const alone = planEsSearch(parseSearch({ range: { turnover: "15_" } }), { page: 0, seed: 1, wholeIndexKnown: true, histogram });
    expect(alone.histogram?.selection).toBe("wholeIndex");
    expect(planEsSearch(parseSearch({}), { page: 0, seed: 1, wholeIndexKnown: true, histogram }).histogram?.selection).toBe("wholeIndex");
  });

  it("sends the same body for the same search whatever order its codes came in (one shard request cache entry)", () => {
    const a = planEsSearch(parseSearch({ codeSet: { location: ["01", "12"], sni: ["62", "F"] } }), { page: 0, seed: 1 });
    const b = planEsSearch(parseSearch({ codeSet: { location: ["12", "01"], sni: ["F", "62"] } }), { page: 0, seed: 1 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it("puts hard constraints in every request and the facets in the hits' filter, each facet counted without its own", () => {
    const search = parseSearch({
      text: "Bageri Ö",
      range: { turnover: "1000000_", dividend: "_500000", beneficialOwnerAge: "30_40" },
      bool: { fTax: true, listed: false, useMainSni: false },
      codeSet: { sni: ["F", "62010"], location: ["01"], companyForm: ["49"] },
      numSet: { includeFile: [3], excludeFile: [4] },
      sort: [{ field: "name", ascending: true }],
    });
    const plan = planEsSearch(search, { page: 2, listFiles, seed: 7, wholeIndexKnown: true });
    expect(plan.fromWholeIndex).toEqual([]);
    expect(plan.counts).toHaveLength(6);
    expect(plan).toMatchSnapshot();
  });

  it("searches worksites by organisation number, with the random sort script and the last page", () => {
    const search = parseSearch({
      resultType: "WORKSITE",
      text: "16556000-0011",
      codeSet: { employeeRange: ["3"] },
      sort: [{ field: "random", ascending: false }],
    });
    const plan = planEsSearch(search, { page: 49, seed: 0xfffffff0, wholeIndexKnown: true });
    expect(plan.hits).toMatchObject({ from: 980, size: 20, track_total_hits: false });
    expect(plan).toMatchSnapshot();
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

  it("leaves excluded codes out with must_not on the field the chosen codes use (decision 0064)", () => {
    const search = parseSearch({
      codeSet: { location: ["01"] },
      excludeCodeSet: { location: ["0180"], sni: ["K", "62"], companyForm: ["10"] },
      bool: { useMainSni: false },
    });
    expect(facetFilters(search)).toEqual({
      sni: { bool: { must_not: [{ terms: { sniAll: ["62", "K"] } }] } },
      location: { bool: { filter: [{ terms: { placeOwn: ["01"] } }], must_not: [{ terms: { placeOwn: ["0180"] } }] } },
      companyForm: { bool: { must_not: [{ terms: { companyForm: ["10"] } }] } },
    });
    // An exclusion alone is an active facet: only its own counts (which leave it out) are the whole index's.
    const plan = planEsSearch(parseSearch({ excludeCodeSet: { sni: ["K"] } }), { page: 0, seed: 1, wholeIndexKnown: true });
    expect(plan.fromWholeIndex).toEqual(["sni"]);
    expect(plan.counts).toHaveLength(1);
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
  it("folds the facet constraints into one filter-only query and leaves the list files to the reindex", () => {
    const search = parseSearch({
      text: "Bageri Ö",
      range: { turnover: "1000000_", beneficialOwnerAge: "30_40" },
      bool: { fTax: true, useMainSni: false },
      codeSet: { sni: ["F"], location: ["01"], companyForm: ["49"] },
      numSet: { includeFile: [3], excludeFile: [4] },
    });
    const query = buildPercolatorQuery(search);
    expect(query).toMatchSnapshot();
    const body = planEsSearch(search, { page: 0, listFiles, seed: 1 }).hits as {
      query: { bool: { filter: unknown[]; must: unknown[] } };
    };
    const listClauses = [{ terms: { orgNo: ["556000-0011", "556000-0029"] } }];
    expect(body.query.bool.must).toHaveLength(2);
    expect(query).toEqual({
      bool: {
        filter: [
          ...body.query.bool.must,
          ...body.query.bool.filter.filter((clause) => !listClauses.some((l) => JSON.stringify(l) === JSON.stringify(clause))),
        ],
        must_not: [],
      },
    });
  });
});
