/**
 * A realistic iXBRL annual report (Inline XBRL 1.1, the Swedish taxonomies se-gen-base and se-cd-base) as Bolagsverket
 * receives it: one XHTML page of Swedish text with the figures tagged inside. `renderAnnualReport` writes it and
 * `expectedAnnualReport` (report-model.ts) says what a correct parser reads from it; both depend only on the input.
 *
 * Conventions: contexts period0, period1, ... (durations: the report's year, the year before, ...) and balans0,
 * balans1, ... (instants: their closing days), or opaque ids "c1", "c2", ... in a tenth of the reports; units SEK or
 * EUR, antal-anstallda (employees), procent (equity ratio); the number style drawn per report (fact-format.ts); group
 * figures in the contexts of `groupContextFor` (report-contexts.ts); the comparison year's first and last day in
 * ix:hidden under period1, the own year's on the cover under period0.
 */
import { Rng } from "../../generator/random";
import { FactWriter } from "./fact-writer";
import { entryPoint, htmlOpenTag, renderHeader } from "./report-contexts";
import { type AnnualReportInput, drawLayout, frameworkOf, isGroupReport, ownPeriod } from "./report-model";
import {
  drawDates,
  isLimited,
  pageHeader,
  renderActivity,
  renderAppropriation,
  renderCover,
  renderEvents,
  renderNotes,
  renderOverview,
  renderSignatures,
} from "./report-sections";
import { renderBalanceSheet, renderIncomeStatement } from "./report-statements";
import { auditorOf, escapeXml, STYLE_SHEET } from "./report-texts";
import { drawLineShares } from "./statement-lines";

export { expectedAnnualReport, type AnnualReportInput } from "./report-model";

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Facts no reader sees: the comparison year's dates and the document's language, country, currency and format. */
function hiddenFacts(w: FactWriter): string[] {
  const facts = [
    `<ix:nonNumeric name="se-cd-base:SprakHandlingUpprattadList" contextRef="${w.contextRef(0, "duration")}">se-mem-base:SprakSvenskaMember</ix:nonNumeric>`,
    `<ix:nonNumeric name="se-cd-base:LandForetagetsSateList" contextRef="${w.contextRef(0, "duration")}">se-mem-base:LandSverigeMember</ix:nonNumeric>`,
    `<ix:nonNumeric name="se-cd-base:RedovisningsvalutaHandlingList" contextRef="${w.contextRef(0, "duration")}">se-mem-base:${w.currency === "EUR" ? "ValutaEuroMember" : "ValutaSvenskaKronorMember"}</ix:nonNumeric>`,
  ];
  if (w.input.periods.length > 1) {
    const previous = w.period(1);
    const context = w.contextRef(1, "duration");
    facts.push(
      `<ix:nonNumeric name="se-cd-base:RakenskapsarForstaDag" contextRef="${context}">${previous.periodStart}</ix:nonNumeric>`,
      `<ix:nonNumeric name="se-cd-base:RakenskapsarSistaDag" contextRef="${context}">${previous.periodEnd}</ix:nonNumeric>`,
    );
  }
  return facts;
}

/** The pages of the report, each a list of parts. */
function renderPages(w: FactWriter, rng: Rng): string[][] {
  const shares = drawLineShares(rng);
  const dates = drawDates(rng, ownPeriod(w.input).periodEnd);
  const auditor = w.input.company.hasAuditor ? auditorOf(w.input.seed).name : null;
  const signer = w.input.company.boardMembers[0]?.name ?? w.input.company.managerName ?? "Styrelsen";
  const group = isGroupReport(w.input);
  const activity = renderActivity(w, rng);
  const limited = isLimited(w);
  const overview = group
    ? [renderOverview(w, true, "Flerårsöversikt, koncernen"), renderOverview(w, false, "Flerårsöversikt, moderföretaget")]
    : [renderOverview(w, false, "Flerårsöversikt")];
  const statements = group
    ? [
        [
          renderIncomeStatement(w, shares, true, "Koncernens resultaträkning"),
          renderIncomeStatement(w, shares, false, "Moderföretagets resultaträkning"),
        ],
        [
          renderBalanceSheet(w, shares, true, "Koncernens balansräkning", limited),
          renderBalanceSheet(w, shares, false, "Moderföretagets balansräkning", limited),
        ],
      ]
    : [[renderIncomeStatement(w, shares, false, "Resultaträkning")], [renderBalanceSheet(w, shares, false, "Balansräkning", limited)]];
  return [
    [renderCover(w, dates, signer)],
    [activity.block],
    [activity.continuation, renderEvents(w, rng), ...overview, renderAppropriation(w, shares)],
    ...statements,
    [renderNotes(w, rng)],
    [renderSignatures(w, dates, auditor)],
  ];
}

/** The XHTML of the annual report described by `input`. */
export function renderAnnualReport(input: AnnualReportInput): string {
  const layout = drawLayout(input);
  const w = new FactWriter(input, layout);
  const rng = new Rng((input.seed ^ 0x5bd1e995) >>> 0);
  const hidden = hiddenFacts(w);
  const pages = renderPages(w, rng);
  const body = pages.map((parts, i) =>
    [`<div class="ar-page" id="ar-page-${i + 1}">`, i === 0 ? "" : pageHeader(w, i + 1, pages.length), ...parts, "</div>"].join("\n"),
  );
  const own = ownPeriod(input);
  const schemaRef = entryPoint(frameworkOf(input), isGroupReport(input), own.periodEnd);
  const title = `${input.company.orgNo} ${escapeXml(input.company.name)} - Årsredovisning ${own.periodEnd.slice(0, 4)}`;
  return [
    XML_DECLARATION,
    htmlOpenTag(),
    "<head>",
    '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/>',
    `<title>${title}</title>`,
    '<meta name="programvara" content="Urval testgenerator"/>',
    `<style type="text/css">${STYLE_SHEET}</style>`,
    "</head>",
    "<body>",
    renderHeader(hidden, schemaRef, w.contexts, w.currency),
    ...body,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
