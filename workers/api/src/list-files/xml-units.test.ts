import { describe, expect, it } from "vitest";
import { decodeXmlText, XmlRefusal, XmlUnitSplitter } from "./xml-units";

const encode = (text: string) => new TextEncoder().encode(text);

function split(xml: string, localName: string, chunkSize: number): string[] {
  const units: string[] = [];
  const splitter = new XmlUnitSplitter(localName, (unit) => units.push(unit));
  const bytes = encode(xml);
  for (let at = 0; at < bytes.length; at += chunkSize) splitter.push(bytes.subarray(at, at + chunkSize));
  splitter.end();
  return units;
}

describe("XmlUnitSplitter", () => {
  const sheet =
    '<?xml version="1.0"?><x:worksheet><x:sheetData><x:row r="1"><x:c><x:v>1</x:v></x:c></x:row><x:row r="2"><x:c t="s"><x:v>Åsa</x:v></x:c></x:row></x:sheetData></x:worksheet>';

  it("yields the same units whatever the chunk boundaries, also inside multi-byte characters", () => {
    const whole = split(sheet, "row", sheet.length * 4);
    expect(whole).toHaveLength(2);
    expect(whole[1]).toContain("Åsa");
    for (let size = 1; size <= 40; size++) expect(split(sheet, "row", size)).toEqual(whole);
  });

  it("refuses DOCTYPE and ENTITY declarations, even split across chunks", () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x><row>&e;</row></x>';
    for (const size of [1, 3, 7, 64, 1000]) {
      expect(() => split(xxe, "row", size)).toThrow(XmlRefusal);
    }
    expect(() => split('<x><!ENTITY  a "b"></x>', "row", 5)).toThrow(XmlRefusal);
    expect(() => split("<x><!doctype x></x>", "p", 5)).toThrow(XmlRefusal);
  });

  it("does not mistake similar tags for the unit's closing tag", () => {
    const doc = "<w:p><w:pPr></w:pPr><w:r><w:t>a</w:t></w:r></w:p><w:p><w:r><w:t>b</w:t></w:r></w:p>";
    expect(split(doc, "p", 4)).toEqual(["<w:p><w:pPr></w:pPr><w:r><w:t>a</w:t></w:r></w:p>", "<w:p><w:r><w:t>b</w:t></w:r></w:p>"]);
  });
});

describe("decodeXmlText", () => {
  it("decodes the predefined entities and character references, and nothing else", () => {
    expect(decodeXmlText("A &amp; B &lt;5&gt; &#8211; &#x2013; &quot;&apos;")).toBe("A & B <5> – – \"'");
    expect(decodeXmlText("&xxe; &lol9;")).toBe("&xxe; &lol9;");
  });
});
