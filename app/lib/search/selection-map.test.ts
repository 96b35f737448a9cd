import { describe, expect, it } from "vitest";
import { SearchSchema } from "#shared/search/search-schema";
import { chosenCounty, isOnlyPlace, mapAreas, mapClasses, searchForPlace, shadeOf, viewBoxOf } from "./selection-map";

describe("map classes", () => {
  it("splits 1…max into 5 classes on a square-root scale, with a legend", () => {
    const classes = mapClasses(1000);
    expect(classes.map((c) => [c.from, c.to, c.shade])).toEqual([
      [1, 40, 1],
      [41, 160, 2],
      [161, 360, 3],
      [361, 640, 4],
      [641, 1000, 5],
    ]);
    expect(classes[1]?.label).toBe("41–160");
    expect(shadeOf(0, classes)).toBe(0);
    expect(shadeOf(40, classes)).toBe(1);
    expect(shadeOf(41, classes)).toBe(2);
    expect(shadeOf(1000, classes)).toBe(5);
  });

  it("leaves out empty classes when the counts are small and still spans the shades", () => {
    const classes = mapClasses(2);
    expect(classes.map((c) => [c.label, c.shade])).toEqual([
      ["1", 1],
      ["2", 5],
    ]);
    expect(mapClasses(0)).toEqual([]);
  });
});

describe("areas and clicks", () => {
  const shapes = [
    { code: "0114", name: "Upplands Väsby", county: "01" },
    { code: "0180", name: "Stockholm", county: "01" },
    { code: "1280", name: "Malmö", county: "12" },
  ];

  it("reads the location facet's counts, a county's municipalities only", () => {
    expect(mapAreas(shapes, { location: { "0180": 7, "1280": 2 } }, "01")).toEqual([
      { code: "0114", name: "Upplands Väsby", count: 0, excluded: false },
      { code: "0180", name: "Stockholm", count: 7, excluded: false },
    ]);
    expect(mapAreas(shapes, null, null)).toHaveLength(3);
  });

  it("marks the places a search excludes, and those in an excluded county (issue 46)", () => {
    const areas = mapAreas(shapes, { location: { "0180": 7, "1280": 2 } }, null, ["0180", "12"]);
    expect(areas.map((area) => [area.code, area.excluded])).toEqual([
      ["0114", false],
      ["0180", true],
      ["1280", true],
    ]);
    expect(areas.find((area) => area.code === "0180")?.count).toBe(7);
  });

  it("a click on an excluded place chooses it and drops its exclusion and its county's, not those inside it", () => {
    const search = SearchSchema.parse({ codeSet: { location: ["01"] }, excludeCodeSet: { location: ["0180"], sni: ["F"] } });
    const municipality = searchForPlace(search, "0180");
    expect(municipality.codeSet.location).toEqual(["0180"]);
    expect(municipality.excludeCodeSet).toEqual({ sni: ["F"] });
    expect(SearchSchema.safeParse(municipality).success).toBe(true);
    const county = searchForPlace(SearchSchema.parse({ excludeCodeSet: { location: ["01", "1280"] } }), "0180");
    expect(county.excludeCodeSet).toEqual({ location: ["1280"] });
    const inside = searchForPlace(SearchSchema.parse({ excludeCodeSet: { location: ["0180"] } }), "01");
    expect(inside.excludeCodeSet).toEqual({ location: ["0180"] });
    expect(SearchSchema.safeParse(inside).success).toBe(true);
  });

  it("knows the one county a search is limited to", () => {
    expect(chosenCounty(SearchSchema.parse({ codeSet: { location: ["01"] } }))).toBe("01");
    expect(chosenCounty(SearchSchema.parse({ codeSet: { location: ["0114", "0180"] } }))).toBe("01");
    expect(chosenCounty(SearchSchema.parse({ codeSet: { location: ["01", "12"] } }))).toBeNull();
    expect(chosenCounty(SearchSchema.parse({}))).toBeNull();
  });

  it("filters by the clicked place and keeps the rest of the search", () => {
    const search = SearchSchema.parse({ codeSet: { sni: ["F"], location: ["01", "12"] }, range: { turnover: "1000_" } });
    const next = searchForPlace(search, "12");
    expect(next.codeSet).toEqual({ sni: ["F"], location: ["12"] });
    expect(next.range).toEqual(search.range);
    expect(isOnlyPlace(next, "12")).toBe(true);
    expect(isOnlyPlace(search, "12")).toBe(false);
  });
});

describe("viewBoxOf", () => {
  it("frames the paths with a 2 % margin", () => {
    expect(viewBoxOf(["M10 20 110 20 110 70Z", "M60 120 70 110Z"])).toBe("8 18 104 104");
    expect(viewBoxOf([])).toBe("0 0 400 897");
  });
});
