import { describe, expect, it } from "vitest";
import { type ReportFigures, ReportRefusal } from "../types";
import { parseAnnualReport } from "./parse-report";

const NAMESPACES = [
  'xmlns="http://www.w3.org/1999/xhtml"',
  'xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"',
  'xmlns:xbrli="http://www.xbrl.org/2003/instance"',
  'xmlns:xbrldi="http://xbrl.org/2006/xbrldi"',
  'xmlns:link="http://www.xbrl.org/2003/linkbase"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
  'xmlns:iso4217="http://www.xbrl.org/2003/iso4217"',
  'xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2010-04-20"',
  'xmlns:ixt4="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12"',
  'xmlns:se-gen-base="http://www.taxonomier.se/se/fr/gen-base/2021-10-31"',
  'xmlns:se-cd-base="http://www.taxonomier.se/se/fr/cd-base/2021-10-31"',
  'xmlns:se-mem-base="http://www.taxonomier.se/se/fr/mem-base/2021-10-31"',
  'xmlns:se-dim-base="http://www.taxonomier.se/se/fr/dim-base/2021-10-31"',
].join(" ");

const K2_SCHEMA = "http://xbrl.taxonomier.se/se/fr/gaap/k2/risbs/2021-10-31/se-k2-risbs-2021-10-31.xsd";
const K3_SCHEMA = "http://xbrl.taxonomier.se/se/fr/gaap/k3/risbs/2021-10-31/se-k3-risbs-2021-10-31.xsd";
const K3K_SCHEMA = "http://xbrl.taxonomier.se/se/fr/gaap/k3k/risbs/2021-10-31/se-k3k-risbs-2021-10-31.xsd";

function context(id: string, period: string, segment = ""): string {
  const dates = period.includes("/")
    ? `<xbrli:startDate>${period.split("/")[0]}</xbrli:startDate><xbrli:endDate>${period.split("/")[1]}</xbrli:endDate>`
    : `<xbrli:instant>${period}</xbrli:instant>`;
  const seg = segment && `<xbrli:segment>${segment}</xbrli:segment>`;
  return `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.bolagsverket.se">5560187493</xbrli:identifier>${seg}</xbrli:entity><xbrli:period>${dates}</xbrli:period></xbrli:context>`;
}

/** The usual contexts of a calendar-year report for 2024 with 2023 for comparison. */
const YEAR_CONTEXTS = [
  context("period0", "2024-01-01/2024-12-31"),
  context("period1", "2023-01-01/2023-12-31"),
  context("balans0", "2024-12-31"),
  context("balans1", "2023-12-31"),
  context("balans2", "2022-12-31"),
].join("\n");

const SEK_UNIT = '<xbrli:unit id="SEK"><xbrli:measure>iso4217:SEK</xbrli:measure></xbrli:unit>';
const PURE_UNIT = '<xbrli:unit id="antal-anstallda"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>';

interface DocumentParts {
  /** The hidden RakenskapsarForstaDag / RakenskapsarSistaDag facts; null leaves them out. */
  fiscalYear?: string | null;
  schemaRefs?: string[];
  contexts?: string;
  units?: string;
  hidden?: string;
  body: string;
  declaration?: string;
}

const FISCAL_YEAR = `<ix:nonNumeric name="se-cd-base:RakenskapsarForstaDag" contextRef="period0">2024-01-01</ix:nonNumeric>
<ix:nonNumeric name="se-cd-base:RakenskapsarSistaDag" contextRef="period0">2024-12-31</ix:nonNumeric>`;

/** An annual report page as filed: XHTML with the iXBRL header in a hidden div, then the visible report. */
function annualReport(parts: DocumentParts): string {
  const refs = (parts.schemaRefs ?? [K2_SCHEMA]).map((href) => `<link:schemaRef xlink:type="simple" xlink:href="${href}"/>`).join("");
  return `${parts.declaration ?? '<?xml version="1.0" encoding="UTF-8"?>'}
<html ${NAMESPACES}>
<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"/><title>Årsredovisning</title>
<style type="text/css">.belopp { text-align: right; } td > p { margin: 0; }</style></head>
<body>
<div style="display:none"><ix:header>
<ix:hidden>
${parts.fiscalYear === undefined ? FISCAL_YEAR : (parts.fiscalYear ?? "")}
${parts.hidden ?? ""}
</ix:hidden>
<ix:references>${refs}</ix:references>
<ix:resources>
${parts.contexts ?? YEAR_CONTEXTS}
${parts.units ?? `${SEK_UNIT}${PURE_UNIT}`}
</ix:resources>
</ix:header></div>
<div class="pagebreak_after">
<p class="rubrik1">Årsredovisning för</p>
<p class="rubrik2"><ix:nonNumeric name="se-cd-base:ForetagetsNamn" contextRef="period0">Exempel &amp; Söner AB</ix:nonNumeric></p>
<p><ix:nonNumeric name="se-cd-base:Organisationsnummer" contextRef="period0">556018-7493</ix:nonNumeric></p>
</div>
${parts.body}
</body>
</html>`;
}

/** A number cell as Swedish filing software writes it. */
function money(concept: string, contextRef: string, text: string, attributes = ""): string {
  return `<td class="belopp"><ix:nonFraction name="se-gen-base:${concept}" contextRef="${contextRef}" unitRef="SEK" decimals="INF" scale="0" format="ixt:numspacecomma"${attributes}>${text}</ix:nonFraction></td>`;
}

const K2_BODY = `<div class="pagebreak_after"><h2>Resultaträkning</h2><table>
<tr><td>Nettoomsättning</td>${money("Nettoomsattning", "period0", "1 234 567")}${money("Nettoomsattning", "period1", "987 654")}</tr>
<tr><td>Personalkostnader</td><td>-</td>${money("Personalkostnader", "period0", "456 789", ' sign="-"')}${money("Personalkostnader", "period1", "400 000", ' sign="-"')}</tr>
<tr><td>Rörelseresultat</td>${money("Rorelseresultat", "period0", "123 456")}${money("Rorelseresultat", "period1", "12 345", ' sign="-"')}</tr>
<tr><td>Resultat efter finansiella poster</td>${money("ResultatEfterFinansiellaPoster", "period0", "120 000")}${money("ResultatEfterFinansiellaPoster", "period1", "15 000", ' sign="-"')}</tr>
<tr><td>Årets resultat</td>${money("AretsResultat", "period0", "95 000")}${money("AretsResultat", "period1", "15 000", ' sign="-"')}</tr>
</table></div>
<div class="pagebreak_after"><h2>Balansräkning</h2><table>
<tr><td>Kassa och bank</td>${money("KassaBankExklRedovisningsmedel", "balans0", "300 000")}${money("KassaBankExklRedovisningsmedel", "balans1", "250 000")}</tr>
<tr><td>Redovisningsmedel</td>${money("Redovisningsmedel", "balans0", "10 000")}<td>–</td></tr>
<tr><td>Summa kassa och bank</td>${money("KassaBank", "balans0", "310 000")}${money("KassaBank", "balans1", "250 000")}</tr>
<tr><td>Summa tillgångar</td>${money("Tillgangar", "balans0", "800 000")}${money("Tillgangar", "balans1", "700 000")}</tr>
<tr><td>Summa eget kapital</td>${money("EgetKapital", "balans0", "400 000")}${money("EgetKapital", "balans1", "305 000")}${money("EgetKapital", "balans2", "320 000")}</tr>
<tr><td>Långfristiga skulder</td>${money("LangfristigaSkulder", "balans0", "100 000")}${money("LangfristigaSkulder", "balans1", "120 000")}</tr>
<tr><td>Kortfristiga skulder</td>${money("KortfristigaSkulder", "balans0", "300 000")}${money("KortfristigaSkulder", "balans1", "275 000")}</tr>
<tr><td>Summa eget kapital och skulder</td>${money("EgetKapitalSkulder", "balans0", "800 000")}${money("EgetKapitalSkulder", "balans1", "700 000")}</tr>
</table></div>
<div><h2>Noter</h2><p>Medelantalet anställda har varit
<ix:nonFraction name="se-gen-base:MedelantaletAnstallda" contextRef="period0" unitRef="antal-anstallda" decimals="INF" scale="0" format="ixt:numspacecomma">3</ix:nonFraction>
(<ix:nonFraction name="se-gen-base:MedelantaletAnstallda" contextRef="period1" unitRef="antal-anstallda" decimals="1" format="ixt:numspacecomma">2,5</ix:nonFraction>).</p>
<p>Styrelsen föreslår att till aktieägarna utdelas ${money("ForslagDispositionUtdelning", "balans0", "50 000")} kronor
(föregående år ${money("ForslagDispositionUtdelning", "balans1", "40 000")} kronor).</p></div>`;

function parse(text: string, options?: { maxBytes?: number }) {
  return parseAnnualReport(new TextEncoder().encode(text), options);
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ReportRefusal) return error.reason;
    throw error;
  }
  throw new Error("the document was not refused");
}

function figures(values: Partial<ReportFigures>): ReportFigures {
  return {
    turnover: null,
    operatingResult: null,
    resultAfterFinancialItems: null,
    profitForTheYear: null,
    equity: null,
    totalAssets: null,
    cashAndBank: null,
    longTermLiabilities: null,
    shortTermLiabilities: null,
    personnelExpenses: null,
    employees: null,
    dividend: null,
    ...values,
  };
}

describe("a K2 report", () => {
  const report = parse(annualReport({ body: K2_BODY }));

  it("reads the company, the fiscal year, the currency and the framework", () => {
    expect(report).toMatchObject({
      orgNo: "556018-7493",
      name: "Exempel & Söner AB",
      periodStart: "2024-01-01",
      periodEnd: "2024-12-31",
      currency: "SEK",
      framework: "K2",
      groupReport: false,
      remarks: [],
    });
  });

  it("gives the own year and the comparison year, latest first, with balance figures on each closing day", () => {
    expect(report.periods).toEqual([
      {
        start: "2024-01-01",
        end: "2024-12-31",
        group: null,
        company: figures({
          turnover: 1234567,
          operatingResult: 123456,
          resultAfterFinancialItems: 120000,
          profitForTheYear: 95000,
          equity: 400000,
          totalAssets: 800000,
          cashAndBank: 310000,
          longTermLiabilities: 100000,
          shortTermLiabilities: 300000,
          personnelExpenses: -456789,
          employees: 3,
          dividend: 50000,
        }),
      },
      {
        start: "2023-01-01",
        end: "2023-12-31",
        group: null,
        company: figures({
          turnover: 987654,
          operatingResult: -12345,
          resultAfterFinancialItems: -15000,
          profitForTheYear: -15000,
          equity: 305000,
          totalAssets: 700000,
          cashAndBank: 250000,
          longTermLiabilities: 120000,
          shortTermLiabilities: 275000,
          personnelExpenses: -400000,
          // 2,5 employees, rounded half away from zero; the dividend belongs to the own year only.
          employees: 3,
        }),
      },
    ]);
  });

  it("reads the dates of a period from the context definition, not from its id", () => {
    const swapped = annualReport({
      body: K2_BODY,
      contexts: YEAR_CONTEXTS.replace('id="period0"', 'id="tmp"')
        .replace('id="period1"', 'id="period0"')
        .replace('id="tmp"', 'id="period1"'),
    });
    const [own, earlier] = parse(swapped).periods;
    expect(own?.company.turnover).toBe(987654);
    expect(earlier?.company.turnover).toBe(1234567);
  });
});

describe("a K3 report in thousands", () => {
  const thousands = (concept: string, contextRef: string, text: string, attributes = "") =>
    `<td><ix:nonFraction name="se-gen-base:${concept}" contextRef="${contextRef}" unitRef="SEK" decimals="-3" scale="3" format="ixt:numspacecomma"${attributes}>${text}</ix:nonFraction></td>`;
  const body = `<p>Belopp i tkr</p><table>
<tr><td>Nettoomsättning</td>${thousands("Nettoomsattning", "period0", "48 312")}${thousands("Nettoomsattning", "period1", "41 007")}</tr>
<tr><td>Personalkostnader</td>${thousands("Personalkostnader", "period0", "12 004,5", ' sign="-"')}</tr>
<tr><td>Rörelseresultat</td><td><ix:nonFraction name="se-gen-base:Rorelseresultat" contextRef="period0" unitRef="SEK" decimals="-3" scale="3" format="ixt4:num-comma-decimal">3\u00a0102,4</ix:nonFraction></td></tr>
<tr><td>Resultat efter finansiella poster</td><td><ix:nonFraction name="se-gen-base:ResultatEfterFinansiellaPoster" contextRef="period0" unitRef="SEK" decimals="-3" scale="3" format="ixt4:num-comma-decimal">2\u2009987</ix:nonFraction></td></tr>
<tr><td>Årets resultat</td>${thousands("AretsResultat", "period0", "0,0005")}</tr>
<tr><td>Summa eget kapital och skulder</td>${thousands("EgetKapitalSkulder", "balans0", "25 900")}</tr>
</table>`;
  const report = parse(annualReport({ body, schemaRefs: [K3_SCHEMA] }));

  it("scales, rounds to whole kronor half away from zero, and takes the balance total's K3 synonym", () => {
    expect(report.framework).toBe("K3");
    expect(report.periods[0]?.company).toEqual(
      figures({
        turnover: 48312000,
        personnelExpenses: -12004500,
        operatingResult: 3102400,
        resultAfterFinancialItems: 2987000,
        profitForTheYear: 1,
        totalAssets: 25900000,
      }),
    );
    expect(report.periods[1]?.company.turnover).toBe(41007000);
  });
});

describe("a group report (koncernredovisning)", () => {
  const group = (id: string, period: string) =>
    context(
      id,
      period,
      '<xbrldi:explicitMember dimension="se-dim-base:KoncernModerforetagAxis">se-mem-base:KoncernMember</xbrldi:explicitMember>',
    );
  const contexts = [
    YEAR_CONTEXTS,
    group("period0_koncern", "2024-01-01/2024-12-31"),
    group("period1_koncern", "2023-01-01/2023-12-31"),
    group("balans0_koncern", "2024-12-31"),
    context(
      "balans0_moder",
      "2024-12-31",
      '<xbrldi:explicitMember dimension="se-dim-base:KoncernModerforetagAxis">se-mem-base:ModerforetagMember</xbrldi:explicitMember>',
    ),
    context(
      "balans0_aktiekapital",
      "2024-12-31",
      '<xbrldi:explicitMember dimension="se-dim-base:KomponenterEgetKapitalAxis">se-mem-base:AktiekapitalMember</xbrldi:explicitMember>',
    ),
  ].join("\n");
  const body = `<h2>Koncernens resultaträkning</h2><table>
<tr><td>Nettoomsättning</td>${money("Nettoomsattning", "period0_koncern", "9 800 000")}${money("Nettoomsattning", "period1_koncern", "9 100 000")}</tr>
<tr><td>Summa eget kapital</td>${money("EgetKapital", "balans0_koncern", "3 300 000")}</tr></table>
<h2>Moderföretagets resultaträkning</h2><table>
<tr><td>Nettoomsättning</td>${money("Nettoomsattning", "period0", "1 200 000")}${money("Nettoomsattning", "period1", "1 100 000")}</tr>
<tr><td>Summa eget kapital</td>${money("EgetKapital", "balans0", "800 000")}${money("EgetKapital", "balans0_moder", "800 000")}</tr></table>
<h2>Förändring av eget kapital</h2><table><tr><td>Aktiekapital</td>${money("EgetKapital", "balans0_aktiekapital", "50 000")}</tr></table>`;
  const report = parse(annualReport({ body, contexts, schemaRefs: [K3_SCHEMA, K3K_SCHEMA] }));

  it("keeps the group's figures apart from the parent company's and skips other breakdowns", () => {
    expect(report.groupReport).toBe(true);
    expect(report.framework).toBe("K3");
    expect(report.remarks).toEqual([]);
    expect(report.periods.map((p) => [p.end, p.company.turnover, p.company.equity, p.group?.turnover, p.group?.equity])).toEqual([
      ["2024-12-31", 1200000, 800000, 9800000, 3300000],
      ["2023-12-31", 1100000, null, 9100000, null],
    ]);
  });

  it("is no group report when no figure is in a group context", () => {
    const report = parse(annualReport({ body: K2_BODY, contexts }));
    expect(report.groupReport).toBe(false);
    expect(report.periods.map((p) => p.group)).toEqual([null, null]);
  });
});

describe("currency", () => {
  it("keeps a report in euro in euro, flagged, whatever prefix names ISO 4217", () => {
    const text = annualReport({
      body: K2_BODY,
      units: `<xbrli:unit id="SEK" xmlns:valuta="http://www.xbrl.org/2003/iso4217"><xbrli:measure>valuta:EUR</xbrli:measure></xbrli:unit>${PURE_UNIT}`,
    });
    const report = parse(text);
    expect(report.currency).toBe("EUR");
    expect(report.remarks).toEqual([{ flag: "FOREIGN_CURRENCY", detail: "the figures are in EUR" }]);
    expect(report.periods[0]?.company.turnover).toBe(1234567);
  });

  it("refuses monetary figures in two currencies", () => {
    const units = `${SEK_UNIT}${PURE_UNIT}<xbrli:unit id="EUR"><xbrli:measure>iso4217:EUR</xbrli:measure></xbrli:unit>`;
    const body = `${K2_BODY}${money("Tillgangar", "balans2", "1 000").replace('unitRef="SEK"', 'unitRef="EUR"')}`;
    expect(refusal(() => parse(annualReport({ body, units })))).toBe("MIXED_CURRENCY");
  });
});

describe("fact content", () => {
  it("follows continuations in chain order, leaves out ix:exclude and reads nested elements' text", () => {
    const body = `<p><ix:nonNumeric name="se-cd-base:ForetagetsNamn" contextRef="period0" continuedAt="namn1"><b>Exempel</b>
<ix:exclude><sup>1</sup></ix:exclude> och</ix:nonNumeric></p>
<ix:continuation id="namn2"> AB<ix:exclude> (publ)</ix:exclude></ix:continuation>
<p><ix:continuation id="namn1" continuedAt="namn2"> <span>Söner</span></ix:continuation></p>
${money("Nettoomsattning", "period0", '<span class="tusental">1</span> 234 <span>567</span>')}`;
    const text = annualReport({ body }).replace(
      /<p class="rubrik2">.*?<\/p>/,
      '<p><ix:nonNumeric name="se-cd-base:Organisationsnummer" contextRef="period0"><span>556018</span>-<span>7493</span></ix:nonNumeric></p>',
    );
    const report = parse(text);
    expect(report.name).toBe("Exempel och Söner AB");
    expect(report.orgNo).toBe("556018-7493");
    expect(report.periods[0]?.company.turnover).toBe(1234567);
  });

  it("reads nil as null and a dash with a fixed-zero format as zero", () => {
    const body = `<table><tr>
<td><ix:nonFraction name="se-gen-base:LangfristigaSkulder" contextRef="balans0" unitRef="SEK" decimals="INF" xsi:nil="true"/></td>
<td><ix:nonFraction name="se-gen-base:KortfristigaSkulder" contextRef="balans0" unitRef="SEK" decimals="INF" format="ixt:zerodash">–</ix:nonFraction></td>
<td><ix:nonFraction name="se-gen-base:KassaBank" contextRef="balans0" unitRef="SEK" decimals="INF" format="ixt4:fixed-zero">-</ix:nonFraction></td>
</tr></table>`;
    const report = parse(annualReport({ body }));
    expect(report.periods[0]?.company).toMatchObject({ longTermLiabilities: null, shortTermLiabilities: 0, cashAndBank: 0 });
    expect(report.remarks).toEqual([]);
  });

  it("loads a report with an unreadable figure, that figure null and flagged", () => {
    const body = `${money("Nettoomsattning", "period0", "12 34")}${money("Rorelseresultat", "period0", "5 000", "").replace("ixt:numspacecomma", "ixt:numwordsen")}${money("AretsResultat", "period0", "4 000")}`;
    const report = parse(annualReport({ body }));
    expect(report.periods[0]?.company).toMatchObject({ turnover: null, operatingResult: null, profitForTheYear: 4000 });
    expect(report.remarks.map((r) => r.flag)).toEqual(["UNREADABLE_FIGURE", "UNREADABLE_FIGURE"]);
    expect(report.remarks[0]?.detail).toContain('"12 34"');
  });
});

describe("duplicate facts", () => {
  const overview = (text: string) =>
    `<h2>Flerårsöversikt (tkr)</h2><p><ix:nonFraction name="se-gen-base:Nettoomsattning" contextRef="period0" unitRef="SEK" decimals="-3" scale="3" format="ixt:numspacecomma">${text}</ix:nonFraction></p>`;

  it("accept a copy that agrees at the coarser precision", () => {
    const report = parse(annualReport({ body: `${K2_BODY}${overview("1 235")}` }));
    expect(report.remarks).toEqual([]);
    expect(report.periods[0]?.company.turnover).toBe(1234567);
  });

  it("flag a copy that disagrees and keep the first", () => {
    const report = parse(annualReport({ body: `${K2_BODY}${overview("1 240")}` }));
    expect(report.remarks).toEqual([
      { flag: "DUPLICATE_FACTS_DISAGREE", detail: 'Nettoomsattning in context "period0": 1234567 and 1240000' },
    ]);
    expect(report.periods[0]?.company.turnover).toBe(1234567);
  });
});

describe("periods", () => {
  const earlierYears = [context("period2", "2022-01-01/2022-12-31"), context("period3", "2021-01-01/2021-12-31")].join("\n");
  const overview = `<h2>Flerårsöversikt</h2><table><tr>
${money("Nettoomsattning", "period3", "700 000")}${money("Nettoomsattning", "period2", "800 000")}
${money("ResultatEfterFinansiellaPoster", "period2", "10 000")}</tr></table>`;

  it("include every earlier year of the multi-year overview, latest first", () => {
    const report = parse(annualReport({ body: `${K2_BODY}${overview}`, contexts: `${YEAR_CONTEXTS}${earlierYears}` }));
    expect(report.periods.map((p) => [p.start, p.end, p.company.turnover, p.company.equity])).toEqual([
      ["2024-01-01", "2024-12-31", 1234567, 400000],
      ["2023-01-01", "2023-12-31", 987654, 305000],
      ["2022-01-01", "2022-12-31", 800000, 320000],
      ["2021-01-01", "2021-12-31", 700000, null],
    ]);
  });

  it("take the own year from date-formatted company data", () => {
    const fiscalYear = `<ix:nonNumeric name="se-cd-base:RakenskapsarForstaDag" contextRef="period0" format="ixt4:date-year-month-day">2023/07/01</ix:nonNumeric>
<ix:nonNumeric name="se-cd-base:RakenskapsarSistaDag" contextRef="period0" format="ixt:datedaymonthyear">30.06.2024</ix:nonNumeric>`;
    const report = parse(annualReport({ body: K2_BODY, fiscalYear }));
    expect([report.periodStart, report.periodEnd]).toEqual(["2023-07-01", "2024-06-30"]);
  });

  it("take the latest year the company data states, pairing first and last days by context", () => {
    const fiscalYear = `<ix:nonNumeric name="se-cd-base:RakenskapsarForstaDag" contextRef="period1">2023-01-01</ix:nonNumeric>
<ix:nonNumeric name="se-cd-base:RakenskapsarSistaDag" contextRef="period1">2023-12-31</ix:nonNumeric>
<ix:nonNumeric name="se-cd-base:RakenskapsarSistaDag" contextRef="period0">2024-12-31</ix:nonNumeric>
<ix:nonNumeric name="se-cd-base:RakenskapsarForstaDag" contextRef="period0">2024-01-01</ix:nonNumeric>
<ix:nonNumeric name="se-cd-base:RakenskapsarSistaDag" contextRef="balans0">2025-06-30</ix:nonNumeric>`;
    const report = parse(annualReport({ body: K2_BODY, fiscalYear }));
    expect([report.periodStart, report.periodEnd, report.periods[0]?.company.turnover]).toEqual(["2024-01-01", "2024-12-31", 1234567]);
  });

  it("fall back to the latest turnover or result context without readable company data", () => {
    const unusual = `<ix:nonNumeric name="se-cd-base:RakenskapsarForstaDag" contextRef="period0" format="ixt:datelongsv">1 januari 2024</ix:nonNumeric>`;
    for (const fiscalYear of [null, unusual]) {
      const report = parse(annualReport({ body: K2_BODY, fiscalYear }));
      expect([report.periodStart, report.periodEnd, report.periods.length]).toEqual(["2024-01-01", "2024-12-31", 2]);
    }
  });

  it("refuse a report with no fiscal year at all", () => {
    expect(refusal(() => parse(annualReport({ body: money("EgetKapital", "balans0", "1"), fiscalYear: null })))).toBe("NO_PERIOD");
  });
});

describe("namespaces", () => {
  it("are resolved by their URIs, whatever the prefixes", () => {
    const text = annualReport({ body: K2_BODY })
      .replaceAll("se-gen-base:", "g:")
      .replace("xmlns:se-gen-base=", "xmlns:g=")
      .replaceAll("ix:", "inline:")
      .replace("xmlns:ix=", "xmlns:inline=");
    expect(parse(text).periods[0]?.company.turnover).toBe(1234567);
  });

  it("ignore a concept whose prefix is bound to another namespace", () => {
    const text = annualReport({ body: K2_BODY }).replace(
      'xmlns:se-gen-base="http://www.taxonomier.se/se/fr/gen-base/2021-10-31"',
      'xmlns:se-gen-base="http://example.com/not-the-swedish-taxonomy"',
    );
    expect(parse(text).periods[0]?.company).toEqual(figures({}));
  });

  it("give no framework for entry points naming neither K2 nor K3", () => {
    expect(parse(annualReport({ body: K2_BODY, schemaRefs: ["http://example.com/entry.xsd"] })).framework).toBeNull();
  });
});

describe("refusals", () => {
  const k2 = annualReport({ body: K2_BODY });

  it("refuse a missing or invalid organisation number", () => {
    for (const text of ["556018-7494", "55601874", ""]) {
      expect(refusal(() => parse(k2.replace(">556018-7493<", `>${text}<`)))).toBe("NO_ORGNR");
    }
    expect(refusal(() => parse(k2.replace("se-cd-base:Organisationsnummer", "se-cd-base:Namn")))).toBe("NO_ORGNR");
    expect(parse(k2.replace(">556018-7493<", ">5560187493<")).orgNo).toBe("556018-7493");
  });

  it("refuse a document type declaration, even one declaring no entity", () => {
    const withDtd = k2.replace("<html ", '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "xhtml1-strict.dtd">\n<html ');
    expect(refusal(() => parse(withDtd))).toBe("DTD");
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(refusal(() => parse(laughs))).toBe("DTD");
  });

  it("refuse an entity reference other than the predefined ones", () => {
    expect(refusal(() => parse(k2.replace("Exempel &amp; Söner", "Exempel&nbsp;Söner")))).toBe("ENTITY");
  });

  it("refuse broken UTF-8 and accept a declared Latin-1 document", () => {
    const bytes = new TextEncoder().encode(k2);
    const broken = new Uint8Array([...bytes.subarray(0, 500), 0xc3, 0x28, ...bytes.subarray(500)]);
    expect(refusal(() => parseAnnualReport(broken))).toBe("BAD_ENCODING");
    const latin1Text = k2.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const latin1 = Uint8Array.from(latin1Text, (c) => c.charCodeAt(0));
    expect(parseAnnualReport(latin1).name).toBe("Exempel & Söner AB");
  });

  it("refuse what is not XML", () => {
    expect(refusal(() => parse(k2.replace("</table></div>", "</div>")))).toBe("NOT_XML");
    expect(refusal(() => parse('<?xml version="1.0"?>'))).toBe("NOT_XML");
  });

  it("refuse a document over the size limit before reading it", () => {
    expect(refusal(() => parse(k2, { maxBytes: 1000 }))).toBe("TOO_LARGE");
    expect(refusal(() => parseAnnualReport(new Uint8Array(50 * 2 ** 20 + 1)))).toBe("TOO_LARGE");
  });
});

describe("a hostile document of 10 MB", () => {
  const fact = '<ix:nonFraction name="se-gen-base:Nettoomsattning" contextRef="period0" unitRef="SEK" format="ixt:numspacecomma">';
  const name = '<ix:nonNumeric name="se-cd-base:ForetagetsNamn" contextRef="period0">';
  /** Each hostile body at a given size in bytes (about). */
  const bodies: [string, (size: number) => string][] = [
    ["deeply nested elements", (size) => "<div>".repeat(size / 5)],
    ["a fact of many spans", (size) => `${fact}${"<span>1</span>".repeat(size / 14)}</ix:nonFraction>`],
    ["text in nested facts", (size) => `${name.repeat(100)}${"<b>x</b>".repeat(size / 8)}`],
    ["many facts", (size) => `${fact}1</ix:nonFraction>`.repeat(size / 120)],
    ["many attributes", (size) => `<p ${"a='1' ".repeat(size / 6)}/>`],
    ["unknown entities", (size) => `<p>${"&a".repeat(size / 2)}</p>`],
    ["bare ampersands", (size) => `<p>${"&".repeat(size)}</p>`],
    ["an unterminated attribute", (size) => `<p title="${"x".repeat(size)}`],
    ["unterminated comments", (size) => `<p>${"<!--".repeat(size / 4)}</p>`],
    ["CDATA ends and references", (size) => `<p>${"]]>&lt;".repeat(size / 7)}</p>`],
    ["a long spaced number", (size) => `${fact}${"1 ".repeat(size / 2)}</ix:nonFraction>`],
  ];

  /** CPU time, not wall time: the machine may be shared. */
  function cpuMilliseconds(bytes: Uint8Array): number {
    const before = process.cpuUsage();
    try {
      parseAnnualReport(bytes);
    } catch (error) {
      if (!(error instanceof ReportRefusal)) throw error;
    }
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  }

  // What is asserted is that the work grows linearly: the 10 MB document costs at most 40 times the 1 MB one (10 times
  // the bytes; quadratic work would cost 100 times; the better of two runs each, after a warm-up, as the loader parses
  // thousands of reports in one process). 15 times failed once under npm test's load here ("CDATA ends", 19 times). An absolute bound of one
  // second was asserted until a fresh machine parsed "many facts" (87 000 facts) in 1.1–1.2 s of CPU while
  // the same code had passed it on others; the bound below only catches a runaway. The hostile archive corpus's
  // "refused within 1 s" is asserted in read-archives-hostile.test.ts.
  // The generous timeout is for building the documents on a busy machine.
  it.each(bodies)(
    "with %s is refused or parsed in time linear in its size",
    (_, body) => {
      const small = new TextEncoder().encode(annualReport({ body: body(2 ** 20) }));
      const large = new TextEncoder().encode(annualReport({ body: body(10 * 2 ** 20) }));
      cpuMilliseconds(small);
      const smallMs = Math.min(cpuMilliseconds(small), cpuMilliseconds(small));
      // The better of two runs of the large one, the second only when the first is not within both bounds: the same
      // assertions as always taking two, at about half the parsing (the small one's two runs still set the bound).
      let largeMs = cpuMilliseconds(large);
      if (largeMs >= Math.min(Math.max(40 * smallMs, 200), 5_000)) largeMs = Math.min(largeMs, cpuMilliseconds(large));
      expect(largeMs).toBeLessThan(Math.max(40 * smallMs, 200));
      expect(largeMs).toBeLessThan(5_000);
    },
    60_000,
  );
});
