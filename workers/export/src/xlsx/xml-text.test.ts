import { describe, expect, it } from "vitest";
import { escapeCellText, escapeXml, neutraliseFormula } from "./xml-text";

describe("escapeCellText", () => {
  it("leaves ordinary Swedish text alone", () => {
    expect(escapeCellText("Åsa Öberg & Söner")).toEqual({ xml: "Åsa Öberg &amp; Söner", preserve: false });
    expect(escapeCellText("Bäckström AB")).toEqual({ xml: "Bäckström AB", preserve: false });
  });

  it("escapes markup and writes carriage returns as Excel's _x000D_", () => {
    expect(escapeCellText("<b>a</b>\r\nb").xml).toBe("&lt;b&gt;a&lt;/b&gt;_x000D_\nb");
  });

  it("drops characters XML 1.0 forbids, including lone surrogates", () => {
    expect(escapeCellText("a\u0000b\u0007c\u001Fd\uFFFEe\uD800f").xml).toBe("abcdef");
    expect(escapeCellText("emoji 😀 stays").xml).toBe("emoji 😀 stays");
  });

  it("neutralises a formula hidden behind a dropped character", () => {
    expect(escapeCellText("\u0000=SUM(A1)").xml).toBe("'=SUM(A1)");
  });

  it("protects literal _xHHHH_ sequences from Excel's decoding", () => {
    expect(escapeCellText("a_x0041_b").xml).toBe("a_x005F_x0041_b");
    expect(escapeCellText("tax_x").xml).toBe("tax_x");
  });

  it("asks for xml:space=preserve only when whitespace would be lost", () => {
    expect(escapeCellText(" lead").preserve).toBe(true);
    expect(escapeCellText("trail ").preserve).toBe(true);
    expect(escapeCellText("a\tb").preserve).toBe(true);
    expect(escapeCellText("a b").preserve).toBe(false);
  });
});

describe("neutraliseFormula", () => {
  it("prefixes an apostrophe to text that a spreadsheet could take for a formula", () => {
    for (const text of ["=1+1", "+46 8 123", "-5", "@SUM(A1)", "\tx", "\rx"]) expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ["Åsa", "1=1", " =x", "'quoted"]) expect(neutraliseFormula(text)).toBe(text);
  });
});

describe("escapeXml", () => {
  it("escapes attribute text", () => {
    expect(escapeXml(`Bolag "A" & 'B' <C>`)).toBe("Bolag &#34;A&#34; &#38; &#39;B&#39; &#60;C&#62;");
  });
});
