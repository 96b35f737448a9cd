import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countOf,
  formatAddress,
  formatBoolean,
  formatCreditGrade,
  formatDate,
  formatMillions,
  formatMoney,
  formatMoneyFromTkr,
  formatNumber,
  formatRegistration,
  formatOrgNo,
  formatPeriod,
  formatSniCode,
  resultTypeWord,
} from "./format";

/** Readable expectations: "_" stands for the no-break space the Swedish locale groups digits with. */
const sv = (text: string) => text.replace(/_/g, "\u00a0").replace(/^-/, "\u2212");

describe("formatNumber: Swedish locale numbers", () => {
  it("groups thousands with a no-break space and uses a decimal comma", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1234)).toBe(sv("1_234"));
    expect(formatNumber(1_234_567)).toBe(sv("1_234_567"));
    expect(formatNumber(1234.567, 2)).toBe(sv("1_234,57"));
    expect(formatNumber(0.5, 1)).toBe("0,5");
  });

  it("uses the Swedish minus sign and never shows a negative zero", () => {
    expect(formatNumber(-1234)).toBe(sv("-1_234"));
    expect(formatNumber(-0.001, 2)).toBe("0");
  });

  it("rounds to whole numbers by default and shows a dash for non-numbers", () => {
    expect(formatNumber(1234.5)).toBe(sv("1_235"));
    expect(formatNumber(Number.NaN)).toBe("–");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("–");
  });

  it("writes what the platform's Swedish number formatter writes, with 0 to 3 decimals", () => {
    const intl = (value: number, maxDecimals: number) => {
      const text = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: maxDecimals, minimumFractionDigits: 0 }).format(value);
      return /^−0(,0*)?$/.test(text) ? text.slice(1) : text;
    };
    for (const [value, decimals] of [
      [1.005, 2],
      [0.125, 2],
      [-0.125, 2],
      [2.5, 0],
      [-2.5, 0],
      [999.995, 2],
      [99999.5, 0],
      [0.0000015, 6],
      [1e-7, 2],
      [1e21, 0],
      [-0, 0],
      [0.30000000000000004, 3],
    ] as const)
      expect(formatNumber(value, decimals), `${value} with ${decimals}`).toBe(intl(value, decimals));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e13, max: 1e13, noNaN: true }),
          fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 1000),
          fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 8),
        ),
        fc.integer({ min: 0, max: 3 }),
        (value, decimals) => {
          expect(formatNumber(value, decimals)).toBe(intl(value, decimals));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("round-trips every integer through its grouped form", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        const text = formatNumber(n);
        expect(Number(text.replace(/\u00a0/g, "").replace("\u2212", "-"))).toBe(n);
      }),
    );
  });
});

describe("formatMoney: kr, tkr, mkr and mdkr", () => {
  it("shows whole kronor below 100 000", () => {
    expect(formatMoney(0)).toBe("0 kr");
    expect(formatMoney(950)).toBe("950 kr");
    expect(formatMoney(99_999)).toBe(sv("99_999 kr"));
    expect(formatMoney(-42_000)).toBe(sv("-42_000 kr"));
  });

  it("shows thousands from 100 000 up to 500 000", () => {
    expect(formatMoney(100_000)).toBe("100 tkr");
    expect(formatMoney(250_400)).toBe("250 tkr");
    expect(formatMoney(499_499)).toBe("499 tkr");
    expect(formatMoney(-120_000)).toBe(sv("-120 tkr"));
  });

  it("shows millions from 500 000 with 2, 1 or 0 decimals by size", () => {
    expect(formatMoney(500_000)).toBe("0,5 mkr");
    expect(formatMoney(754_000)).toBe("0,75 mkr");
    expect(formatMoney(2_345_678)).toBe("2,35 mkr");
    expect(formatMoney(3_000_000)).toBe("3 mkr");
    expect(formatMoney(12_345_678)).toBe("12,3 mkr");
    expect(formatMoney(250_400_000)).toBe("250 mkr");
    expect(formatMoney(-7_500_000)).toBe(sv("-7,5 mkr"));
  });

  it("shows billions from 1 000 000 000", () => {
    expect(formatMoney(1_000_000_000)).toBe("1 mdkr");
    expect(formatMoney(1_254_000_000)).toBe("1,25 mdkr");
    expect(formatMoney(45_600_000_000)).toBe("45,6 mdkr");
    expect(formatMoney(123_000_000_000)).toBe("123 mdkr");
  });

  it("takes amounts reported in tkr", () => {
    expect(formatMoneyFromTkr(12_345)).toBe("12,3 mkr");
    expect(formatMoneyFromTkr(50)).toBe(sv("50_000 kr"));
  });

  it("always ends in exactly one unit", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (kronor) => {
        expect(formatMoney(kronor)).toMatch(/^\u2212?[\d\u00a0]+(,\d{1,2})? (kr|tkr|mkr|mdkr)$/);
      }),
    );
  });
});

describe("formatMillions", () => {
  it("keeps 2 decimals below 10, 1 below 100 and none from 100, dropping trailing zeros", () => {
    expect(formatMillions(0.754)).toBe("0,75");
    expect(formatMillions(9.999)).toBe("10");
    expect(formatMillions(12.345)).toBe("12,3");
    expect(formatMillions(20)).toBe("20");
    expect(formatMillions(1234.5)).toBe(sv("1_235"));
  });
});

describe("formatBoolean", () => {
  it("says Ja and Nej", () => {
    expect(formatBoolean(true)).toBe("Ja");
    expect(formatBoolean(false)).toBe("Nej");
    expect(formatBoolean(null)).toBe("");
    expect(formatBoolean(undefined)).toBe("");
  });
});

describe("formatRegistration", () => {
  it("says 'uppgift saknas' for an unknown registration, never 'Nej'", () => {
    expect(formatRegistration(true)).toBe("Ja");
    expect(formatRegistration(false)).toBe("Nej");
    expect(formatRegistration(null)).toBe("uppgift saknas");
  });
});

describe("formatPeriod", () => {
  it("shows a plain year when the period ends in December", () => {
    expect(formatPeriod("2023-12-31")).toBe("2023");
    expect(formatPeriod("20221231")).toBe("2022");
    expect(formatPeriod("2021-12")).toBe("2021");
  });

  it("shows year and month otherwise", () => {
    expect(formatPeriod("2023-06-30")).toBe("2023-06");
    expect(formatPeriod("20230430")).toBe("2023-04");
    expect(formatPeriod("202308")).toBe("2023-08");
  });

  it("returns unparseable input unchanged", () => {
    expect(formatPeriod("okänd")).toBe("okänd");
  });
});

describe("formatSniCode", () => {
  it("puts a dot after two digits", () => {
    expect(formatSniCode("01110")).toBe("01.110");
    expect(formatSniCode("62010")).toBe("62.010");
    expect(formatSniCode("0111")).toBe("01.11");
    expect(formatSniCode("011")).toBe("01.1");
  });

  it("leaves sections and divisions as they are", () => {
    expect(formatSniCode("A")).toBe("A");
    expect(formatSniCode("01")).toBe("01");
    expect(formatSniCode("01.110")).toBe("01.110");
  });
});

describe("other display formats", () => {
  it("formats dates, organisation numbers, credit grades and result type words", () => {
    expect(formatDate("20240315")).toBe("2024-03-15");
    expect(formatDate("2024-03-15T10:00:00.000Z")).toBe("2024-03-15");
    expect(formatOrgNo("5560160680")).toBe("556016-0680");
    expect(formatOrgNo("556016-0680")).toBe("556016-0680");
    expect(formatOrgNo("123")).toBe("123");
    expect(formatCreditGrade(3)).toBe("3 av 4");
    expect(resultTypeWord("COMPANY")).toBe("organisationer");
    expect(resultTypeWord("WORKSITE")).toBe("arbetsställen");
  });
});

describe("formatAddress", () => {
  it("writes c/o once, whether the register's field carries the prefix or only the name", () => {
    expect(formatAddress("Storgatan 5", "75320", "Uppsala", "c/o Eriksson")).toBe("c/o Eriksson, Storgatan 5, 75320 Uppsala");
    expect(formatAddress("Storgatan 5", "75320", "Uppsala", "C/O ERIKSSON")).toBe("C/O ERIKSSON, Storgatan 5, 75320 Uppsala");
    expect(formatAddress("Storgatan 5", "75320", "Uppsala", "Eriksson")).toBe("c/o Eriksson, Storgatan 5, 75320 Uppsala");
    expect(formatAddress(null, null, "Uppsala")).toBe("Uppsala");
    expect(formatAddress(null, null, null)).toBe("");
  });
});

describe("numbers meeting nouns", () => {
  it("uses the singular after one and the plural otherwise", () => {
    expect(countOf(1, "anställd", "anställda")).toBe("1 anställd");
    expect(countOf(0, "träff", "träffar")).toBe("0 träffar");
    expect(countOf(1500, "träff", "träffar")).toBe("1\u00a0500 träffar");
    expect(resultTypeWord("COMPANY", 1)).toBe("organisation");
    expect(resultTypeWord("WORKSITE", 1)).toBe("arbetsställe");
    expect(resultTypeWord("WORKSITE", 2)).toBe("arbetsställen");
    expect(resultTypeWord("COMPANY")).toBe("organisationer");
  });
});
