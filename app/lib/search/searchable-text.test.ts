import { describe, expect, it } from "vitest";
import { hasSearchableWord } from "./searchable-text";

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
