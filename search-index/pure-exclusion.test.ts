import { describe, expect, it } from "vitest";
import { excludedSideIsSmall, pureExclusion } from "./pure-exclusion";
import { parseSearch } from "./search-model";

describe("pureExclusion", () => {
  it("names the one code set a search only excludes from, whatever field the set is matched on", () => {
    expect(pureExclusion(parseSearch({ excludeCodeSet: { sni: ["G"] } }))).toBe("sni");
    expect(pureExclusion(parseSearch({ excludeCodeSet: { location: ["01", "0180"] }, bool: { useLocation: false } }))).toBe("location");
    expect(pureExclusion(parseSearch({ resultType: "WORKSITE", excludeCodeSet: { employeeRange: ["1"] } }))).toBe("employeeRange");
  });

  it("is null with any other constraint, with chosen codes or with two excluded sets", () => {
    const others = [
      {},
      { codeSet: { sni: ["F"] }, excludeCodeSet: { sni: ["43"] } },
      { codeSet: { location: ["01"] }, excludeCodeSet: { sni: ["G"] } },
      { excludeCodeSet: { sni: ["G"], location: ["01"] } },
      { excludeCodeSet: { sni: ["G"] }, text: "bygg" },
      { excludeCodeSet: { sni: ["G"] }, bool: { shelfCompany: false } },
      { excludeCodeSet: { sni: ["G"] }, range: { turnover: "1000_" } },
      { excludeCodeSet: { sni: ["G"] }, numSet: { excludeFile: [1] } },
      { excludeCodeSet: { sni: ["G"] }, numeric: { orgSeqNo: 5 } },
    ];
    for (const input of others) expect(pureExclusion(parseSearch(input)), JSON.stringify(input)).toBeNull();
  });
});

describe("excludedSideIsSmall", () => {
  it("bounds the side by the sum of the excluded codes' whole-index counts, at most half of the index", () => {
    expect(excludedSideIsSmall(["G"], { G: 50, F: 10 }, 100)).toBe(true);
    expect(excludedSideIsSmall(["G", "F"], { G: 50, F: 10 }, 100)).toBe(false);
    expect(excludedSideIsSmall(["X"], { G: 50 }, 100)).toBe(true);
    expect(excludedSideIsSmall(["G"], undefined, 100)).toBe(true);
  });
});
