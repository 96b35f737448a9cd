/**
 * The Swedish wording of the generated annual reports: the style sheet, the text of the management report and the
 * notes, chosen per report so that documents differ as filed ones do. Everything here is page text, never a fact.
 */
import type { Rng } from "../../generator/random";

export const STYLE_SHEET = `
body { font-family: "Times New Roman", Georgia, serif; font-size: 11pt; color: #000; background: #fff; margin: 0; }
.ar-page { width: 210mm; min-height: 297mm; margin: 0 auto 12px auto; padding: 18mm 20mm; box-sizing: border-box; page-break-after: always; }
.ar-page-header { display: flex; justify-content: space-between; font-size: 9pt; border-bottom: 1px solid #999; margin-bottom: 10mm; }
.ar-cover { text-align: center; padding-top: 60mm; }
.ar-cover .title { font-size: 26pt; margin-bottom: 4mm; }
.ar-cover .name { font-size: 18pt; font-weight: bold; }
h2 { font-size: 15pt; margin: 0 0 6mm 0; }
h3 { font-size: 12pt; margin: 6mm 0 2mm 0; }
h4 { font-size: 11pt; font-style: italic; font-weight: normal; margin: 4mm 0 1mm 0; }
p { margin: 0 0 3mm 0; line-height: 1.35; }
table.ar-table { width: 100%; border-collapse: collapse; margin-bottom: 6mm; }
table.ar-table th { text-align: right; font-weight: bold; border-bottom: 1px solid #000; padding: 1mm 2mm; }
table.ar-table th.label, table.ar-table td.label { text-align: left; }
table.ar-table td { text-align: right; padding: 0.6mm 2mm; vertical-align: bottom; white-space: nowrap; }
table.ar-table td.note { text-align: center; width: 12mm; }
table.ar-table tr.heading td { font-weight: bold; padding-top: 3mm; text-align: left; }
table.ar-table tr.sum td { font-weight: bold; border-top: 1px solid #000; }
table.ar-table tr.total td { font-weight: bold; border-top: 1px solid #000; border-bottom: 3px double #000; }
.ar-signatures { display: flex; flex-wrap: wrap; margin-top: 14mm; }
.ar-signature { width: 45%; margin: 0 5% 12mm 0; border-top: 1px dotted #000; padding-top: 1mm; }
.ar-signature .role { font-size: 9pt; }
.ar-small { font-size: 9pt; }
`;

const EVENTS = [
  "Inga väsentliga händelser har inträffat under räkenskapsåret.",
  "Under året har bolaget flyttat till nya och ändamålsenliga lokaler, vilket har medfört engångskostnader.",
  "Bolaget har under räkenskapsåret anställt ytterligare personal för att möta en ökad efterfrågan.",
  "Räkenskapsåret har präglats av stigande kostnader för material, transporter och energi.",
  "Under året har bolaget tecknat flera nya ramavtal med befintliga och nya kunder.",
  "Bolaget har under året investerat i nya maskiner och inventarier för att öka kapaciteten.",
  "Efterfrågan har varit något lägre än föregående år, vilket har påverkat omsättningen.",
  "Under räkenskapsåret har bolaget lanserat en ny webbplats och utvecklat sin digitala försäljning.",
];

const AFTER_YEAR_END = [
  "Inga väsentliga händelser har inträffat efter räkenskapsårets slut.",
  "Efter räkenskapsårets slut har bolaget tecknat ett nytt hyresavtal som löper i fem år.",
  "Efter räkenskapsårets slut har styrelsen beslutat om en översyn av bolagets organisation.",
];

const OUTLOOK = [
  "Styrelsen bedömer att verksamheten har goda förutsättningar att utvecklas positivt under kommande år.",
  "Bolaget fortsätter att arbeta med kostnadskontroll och effektivisering.",
  "Orderingången vid räkenskapsårets utgång var i nivå med föregående år.",
  "Bolaget ser en fortsatt stabil efterfrågan på sina tjänster.",
];

const PRESENT: Record<string, string> = { bedriva: "bedriver", äga: "äger", idka: "idkar" };

/** "Bolaget ska bedriva X" from the register becomes "Bolaget bedriver X" in the report. */
export function activityText(description: string | null, city: string | null): string[] {
  const activity = (description ?? "Bolaget ska bedriva konsultverksamhet samt därmed förenlig verksamhet.").replace(
    /^(Bolaget|Föreningen|Stiftelsen|Företaget) (?:ska|skall) (bedriva|äga|idka)/,
    (_, who: string, verb: string) => `${who} ${PRESENT[verb] ?? verb}`,
  );
  const seat = city ? `Företaget har sitt säte i ${city}.` : "Företaget har sitt säte i Sverige.";
  return [activity, seat];
}

export const eventText = (rng: Rng): string => rng.pick(EVENTS);
export const afterYearEndText = (rng: Rng): string => rng.pick(AFTER_YEAR_END);
export const outlookText = (rng: Rng): string => rng.pick(OUTLOOK);

/** Note 1, accounting principles, for the framework. */
export function principlesText(framework: "K2" | "K3", group: boolean): string[] {
  const base =
    framework === "K2"
      ? "Årsredovisningen har upprättats i enlighet med årsredovisningslagen och Bokföringsnämndens allmänna råd (BFNAR 2016:10) om årsredovisning i mindre företag."
      : "Årsredovisningen har upprättats i enlighet med årsredovisningslagen och Bokföringsnämndens allmänna råd BFNAR 2012:1 Årsredovisning och koncernredovisning (K3).";
  return [
    base,
    "Redovisningsprinciperna är oförändrade jämfört med föregående år.",
    "Fordringar har upptagits till de belopp varmed de beräknas inflyta. Övriga tillgångar och skulder har värderats till anskaffningsvärde om inget annat anges nedan.",
    "Materiella anläggningstillgångar skrivs av linjärt över den bedömda nyttjandeperioden. Inventarier, verktyg och installationer skrivs av på fem år.",
    ...(group
      ? [
          "Koncernredovisningen har upprättats enligt förvärvsmetoden. Koncernen omfattar moderföretaget och de företag i vilka moderföretaget direkt eller indirekt har ett bestämmande inflytande.",
        ]
      : []),
  ];
}

/** The board's statement on a proposed dividend (aktiebolagslagen 18 kap. 4 §). */
export const DIVIDEND_STATEMENT =
  "Styrelsen anser att den föreslagna utdelningen är försvarlig med hänsyn till de krav som verksamhetens art, omfattning och risker ställer på storleken av bolagets egna kapital samt bolagets konsolideringsbehov, likviditet och ställning i övrigt.";

/** Swedish month names for dates written out ("15 mars 2025"). */
const MONTHS = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];

export function longDate(iso: string): string {
  return `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1] ?? ""} ${iso.slice(0, 4)}`;
}

/** A column heading for a fiscal year: "2024" for a calendar year, "2023/24" for a broken one. */
export function yearLabel(start: string, end: string): string {
  return start.slice(0, 4) === end.slice(0, 4) ? end.slice(0, 4) : `${start.slice(0, 4)}/${end.slice(2, 4)}`;
}

/** Text for XHTML: &, < and > escaped (quotes too, for attribute values). */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const AUDITOR_FIRST = ["Anna", "Erik", "Maria", "Johan", "Karin", "Lars", "Eva", "Per", "Sara", "Magnus", "Helena", "Mikael"];
const AUDITOR_LAST = ["Lindqvist", "Bergström", "Holm", "Sandberg", "Ek", "Forsberg", "Nyström", "Åberg", "Wikström", "Sjöberg"];
const AUDIT_FIRMS = ["Revisionsbyrån Norr AB", "Öhrlings Revision KB", "Grant & Partners Revision AB", "Revisorerna i Mälardalen AB"];

/** The auditor of a report, the same in the annual report's signatures and in the audit report. */
export function auditorOf(seed: number): { name: string; firm: string } {
  const n = seed >>> 0;
  return {
    name: `${AUDITOR_FIRST[n % AUDITOR_FIRST.length]} ${AUDITOR_LAST[(n >>> 8) % AUDITOR_LAST.length]}`,
    firm: AUDIT_FIRMS[(n >>> 16) % AUDIT_FIRMS.length] ?? "Revisionsbyrån AB",
  };
}
