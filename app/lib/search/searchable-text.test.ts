import { describe, expect, it } from "vitest";
import { hasSearchableWord, ORG_NO_PREFIX_DIGITS, orgNoDigitsHint } from "./searchable-text";

describe("hasSearchableWord (issue 26)", () => {
  it("finds a name, a town, a trade or an organisation number", () => {
    for (const text of ["Volvo", "pizzeria i Kalmar", "556036-0793", "Bygg & Måleri AB", "Å", "7", "Ölands Bryggeri HB"]) {
      expect(hasSearchableWord(text), text).toBe(true);
    }
  });

  it("finds nothing in stop words alone, punctuation or symbols", () => {
    for (const text of ["AB", "ab", " i ", "AB & i", "Aktiebolag", "HB.", "...", "—", "&&", "🙂", "(publ)"]) {
      expect(hasSearchableWord(text), text).toBe(false);
    }
  });
});

describe("orgNoDigitsHint (issue 38)", () => {
  it("says how many digits an organisation number search needs, as many as the index searches by", () => {
    expect(ORG_NO_PREFIX_DIGITS).toBe(4);
    expect(orgNoDigitsHint("556")).toBe("Skriv minst 4 siffror för att söka på organisationsnummer.");
    expect(orgNoDigitsHint(" 5 5 ")).toBe("Skriv minst 4 siffror för att söka på organisationsnummer.");
    expect(orgNoDigitsHint("9999")).toBe("Inget organisationsnummer börjar med de siffrorna. Ett organisationsnummer har 10 siffror.");
    expect(orgNoDigitsHint("999999-99")).toMatch(/har 10 siffror/);
  });

  it("says nothing for words, a whole number or no text", () => {
    for (const text of ["storgatan 12", "5560360793", "556036-0793", "", null, undefined, "-"]) expect(orgNoDigitsHint(text)).toBeNull();
  });
});
