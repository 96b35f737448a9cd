/**
 * The text parts of a generated annual report: the cover with the certificate of adoption (fastställelseintyg), the
 * management report (förvaltningsberättelse) with its text block split over two pages (ix:continuation, with an
 * ix:exclude inside), the multi-year overview, the proposed appropriation of profits (the dividend), the notes
 * (average number of employees) and the signatures.
 */
import type { Rng } from "../../generator/random";
import { addDays } from "../../generator/dates";
import type { FactWriter } from "./fact-writer";
import { figuresOf, frameworkOf, isGroupReport, tagsDividend } from "./report-model";
import { partOf } from "./report-statements";
import {
  activityText,
  afterYearEndText,
  DIVIDEND_STATEMENT,
  escapeXml,
  eventText,
  longDate,
  outlookText,
  principlesText,
  yearLabel,
} from "./report-texts";
import { balanceLines, type LineShares } from "./statement-lines";
import type { ReportFigures } from "../types";

const LIMITED_FORMS = new Set(["AB", "BAB", "FAB"]);
export const isLimited = (w: FactWriter): boolean => LIMITED_FORMS.has(w.input.company.form);

export interface Dates {
  signed: string;
  meeting: string;
  certified: string;
}

/** Signing three to five months after the year end, the annual general meeting a month later. */
export function drawDates(rng: Rng, periodEnd: string): Dates {
  const signed = addDays(periodEnd, rng.int(75, 150));
  const meeting = addDays(signed, rng.int(10, 40));
  return { signed, meeting, certified: addDays(meeting, rng.int(1, 20)) };
}

export const pageHeader = (w: FactWriter, page: number, pages: number): string =>
  `<div class="ar-page-header"><span>${escapeXml(w.input.company.name)}</span><span>${w.input.company.orgNo}</span><span>${page} (${pages})</span></div>`;

export function renderCover(w: FactWriter, dates: Dates, signer: string): string {
  const own = w.period(0);
  const unitName = w.currency === "SEK" ? "kronor" : w.currency === "EUR" ? "euro" : w.currency;
  const unitText = w.style.scale === 3 ? `tusentals ${unitName}${w.currency === "SEK" ? " (tkr)" : ""}` : unitName;
  return [
    '<div class="ar-small">Fastställelseintyg</div>',
    `<p class="ar-small">Jag intygar att resultaträkningen och balansräkningen har fastställts på årsstämma ${w.nonNumeric("se-bol-base:Arsstamma", dates.meeting, "instant")}. Årsstämman beslöt att godkänna styrelsens förslag till vinstdisposition.</p>`,
    `<p class="ar-small">${w.nonNumeric("se-bol-base:IntygandeOriginalInnehall", "Jag intygar att innehållet i dessa elektroniska handlingar överensstämmer med originalen och att originalen undertecknats av samtliga personer som enligt lag ska underteckna dessa.", "instant")}</p>`,
    `<p class="ar-small">Elektroniskt underskriven av ${escapeXml(signer)}, ${w.nonNumeric("se-bol-base:UnderskriftFastallelseintygDatum", dates.certified, "instant")}</p>`,
    '<div class="ar-cover">',
    '<div class="title">Årsredovisning</div>',
    `<div>för</div><div class="name">${w.nonNumeric("se-cd-base:ForetagetsNamn", w.input.company.name)}</div>`,
    `<div>${w.nonNumeric("se-cd-base:Organisationsnummer", w.input.company.orgNo)}</div>`,
    `<p>Räkenskapsåret ${w.nonNumeric("se-cd-base:RakenskapsarForstaDag", own.periodStart)} – ${w.nonNumeric("se-cd-base:RakenskapsarSistaDag", own.periodEnd)}</p>`,
    "</div>",
    `<p>Styrelsen${w.input.company.managerTitle === "Verkställande direktör" ? " och verkställande direktören" : ""} avger följande årsredovisning.</p>`,
    `<p>Om inte annat särskilt anges redovisas alla belopp i ${unitText}. Uppgifter inom parentes avser föregående år.</p>`,
  ].join("\n");
}

/** The opening of the management report: a text block continued on the next page (`continuation` there). */
export function renderActivity(w: FactWriter, rng: Rng): { block: string; continuation: string } {
  const [activity, seat] = activityText(w.input.company.businessDescription, w.input.company.postalAddress.city);
  const group = isGroupReport(w.input) ? " Bolaget är moderföretag i en koncern och upprättar koncernredovisning." : "";
  const id = `cont-${rng.int(1000, 9999)}`;
  const block = [
    "<h2>Förvaltningsberättelse</h2>",
    "<h3>Verksamheten</h3>",
    "<h4>Allmänt om verksamheten</h4>",
    `<ix:nonNumeric name="se-gen-base:AllmantVerksamheten" contextRef="${w.contextRef(0, "duration")}" continuedAt="${id}" escape="true">`,
    `<p>${escapeXml(activity ?? "")}${group}</p>`,
    `<p>${escapeXml(seat ?? "")} <ix:exclude><span class="ar-small">(forts.)</span></ix:exclude></p>`,
    "</ix:nonNumeric>",
  ].join("\n");
  const continuation = `<ix:continuation id="${id}"><p>${escapeXml(outlookText(rng))}</p></ix:continuation>`;
  return { block, continuation };
}

export function renderEvents(w: FactWriter, rng: Rng): string {
  return [
    "<h4>Väsentliga händelser under räkenskapsåret</h4>",
    `<p>${w.nonNumeric("se-gen-base:VasentligaHandelserRakenskapsaret", eventText(rng))}</p>`,
  ].join("\n");
}

/** The multi-year overview of the company or the group: turnover, result after financial items, assets, equity ratio. */
export function renderOverview(w: FactWriter, group: boolean, title: string): string {
  const years = Array.from({ length: w.layout.overviewYears }, (_, i) => i).flatMap((i) => {
    const part = partOf(w, i, group);
    return part ? [{ i, f: figuresOf(w.period(i), part, w.currency) }] : [];
  });
  const unit = w.style.scale === 3 ? "tkr" : w.currency === "SEK" ? "kr" : w.currency;
  const row = (label: string, cell: (i: number, f: ReportFigures) => string) =>
    `<tr><td class="label">${label}</td>${years.map(({ i, f }) => `<td>${cell(i, f)}</td>`).join("")}</tr>`;
  const ratio = (f: ReportFigures) => (f.equity === null || !f.totalAssets ? null : (100 * f.equity) / f.totalAssets);
  const head = years.map(({ i }) => `<th>${yearLabel(w.period(i).periodStart, w.period(i).periodEnd)}</th>`).join("");
  return [
    `<h3>${title}</h3>`,
    `<table class="ar-table"><thead><tr><th class="label">Belopp i ${unit}</th>${head}</tr></thead><tbody>`,
    row("Nettoomsättning", (i, f) => w.amount("Nettoomsattning", i, "duration", f.turnover, { group })),
    row("Resultat efter finansiella poster", (i, f) =>
      w.amount("ResultatEfterFinansiellaPoster", i, "duration", f.resultAfterFinancialItems, { group }),
    ),
    row("Balansomslutning", (i, f) => w.amount("Tillgangar", i, "instant", f.totalAssets, { group })),
    row("Soliditet (%)", (i, f) => w.percent("Soliditet", i, ratio(f), group)),
    "</tbody></table>",
  ].join("\n");
}

/** Förslag till vinstdisposition: what the meeting has at its disposal, the dividend and what is carried forward. */
export function renderAppropriation(w: FactWriter, shares: LineShares): string {
  const figures = figuresOf(w.period(0), w.period(0).company, w.currency);
  const lines = balanceLines(figures, isLimited(w), shares);
  const available = lines.retainedEarnings + (lines.profit ?? 0);
  const dividend = figures.dividend ?? 0;
  const showsDividend = tagsDividend(figures.dividend, w.layout);
  const row = (label: string, cell: string, cls = "") => `<tr${cls}><td class="label">${label}</td><td>${cell}</td></tr>`;
  return [
    "<h3>Förslag till vinstdisposition</h3>",
    "<p>Styrelsen föreslår att till förfogande stående vinstmedel:</p>",
    '<table class="ar-table"><tbody>',
    row("Balanserat resultat", w.amount("BalanseratResultat", 0, "instant", lines.retainedEarnings)),
    row("Årets resultat", w.amount("AretsResultatEgetKapital", 0, "instant", lines.profit)),
    row("Summa", w.amount("MedelDisponera", 0, "instant", available), ' class="sum"'),
    '<tr class="heading"><td colspan="2">disponeras så att</td></tr>',
    showsDividend ? row("Utdelas till aktieägarna", w.amount("ForslagDispositionUtdelning", 0, "instant", dividend)) : "",
    row("I ny räkning överföres", w.amount("ForslagDispositionBalanserasINyRakning", 0, "instant", available - dividend)),
    row("Summa", w.amount("ForslagDisposition", 0, "instant", available), ' class="sum"'),
    "</tbody></table>",
    dividend > 0
      ? `<h3>Styrelsens yttrande över den föreslagna vinstutdelningen</h3>\n<p>${w.nonNumeric("se-gen-base:StyrelsensYttrandeVinstutdelning", DIVIDEND_STATEMENT, "instant")}</p>`
      : "",
  ].join("\n");
}

export function renderNotes(w: FactWriter, rng: Rng): string {
  const group = isGroupReport(w.input);
  const columns = w.statementColumns;
  const head = columns.map((i) => `<th>${yearLabel(w.period(i).periodStart, w.period(i).periodEnd)}</th>`).join("");
  const employeesRow = (label: string, inGroup: boolean) => {
    const cells = columns.map((i) => {
      const part = partOf(w, i, inGroup);
      return `<td>${part ? w.employees(i, part.numberOfEmployees, inGroup) : ""}</td>`;
    });
    return `<tr><td class="label">${label}</td>${cells.join("")}</tr>`;
  };
  return [
    "<h2>Noter</h2>",
    "<h3>Not 1 Redovisningsprinciper</h3>",
    `<ix:nonNumeric name="se-gen-base:RedovisningsVarderingsprinciper" contextRef="${w.contextRef(0, "duration")}" escape="true">`,
    ...principlesText(frameworkOf(w.input), group).map((text) => `<p>${escapeXml(text)}</p>`),
    "</ix:nonNumeric>",
    "<h3>Not 2 Medelantalet anställda</h3>",
    `<table class="ar-table"><thead><tr><th class="label"></th>${head}</tr></thead><tbody>`,
    employeesRow(group ? "Moderföretaget" : "Medelantalet anställda", false),
    group ? employeesRow("Koncernen", true) : "",
    "</tbody></table>",
    "<h3>Not 3 Inventarier, verktyg och installationer</h3>",
    "<p>Inventarier skrivs av linjärt över fem år. Årets avskrivningar redovisas i resultaträkningen.</p>",
    "<h3>Not 4 Långfristiga skulder</h3>",
    `<p>${rng.chance(0.5) ? "Skulder som förfaller senare än fem år efter balansdagen: inga." : "Som säkerhet för skulder till kreditinstitut har företagsinteckningar lämnats."}</p>`,
    "<h3>Not 5 Väsentliga händelser efter räkenskapsårets slut</h3>",
    `<p>${escapeXml(afterYearEndText(rng))}</p>`,
  ].join("\n");
}

export function renderSignatures(w: FactWriter, dates: Dates, auditor: string | null): string {
  const city = w.input.company.postalAddress.city ?? "Stockholm";
  const signers = w.input.company.boardMembers.filter((member) => !member.roles.includes("Suppleant"));
  const people = signers.length > 0 ? signers : [{ name: w.input.company.managerName ?? "Styrelsen", roles: ["Styrelseledamot"] }];
  return [
    "<h2>Underskrifter</h2>",
    `<p>${escapeXml(city)} den ${longDate(dates.signed)}</p>`,
    '<div class="ar-signatures">',
    ...people.map(
      (p) => `<div class="ar-signature"><div>${escapeXml(p.name)}</div><div class="role">${escapeXml(p.roles.join(", "))}</div></div>`,
    ),
    "</div>",
    auditor
      ? `<p>Vår revisionsberättelse har lämnats den ${longDate(addDays(dates.signed, 7))}</p>\n<div class="ar-signature"><div>${escapeXml(auditor)}</div><div class="role">Auktoriserad revisor</div></div>`
      : "",
  ].join("\n");
}
