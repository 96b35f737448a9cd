import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  codeToText,
  companyFormEntries,
  computeSniAggregation,
  employeeRangeCodeFor,
  employeeRangeEntries,
  fiscalYearEntries,
  formatSniCode,
  isLimitedCompanyForm,
  locationCodeToAncestors,
  locationTree,
  type RefNode,
  searchSniTree,
  sniCodeToAncestors,
  sniDetailGroupToKeywords,
  sniTree,
} from "./index";

function countByDepth(nodes: RefNode[], depth = 0, acc: number[] = []): number[] {
  for (const node of nodes) {
    acc[depth] = (acc[depth] ?? 0) + 1;
    countByDepth(node.children, depth + 1, acc);
  }
  return acc;
}

describe("SNI 2007 tree", () => {
  it("has every level of SCB's classification", () => {
    expect(countByDepth(sniTree)).toEqual([21, 88, 272, 615, 821]);
    expect(sniTree.map((n) => n.code).join("")).toBe("ABCDEFGHIJKLMNOPQRSTU");
  });

  it("stores codes without dots and formats them with a dot after two digits", () => {
    expect(formatSniCode("01110")).toBe("01.110");
    expect(formatSniCode("0111")).toBe("01.11");
    expect(formatSniCode("011")).toBe("01.1");
    expect(formatSniCode("01")).toBe("01");
    expect(formatSniCode("A")).toBe("A");
  });

  it("gives ancestors from the top", () => {
    expect(sniCodeToAncestors("01110")).toEqual(["A", "01", "011", "0111"]);
    expect(sniCodeToAncestors("96021")).toEqual(["S", "96", "960", "9602"]);
    expect(sniCodeToAncestors("A")).toEqual([]);
    expect(sniCodeToAncestors("nope")).toEqual([]);
  });
});

describe("location tree", () => {
  it("has 21 counties and 290 municipalities under their county", () => {
    expect(countByDepth(locationTree)).toEqual([21, 290]);
    const stockholm = locationTree.find((n) => n.code === "01");
    expect(stockholm?.text).toBe("Stockholms län");
    expect(stockholm?.children.map((c) => c.code)).toContain("0180");
    expect(locationCodeToAncestors("0114")).toEqual(["01"]);
    expect(locationCodeToAncestors("01")).toEqual([]);
  });

  it("keeps SNI and location texts apart although their codes overlap", () => {
    expect(codeToText.location["01"]).toBe("Stockholms län");
    expect(codeToText.sni["01"]).toBe("Jordbruk och jakt samt service i anslutning härtill");
    expect(codeToText.location["0114"]).toBe("Upplands Väsby");
    expect(codeToText.sni["0114"]).toBe("Odling av sockerrör");
    expect(codeToText.location["2584"]).toBe("Kiruna");
  });
});

describe("SNI search words", () => {
  it("has at least 300 curated everyday trade words, all on real detail groups", () => {
    const csv = readFileSync(path.join(import.meta.dirname, "sources/curated-trade-words.csv"), "utf8");
    const words = new Set(
      csv
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => line.split(",")[0]),
    );
    expect(words.size).toBeGreaterThanOrEqual(300);
    for (const word of ["frisör", "snickare", "elektriker", "redovisningsbyrå", "tandläkare", "restaurang", "åkeri"]) {
      expect(words.has(word)).toBe(true);
    }
    expect(Object.keys(sniDetailGroupToKeywords)).toHaveLength(821);
    expect(Object.values(sniDetailGroupToKeywords).every((list) => list.length > 0)).toBe(true);
  });

  it("finds what people type", () => {
    expect(searchSniTree("frisör")).toContain("96021");
    expect(searchSniTree("Frisör")).toContain("96021");
    expect(searchSniTree("tandläk")).toContain("86230");
    expect(searchSniTree("redovisningsbyrå")).toEqual(["69201"]);
    expect(searchSniTree("åkeri")).toContain("49410");
    expect(searchSniTree("restaurang")).toEqual(expect.arrayContaining(["56100", "5610", "561"]));
  });

  it("treats å, ä and ö as letters of their own", () => {
    expect(searchSniTree("akeri")).not.toContain("49410");
    expect(searchSniTree("FRISÖR")).toContain("96021");
    expect(searchSniTree("frisor")).not.toContain("96021");
  });

  it("matches codes with or without the dot", () => {
    expect(searchSniTree("01.11")).toEqual(["0111", "01110"]);
    expect(searchSniTree("0111")).toEqual(["0111", "01110"]);
    expect(searchSniTree("96.021")).toEqual(["96021"]);
    expect(searchSniTree("")).toEqual([]);
  });
});

describe("code lists", () => {
  it("marks 41, 42 and 49 as aktiebolag", () => {
    expect(["41", "42", "49"].every(isLimitedCompanyForm)).toBe(true);
    expect(["10", "31", "51", "43"].some(isLimitedCompanyForm)).toBe(false);
    expect(companyFormEntries.find((e) => e.code === "49")?.text).toBe("Aktiebolag utom bank- och försäkringsaktiebolag");
  });

  it("lists fiscal years by closing month", () => {
    expect(fiscalYearEntries).toHaveLength(12);
    expect(fiscalYearEntries.find((e) => e.code === "12")?.text).toBe("Januari–december");
    expect(fiscalYearEntries.find((e) => e.code === "4")?.text).toBe("Maj–april");
  });

  it("maps employee counts to SCB size classes", () => {
    expect(employeeRangeEntries).toHaveLength(17);
    expect(employeeRangeCodeFor(null)).toBe("0");
    expect(employeeRangeCodeFor(0)).toBe("1");
    expect(employeeRangeCodeFor(4)).toBe("2");
    expect(employeeRangeCodeFor(5)).toBe("3");
    expect(employeeRangeCodeFor(10_000)).toBe("16");
  });
});

describe("SNI aggregation", () => {
  it("counts companies under the section of their main code", () => {
    const result = computeSniAggregation([{ sniCodes: ["96021", "01110"] }, { sniCodes: ["01110"] }, { sniCodes: [] }]);
    expect(result).toHaveLength(21);
    expect(result.find((e) => e.code === "S")?.count).toBe(1);
    expect(result.find((e) => e.code === "A")?.count).toBe(1);
    expect(result.reduce((sum, e) => sum + e.count, 0)).toBe(2);
  });
});
