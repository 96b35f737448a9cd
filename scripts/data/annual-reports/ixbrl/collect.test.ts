import { describe, expect, it } from "vitest";
import { collectDocument } from "./collect";

const ROOT = `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance"
 xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:g="http://www.taxonomier.se/se/fr/gen-base/2021-10-31" xmlns:cd="http://www.taxonomier.se/se/fr/cd-base/2021-10-31"
 xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:m="http://www.taxonomier.se/se/fr/mem-base/2021-10-31">`;

describe("collecting a document", () => {
  it("keeps the text of read facts, nested elements included and ix:exclude left out", () => {
    const doc = collectDocument(`${ROOT}<body>
<ix:nonNumeric name="cd:ForetagetsNamn" contextRef="c"><b>Ett</b> <ix:exclude>inte <ix:nonNumeric name="cd:Organisationsnummer" contextRef="c">556018-<i>7493</i></ix:nonNumeric></ix:exclude>två
<ix:nonFraction name="g:Nettoomsattning" contextRef="c" unitRef="u">1 <span>234</span></ix:nonFraction></ix:nonNumeric>
<ix:nonNumeric name="g:AllmantVerksamheten" contextRef="c">not read</ix:nonNumeric>
</body></html>`);
    expect(doc.facts.map((f) => [f.concept.local, f.text])).toEqual([
      ["ForetagetsNamn", "Ett två\n1 234"],
      ["Organisationsnummer", "556018-7493"],
      ["Nettoomsattning", "1 234"],
    ]);
  });

  it("keeps continuations, schema references, contexts with their members and units with resolved measures", () => {
    const doc =
      collectDocument(`${ROOT}<body><ix:header><ix:references><link:schemaRef xlink:type="simple" xlink:href="k2.xsd"/></ix:references>
<ix:resources>
<xbrli:context id="k"><xbrli:entity><xbrli:identifier scheme="s">5560187493</xbrli:identifier><xbrli:segment>
<xbrldi:explicitMember dimension="d:Axis">m:KoncernMember</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
<xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="u" xmlns:valuta="http://www.xbrl.org/2003/iso4217"><xbrli:measure>valuta:EUR</xbrli:measure></xbrli:unit>
</ix:resources></ix:header>
<ix:continuation id="c1" continuedAt="c2">första <ix:exclude>x</ix:exclude>delen</ix:continuation></body></html>`);
    expect(doc.schemaRefs).toEqual(["k2.xsd"]);
    expect(doc.contexts.get("k")).toEqual({
      id: "k",
      startDate: "2024-01-01",
      endDate: "2024-12-31",
      instant: null,
      members: ["KoncernMember"],
      hasTypedMember: false,
    });
    expect(doc.units.get("u")?.currency).toBe("EUR");
    expect(doc.continuations.get("c1")).toEqual({ text: "första delen", continuedAt: "c2" });
  });
});
