import { describe, expect, it } from "vitest";
import { RANGE_FIELD_NAMES, RANGE_FIELDS } from "#shared/search/search-fields";
import { commitTypedSide, rangeDef } from "./range-input";
import { parseSwedishAmount } from "./swedish-amount";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("parseSwedishAmount: what people type, in kronor", () => {
  it.each([
    ["25000", 25_000],
    ["0", 0],
    ["1,5", 1.5],
    ["1.5", 1.5],
    [",5", 0.5],
    ["5.", 5],
    ["1,", 1],
    ["-300", -300],
    ["\u2212250 000", -250_000],
    [">1000", 1_000],
    ["> 1 000 mkr", 1_000_000_000],
    ["2 500 000", 2_500_000],
    [`2${NBSP}500${NBSP}000`, 2_500_000],
    [`2${NNBSP}500${NNBSP}000`, 2_500_000],
    ["  2 500 000  ", 2_500_000],
    ["2 500 000,50", 2_500_000.5],
    ["500 kr", 500],
    ["500kr", 500],
    ["500 kronor", 500],
    ["500 tkr", 500_000],
    ["500tkr", 500_000],
    ["1,5 tkr", 1_500],
    ["500 tusen", 500_000],
    // Issue 48 point 8: "500k" as people write it.
    ["500k", 500_000],
    ["5 k", 5_000],
    ["2,5k", 2_500],
    ["500 tusen kronor", 500_000],
    ["2 mkr", 2_000_000],
    ["1,25mkr", 1_250_000],
    ["1,5 milj", 1_500_000],
    ["1,5milj", 1_500_000],
    ["1,5 milj.", 1_500_000],
    ["1,5 milj kr", 1_500_000],
    ["1,5 milj. kr", 1_500_000],
    ["1,1 miljoner", 1_100_000],
    ["3 MILJ", 3_000_000],
    ["1 miljon", 1_000_000],
    ["2 mdkr", 2_000_000_000],
    ["0,5 mdkr", 500_000_000],
    ["1,2 md", 1_200_000_000],
    ["1 mdr", 1_000_000_000],
    ["1 miljard", 1_000_000_000],
    ["-1,5 milj", -1_500_000],
    ["-25 tkr", -25_000],
    [`${NBSP}-2${NBSP}mkr`, -2_000_000],
    ["0,000001 mkr", 1],
  ])("%j → %d", (text, expected) => {
    expect(parseSwedishAmount(text)).toBe(expected);
  });

  it.each([
    "",
    " ",
    "abc",
    "tio",
    "5-3",
    "--5",
    "- 5 -",
    "1,2,3",
    "1.000.000",
    "1 5",
    "25 00",
    "2 500 00",
    "1e6",
    "5 tkr x",
    "5 kr kr",
    "5 tkr tkr",
    "5 mkr milj",
    "5 euro",
    "5 kk",
    "milj",
    "kr",
    ">",
    "-",
    ",",
    "5 milj..",
    "tkr 5",
  ])("%j is unreadable", (text) => {
    expect(parseSwedishAmount(text)).toBeNull();
  });

  it("converts to a field kept in tkr: unit words are scaled, a bare number is already in tkr", () => {
    expect(parseSwedishAmount("500 tkr", 3)).toBe(500);
    expect(parseSwedishAmount("1,5 milj", 3)).toBe(1_500);
    expect(parseSwedishAmount("2 mdkr", 3)).toBe(2_000_000);
    expect(parseSwedishAmount("2 500 000 kr", 3)).toBe(2_500);
    expect(parseSwedishAmount("750", 3)).toBe(750);
  });
});

describe("typing into every money range field (issue 38 point 6)", () => {
  const moneyFields = RANGE_FIELD_NAMES.filter((field) => RANGE_FIELDS[field].kind === "money");
  it("covers the catalogue's money fields", () => expect(moneyFields.length).toBeGreaterThanOrEqual(9));
  for (const field of moneyFields) {
    const def = rangeDef(field);
    const open = { from: def.min, to: def.max };
    it(`${field}: "1,5 milj", "500 tkr" and "2 500 000" are kronor; an emptied side opens; bad input resets`, () => {
      expect(commitTypedSide("1,5 milj", "from", open, def)).toEqual({ from: 1_500_000, to: def.max });
      expect(commitTypedSide("500 tkr", "to", open, def)).toEqual({ from: def.min, to: 500_000 });
      expect(commitTypedSide(`2${NBSP}500${NBSP}000`, "to", open, def)).toEqual({ from: def.min, to: 2_500_000 });
      const set = { from: 100_000, to: 2_000_000 };
      expect(commitTypedSide("", "from", set, def)).toEqual({ from: def.min, to: 2_000_000 });
      expect(commitTypedSide("  ", "to", set, def)).toEqual({ from: 100_000, to: def.max });
      expect(commitTypedSide("1 5", "to", set, def)).toEqual(set);
    });
  }
  it("large units are clamped to the field's bounds", () => {
    const turnover = rangeDef("turnover");
    expect(commitTypedSide("2 mdkr", "to", { from: 0, to: 5 }, turnover)).toEqual({ from: 0, to: 1e9 });
    const earnings = rangeDef("earnings");
    expect(commitTypedSide("-1 mdkr", "from", { from: 0, to: 1e8 }, earnings)).toEqual({ from: -1e8, to: 1e8 });
  });
  it("an emptied registration date opens its side too", () => {
    const created = rangeDef("createdDate", new Date("2026-06-01T00:00:00Z"));
    expect(commitTypedSide("", "from", { from: 20150101, to: 20201231 }, created)).toEqual({ from: 19000101, to: 20201231 });
    expect(commitTypedSide("", "to", { from: 20150101, to: 20201231 }, created)).toEqual({ from: 20150101, to: 20261231 });
  });
});
