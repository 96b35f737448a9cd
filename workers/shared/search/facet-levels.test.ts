import { describe, expect, it } from "vitest";
import { emptySearch } from "./empty-search";
import { topAllCounts, topFacetLevels } from "./facet-levels";

const aggregations = {
  sni: { F: 10, "43": 6, "432": 4, "43210": 3, G: 2 },
  sni_all: { F: 50, "43": 20, "432": 9, "43210": 7, G: 8 },
  location: { "01": 8, "0180": 5, "0114": 3, "12": 4 },
  location_all: { "01": 30, "0180": 12, "0114": 9, "12": 20 },
  companyForm: { "49": 7, "31": 3 },
  fTax: { true: 6, false: 4 },
};
const search = { ...emptySearch(), codeSet: { sni: ["43210"] }, excludeCodeSet: { location: ["0114"] } };

describe("topFacetLevels", () => {
  it("keeps each tree set's top level and the search's chosen and excluded codes, and nothing else of it", () => {
    const top = topFacetLevels(aggregations, search);
    expect(top.sni).toEqual({ F: 10, "43210": 3, G: 2 });
    expect(top.location).toEqual({ "01": 8, "0114": 3, "12": 4 });
  });

  it("leaves the all-of-Sweden counts, the flat code sets and the flags whole", () => {
    const top = topFacetLevels(aggregations, emptySearch());
    expect(top.sni_all).toBe(aggregations.sni_all);
    expect(top.location_all).toBe(aggregations.location_all);
    expect(top.companyForm).toBe(aggregations.companyForm);
    expect(top.fTax).toBe(aggregations.fTax);
    expect(aggregations.sni).toHaveProperty("43210");
  });
});

describe("topAllCounts", () => {
  it("cuts each tree set's all-of-Sweden counts as topFacetLevels cuts its own, and leaves the rest as it is", () => {
    const top = topAllCounts(aggregations, search);
    expect(top.sni_all).toEqual({ F: 50, "43210": 7, G: 8 });
    expect(top.location_all).toEqual({ "01": 30, "0114": 9, "12": 20 });
    expect(top.sni).toBe(aggregations.sni);
    expect(top.location).toBe(aggregations.location);
    expect(top.companyForm).toBe(aggregations.companyForm);
  });
});
