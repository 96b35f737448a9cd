import { describe, expect, it } from "vitest";
import { facetEntries, filterEntries } from "./facet-entries";
import { matchTree } from "./tree-filter";
import { indexTree, partlySelected } from "./search-refdata";

const entries = [
  { code: "01", text: "Stockholms län" },
  { code: "03", text: "Uppsala län" },
  { code: "12", text: "Skåne län" },
  { code: "13", text: "Hallands län" },
];

describe("facet rows (spec §2)", () => {
  it("puts the selected codes first in selection order, then the rest by count", () => {
    const rows = facetEntries(
      entries,
      ["13", "03"],
      { "01": 50, "03": 7, "12": 90, "13": 1 },
      { "01": 500, "03": 70, "12": 900, "13": 10 },
    );
    expect(rows.map((r) => r.code)).toEqual(["13", "03", "12", "01"]);
    expect(rows[0]).toEqual({ code: "13", text: "Hallands län", count: 1, allCount: 10, selected: true });
  });

  it("leaves out codes nobody in Sweden has, unless selected", () => {
    const rows = facetEntries(entries, ["13"], { "01": 5 }, { "01": 5 });
    expect(rows.map((r) => r.code)).toEqual(["13", "01"]);
  });

  it("filters by title (å, ä, ö as letters) or code prefix", () => {
    const rows = facetEntries(entries, [], undefined, undefined);
    expect(filterEntries(rows, "SKÅ").map((r) => r.code)).toEqual(["12"]);
    expect(filterEntries(rows, "ska").map((r) => r.code)).toEqual([]);
    expect(filterEntries(rows, "1").map((r) => r.code)).toEqual(["12", "13"]);
    expect(filterEntries(rows, "  ").length).toBe(4);
    // A label copied from the screen carries soft hyphens.
    expect(filterEntries(rows, "Upp\u00adsala").map((r) => r.code)).toEqual(["03"]);
  });
});

describe("tree search (spec §2)", () => {
  const tree = indexTree([
    {
      code: "C",
      text: "Tillverkning",
      children: [{ code: "10", text: "Livsmedelsframställning", children: [{ code: "10111", text: "Styckning av kött", children: [] }] }],
    },
    { code: "F", text: "Byggverksamhet", children: [] },
  ]);

  it("matches titles, dotted or plain codes and keywords, and shows ancestors", () => {
    expect([...matchTree(tree, "kött", null).matches]).toEqual(["10111"]);
    expect([...matchTree(tree, "10.111", null).matches]).toEqual(["10111"]);
    const byKeyword = matchTree(tree, "slakt", { "10111": ["slakteri", "slaktare"] });
    expect([...byKeyword.matches]).toEqual(["10111"]);
    expect([...byKeyword.visible].sort()).toEqual(["10", "10111", "C"]);
    expect(matchTree(tree, "", null).visible.size).toBe(0);
  });

  it("shows the ancestors of a chosen code, not chosen themselves, as partly selected", () => {
    expect([...partlySelected(tree, ["10111"])].sort()).toEqual(["10", "C"]);
    expect([...partlySelected(tree, ["10111", "C"])]).toEqual(["10"]);
    expect(partlySelected(tree, ["F", "C"]).size).toBe(0);
  });
});
