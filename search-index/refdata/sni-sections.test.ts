import { describe, expect, it } from "vitest";
import { sniCodeContains, sniSectionOfCode } from "#shared/search/sni-sections";
import sniRows from "./data/sni.json" with { type: "json" };
import { sniSectionOf } from "./sni";

describe("the client's SNI section table", () => {
  it("gives every code of the reference data the section the tree gives it", () => {
    const rows = sniRows as [string, string, string][];
    expect(rows.length).toBeGreaterThan(1_500);
    for (const [code] of rows) expect([code, sniSectionOfCode(code)]).toEqual([code, sniSectionOf(code)]);
  });

  it("knows no section for what is not an SNI code, and tells a code above another", () => {
    expect(sniSectionOfCode("04")).toBeNull();
    expect(sniSectionOfCode("Z")).toBeNull();
    expect(sniSectionOfCode("4321x")).toBeNull();
    expect(sniCodeContains("F", "43210")).toBe(true);
    expect(sniCodeContains("43", "43210")).toBe(true);
    expect(sniCodeContains("43210", "43210")).toBe(true);
    expect(sniCodeContains("G", "43210")).toBe(false);
    expect(sniCodeContains("432101", "43210")).toBe(false);
  });
});
