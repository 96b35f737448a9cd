import { describe, expect, it } from "vitest";
import { noEntries } from "../refdata-entries";
import type { SidebarRefdata } from "./search-refdata";
import { needsFullSni } from "./use-screen-refdata";

const lite: SidebarRefdata = {
  locationTree: [],
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
