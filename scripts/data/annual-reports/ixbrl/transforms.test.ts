import { describe, expect, it } from "vitest";
import { readDate, readNumber } from "./transforms";

const TR1 = "http://www.xbrl.org/inlineXBRL/transformation/2010-04-20";
const TR3 = "http://www.xbrl.org/inlineXBRL/transformation/2015-02-26";
const TR4 = "http://www.xbrl.org/inlineXBRL/transformation/2020-02-12";
const ixt = (local: string) => ({ ns: TR1, local });
const ixt4 = (local: string) => ({ ns: TR4, local });

/** The number as "int.frac" with a leading "-" for a negative xs:decimal, or null. */
function read(text: string, format: { ns: string; local: string } | null): string | null {
  const n = readNumber(text, format);
  return n && `${n.negative ? "-" : ""}${n.int}${n.frac ? `.${n.frac}` : ""}`;
}

describe("number formats", () => {
  it("read space-separated thousands with a decimal comma, any kind of space", () => {
    expect(read("1 234 567", ixt("numspacecomma"))).toBe("1234567");
    expect(read(" 12 004,5 ", ixt("numspacecomma"))).toBe("12004.5");
    expect(read("3\u00a0102,40", ixt4("num-comma-decimal"))).toBe("3102.40");
    expect(read("2\u2009987\u202f000", ixt4("num-comma-decimal"))).toBe("2987000");
    expect(read("1.234.567,5", { ns: TR3, local: "numcommadecimal" })).toBe("1234567.5");
    expect(read("1.234,5", ixt("numdotcomma"))).toBe("1234.5");
    expect(read("1234,5", ixt("numcomma"))).toBe("1234.5");
  });

  it("read comma thousands with a decimal dot, and plain dot decimals", () => {
    expect(read("1,234,567.89", ixt("numcommadot"))).toBe("1234567.89");
    expect(read("1,234.5", ixt4("num-dot-decimal"))).toBe("1234.5");
    expect(read("1 234.5", ixt("numspacedot"))).toBe("1234.5");
    expect(read("1234.5", { ns: TR3, local: "numdotdecimal" })).toBe("1234.5");
  });

  it("read a dash as zero for zerodash and anything as zero for fixed-zero", () => {
    for (const dash of ["-", "–", "—", " – "]) expect(read(dash, ixt("zerodash"))).toBe("0");
    expect(read("-", ixt("numdash"))).toBe("0");
    expect(read("–", ixt4("fixed-zero"))).toBe("0");
    expect(read("12", ixt("zerodash"))).toBeNull();
    expect(read("--", ixt("zerodash"))).toBeNull();
  });

  it("read an xs:decimal without a format, its own sign included", () => {
    expect(read("1234567", null)).toBe("1234567");
    expect(read("-12.50", null)).toBe("-12.50");
    expect(read(".5", null)).toBe("0.5");
    for (const bad of ["", ".", "1 234", "1,5", "12a", "+-1"]) expect(read(bad, null)).toBeNull();
  });

  it("give null for what a format does not accept", () => {
    for (const [text, local] of [
      ["12 34", "numspacecomma"],
      ["1  234", "numspacecomma"],
      ["1 234,", "numspacecomma"],
      [",5", "numspacecomma"],
      ["-1 234", "numspacecomma"],
      ["1,234.5", "numspacecomma"],
      ["", "numspacecomma"],
      ["1234", "numwordsen"],
      ["1234", "constructor"],
    ] as const) {
      expect([text, local, read(text, ixt(local))]).toEqual([text, local, null]);
    }
    expect(read("1234", { ns: "http://example.com/transforms", local: "numspacecomma" })).toBeNull();
  });
});

describe("date formats", () => {
  it("read ISO dates and numeric year-month-day or day-month-year dates", () => {
    expect(readDate(" 2024-12-31 ", null)).toBe("2024-12-31");
    expect(readDate("2024/7/1", ixt4("date-year-month-day"))).toBe("2024-07-01");
    expect(readDate("2024.07.01", { ns: TR3, local: "dateyearmonthday" })).toBe("2024-07-01");
    expect(readDate("30.06.2025", { ns: TR3, local: "datedaymonthyear" })).toBe("2025-06-30");
    expect(readDate("30/06/2025", ixt("dateslasheu"))).toBe("2025-06-30");
  });

  it("give null for unusual formats and impossible dates", () => {
    expect(readDate("1 januari 2024", ixt("datelongsv"))).toBeNull();
    expect(readDate("30.06.25", ixt("datedoteu"))).toBeNull();
    expect(readDate("2024-02-30", null)).toBeNull();
    expect(readDate("räkenskapsåret 2024", null)).toBeNull();
  });
});
