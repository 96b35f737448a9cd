import { describe, expect, it } from "vitest";
import { noEntries } from "../refdata-entries";
import type { SidebarRefdata } from "./search-refdata";
import { needsFullSni, needsWholeLocation } from "./use-screen-refdata";

const lite: SidebarRefdata = {
  locationTree: [{ code: "01", text: "Stockholms län", children: [{ code: "0180", text: "Stockholm", children: [] }] }],
  locationTreeWhole: false,
  ...noEntries(),
  sniSections: [
    { code: "A", text: "Jordbruk" },
    { code: "C", text: "Tillverkning" },
  ],
  sniLabels: {},
};

describe("needsFullSni", () => {
  it("needs the full reference data for an SNI code below a section, or without the light version", () => {
    expect(needsFullSni(lite, undefined)).toBe(false);
    expect(needsFullSni(lite, [])).toBe(false);
    expect(needsFullSni(lite, ["A", "C"])).toBe(false);
    expect(needsFullSni(lite, ["A", "011"])).toBe(true);
    expect(needsFullSni(null, undefined)).toBe(true);
  });
});

describe("needsWholeLocation", () => {
  it("needs the whole place tree for a place the loader's tree does not have, or without the light version", () => {
    const search = (chosen?: string[], excluded?: string[]) => ({
      codeSet: chosen ? { location: chosen } : {},
      excludeCodeSet: excluded ? { location: excluded } : {},
    });
    expect(needsWholeLocation(lite, search())).toBe(false);
    expect(needsWholeLocation(lite, search(["01", "0180"]))).toBe(false);
    expect(needsWholeLocation(lite, search(["0180"], ["0114"]))).toBe(true);
    expect(needsWholeLocation(lite, search(["1480"]))).toBe(true);
    expect(needsWholeLocation({ ...lite, locationTreeWhole: true }, search(["1480"]))).toBe(false);
    expect(needsWholeLocation(null, search())).toBe(true);
  });
});
