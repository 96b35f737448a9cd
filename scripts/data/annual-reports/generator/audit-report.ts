/**
 * A short auditor's report (revisionsberättelse) as an XHTML document beside the annual report in a nested zip. It
 * tags only the company's name and number: a loader must tell it from the annual report (it has no fiscal year and
 * no figures) rather than take whichever document comes first.
 */
import { addDays } from "../../generator/dates";
import { NAMESPACES } from "./report-contexts";
import { type AnnualReportInput, ownPeriod } from "./report-model";
import { auditorOf, escapeXml, longDate } from "./report-texts";

const AUDIT_NAMESPACES = ["ix", "xbrli", "link", "xlink", "se-cd-base"] as const;

const PARAGRAPHS = (name: string, orgNo: string, start: string, end: string) => [
  ["h2", "Rapport om årsredovisningen"],
  ["h3", "Uttalanden"],
  [
    "p",
    `Jag har utfört en revision av årsredovisningen för ${name} för räkenskapsåret ${start} – ${end}. Enligt min uppfattning har årsredovisningen upprättats i enlighet med årsredovisningslagen och ger en i alla väsentliga avseenden rättvisande bild av ${name}s finansiella ställning per den ${end} och av dess finansiella resultat för året enligt årsredovisningslagen. Förvaltningsberättelsen är förenlig med årsredovisningens övriga delar.`,
  ],
  ["p", "Jag tillstyrker därför att bolagsstämman fastställer resultaträkningen och balansräkningen."],
  ["h3", "Grund för uttalanden"],
  [
    "p",
    "Jag har utfört revisionen enligt International Standards on Auditing (ISA) och god revisionssed i Sverige. Mitt ansvar enligt dessa standarder beskrivs närmare i avsnittet Revisorns ansvar. Jag är oberoende i förhållande till bolaget enligt god revisorssed i Sverige och har i övrigt fullgjort mitt yrkesetiska ansvar enligt dessa krav.",
  ],
  ["h3", "Styrelsens ansvar"],
  [
    "p",
    "Det är styrelsen som har ansvaret för att årsredovisningen upprättas och att den ger en rättvisande bild enligt årsredovisningslagen. Styrelsen ansvarar även för den interna kontroll som den bedömer är nödvändig för att upprätta en årsredovisning som inte innehåller några väsentliga felaktigheter, vare sig dessa beror på oegentligheter eller misstag.",
  ],
  ["h2", "Rapport om andra krav enligt lagar och andra författningar"],
  [
    "p",
    `Utöver min revision av årsredovisningen har jag även utfört en revision av styrelsens förvaltning för ${name} (org.nr ${orgNo}) för räkenskapsåret ${start} – ${end} samt av förslaget till dispositioner beträffande bolagets vinst eller förlust. Jag tillstyrker att bolagsstämman disponerar vinsten enligt förslaget i förvaltningsberättelsen och beviljar styrelsens ledamöter ansvarsfrihet för räkenskapsåret.`,
  ],
];

export function renderAuditReport(input: AnnualReportInput): string {
  const { orgNo } = input.company;
  const name = escapeXml(input.company.name);
  const own = ownPeriod(input);
  const auditor = auditorOf(input.seed);
  const signed = addDays(own.periodEnd, 110 + (input.seed % 60));
  const context = `<xbrli:context id="period0"><xbrli:entity><xbrli:identifier scheme="http://www.bolagsverket.se">${orgNo}</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>${own.periodStart}</xbrli:startDate><xbrli:endDate>${own.periodEnd}</xbrli:endDate></xbrli:period></xbrli:context>`;
  const namespaces = AUDIT_NAMESPACES.map((prefix) => ` xmlns:${prefix}="${NAMESPACES[prefix] ?? ""}"`).join("");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<html xmlns="http://www.w3.org/1999/xhtml" lang="sv"${namespaces}>`,
    `<head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/><title>Revisionsberättelse ${orgNo}</title></head>`,
    "<body>",
    `<div style="display:none"><ix:header><ix:resources>${context}</ix:resources></ix:header></div>`,
    "<h1>Revisionsberättelse</h1>",
    `<p>Till bolagsstämman i <ix:nonNumeric name="se-cd-base:ForetagetsNamn" contextRef="period0">${name}</ix:nonNumeric>, org.nr <ix:nonNumeric name="se-cd-base:Organisationsnummer" contextRef="period0">${orgNo}</ix:nonNumeric></p>`,
    ...PARAGRAPHS(name, orgNo, own.periodStart, own.periodEnd).map(([tag, text]) => `<${tag}>${text}</${tag}>`),
    `<p>${escapeXml(input.company.postalAddress.city ?? "Stockholm")} den ${longDate(signed)}</p>`,
    `<p>${escapeXml(auditor.name)}<br/>Auktoriserad revisor, ${escapeXml(auditor.firm)}</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
