import { describe, expect, it } from "vitest";
import type { ReportRemark } from "../types";
import { collectDocument } from "./collect";
import { readFigureFacts } from "./facts";

function figureFacts(body: string) {
  const remarks: ReportRemark[] = [];
  const doc = collectDocument(`<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance"
 xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:g="http://www.taxonomier.se/se/fr/gen-base/2021-10-31"><body>
<xbrli:context id="y"><xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="y2"><xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="del"><xbrli:entity><xbrli:segment><xbrldi:explicitMember dimension="a">x:OvrigtMember</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
<xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context>
${body}</body></html>`);
  return { facts: readFigureFacts(doc, remarks), remarks };
}

const fact = (attributes: string, text = "") =>
  `<ix:nonFraction name="g:Nettoomsattning" unitRef="u" ${attributes}>${text}</ix:nonFraction>`;

describe("figure facts", () => {
  it("apply sign and scale to the value and keep one of duplicates in contexts with equal content", () => {
    const { facts, remarks } = figureFacts(
      `${fact('contextRef="y" scale="3" sign="-" decimals="-3"', "12")}${fact('contextRef="y2" decimals="0"', "-12000")}`,
    );
    expect(facts.map((f) => f.amount)).toEqual([-12000]);
    expect(remarks).toEqual([]);
  });

  it("take the sign of an unformatted xs:decimal together with the sign attribute", () => {
    expect(figureFacts(fact('contextRef="y" sign="-"', "-5")).facts[0]?.amount).toBe(5);
  });

  it("flag a nil and a value for the same figure as disagreeing", () => {
    const { remarks } = figureFacts(`${fact('contextRef="y" xsi:nil="true"')}${fact('contextRef="y2"', "5")}`);
    expect(remarks).toEqual([{ flag: "DUPLICATE_FACTS_DISAGREE", detail: 'Nettoomsattning in context "y2": nil and 5' }]);
  });

  it("flag facts in an undefined context or with an unreadable scale, and skip breakdowns silently", () => {
    const { facts, remarks } = figureFacts(
      `${fact('contextRef="saknas"', "1")}${fact('contextRef="y" scale="1000000"', "1")}${fact('contextRef="del"', "1")}`,
    );
    expect(facts).toEqual([]);
    expect(remarks.map((r) => r.detail)).toEqual([
      'Nettoomsattning in context "saknas": the context is not defined',
      'Nettoomsattning in context "y": cannot read "1"',
    ]);
  });
});
