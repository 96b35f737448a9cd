import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { autoEdits, editDistance, fuzzyWordRange } from "./fuzzy";

describe("typing errors as fuzziness AUTO (issue 48 point 7)", () => {
  it("allows no edit up to 2 letters, one up to 5, then two, counting letters not UTF-16 units", () => {
    expect(["ab", "abc", "abcde", "abcdef", "restarang"].map(autoEdits)).toEqual([0, 1, 1, 2, 2]);
    expect(autoEdits("åö")).toBe(0);
    expect(autoEdits("a\u{1d41a}")).toBe(0);
  });

  it("counts an insertion, a deletion, a replacement and a swap of neighbours as one edit each", () => {
    expect(editDistance("restarang", "restaurang")).toBe(1);
    expect(editDistance("resturang", "restaurang")).toBe(1);
    expect(editDistance("restaurnag", "restaurang")).toBe(1);
    expect(editDistance("jonkoping", "jönköping")).toBe(2);
    expect(editDistance("ca", "abc")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("finds in a sorted dictionary exactly the words within reach, as a plain scan does", () => {
    const letters = fc.constantFrom("a", "b", "c", "ö", "s", "\u{1d41a}");
    const word = fc.array(letters, { minLength: 0, maxLength: 7 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), word, fc.integer({ min: 0, max: 2 }), (words, target, edits) => {
        const sorted = [...words].sort();
        const found = fuzzyWordRange(sorted, 0, sorted.length, 0, target, edits).map((i) => sorted[i]);
        expect(found).toEqual(sorted.filter((w) => editDistance(w, target) <= edits));
      }),
      { numRuns: 400 },
    );
    // A target with a letter outside the Basic Multilingual Plane is compared by code points too.
    const astral = ["ab", "abc", "a\u{1d41a}b"];
    expect(fuzzyWordRange(astral, 0, 3, 0, "\u{1d41a}b", 1).map((i) => astral[i])).toEqual(["ab", "a\u{1d41a}b"]);
  });

  it("keeps to its range and leaves a field tag out of the distance", () => {
    const words = ["\u0001restaurang", "\u0001restarang", "restaurang", "restaurant", "zebra"].sort();
    const tagged = fuzzyWordRange(words, 0, 2, 1, "restarang", 2).map((i) => words[i]);
    expect(tagged).toEqual(["\u0001restarang", "\u0001restaurang"]);
    const names = fuzzyWordRange(words, 2, words.length, 0, "restarang", 1).map((i) => words[i]);
    expect(names).toEqual(["restaurang"]);
  });
});
