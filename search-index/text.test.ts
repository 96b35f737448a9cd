import { describe, expect, it } from "vitest";
import { nameSortKey, normalizeWord, orgNoToNumber, parseOrgNoQuery, tokenize } from "./text";

describe("Swedish word normalisation", () => {
  it("keeps å, ä, ö as letters and folds other accents, ignoring case", () => {
    expect(normalizeWord("ÅSA Ängel Örn")).toBe("åsa ängel örn");
    expect(normalizeWord("Café Müller Señor")).toBe("cafe muller senor");
  });

  it("splits names into distinct words on anything but letters and digits", () => {
    expect(tokenize("Andersson & Andersson AB")).toEqual(["andersson", "ab"]);
    expect(tokenize("Kök-Design 2000 (Malmö)")).toEqual(["kök", "design", "2000", "malmö"]);
    expect(tokenize("  ")).toEqual([]);
  });

  it("sorts å, ä, ö after z in that order", () => {
    const names = ["Örn AB", "Ängel AB", "Åsa AB", "Zeta AB", "alfa AB", "Ärla AB"];
    expect([...names].sort((a, b) => (nameSortKey(a) < nameSortKey(b) ? -1 : 1))).toEqual([
      "alfa AB",
      "Zeta AB",
      "Åsa AB",
      "Ängel AB",
      "Ärla AB",
      "Örn AB",
    ]);
  });
});

describe("organisation numbers in text", () => {
  it("accepts the common formats and nothing else", () => {
    for (const text of ["556036-0793", "5560360793", "16556036-0793", "165560360793", " 556036 0793 "])
      expect(parseOrgNoQuery(text)).toBe("556036-0793");
    for (const text of ["556036-079", "Volvo", "55603607931", "99556036-0793"]) expect(parseOrgNoQuery(text)).toBeNull();
    expect(orgNoToNumber("556036-0793")).toBe(5560360793);
    expect(orgNoToNumber("5560360793")).toBeNaN();
  });
});
