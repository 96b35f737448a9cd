/**
 * Which taxonomy concepts the parser reads, by namespace URI (any version of the Swedish base taxonomies:
 * http://www.taxonomier.se/se/fr/gen-base/<date> and …/cd-base/<date>, e.g. 2021-10-31) and local name.
 * A figure may have synonyms, tried in the order listed when the first is not tagged for a period.
 */
import { REPORT_FIGURE_NAMES, type ReportFigures } from "../types";
import type { QName } from "./xml-reader";

const GEN_BASE_PREFIX = "http://www.taxonomier.se/se/fr/gen-base/";
const CD_BASE_PREFIX = "http://www.taxonomier.se/se/fr/cd-base/";

export type FigureName = keyof ReportFigures;

/** How a figure's facts are dated: over the fiscal year, at its closing day, or the own year's proposal. */
type FigureTiming = "duration" | "instant" | "proposal";

export const FIGURES: Record<FigureName, { concepts: readonly string[]; timing: FigureTiming; monetary: boolean }> = {
  turnover: { concepts: ["Nettoomsattning"], timing: "duration", monetary: true },
  operatingResult: { concepts: ["Rorelseresultat"], timing: "duration", monetary: true },
  resultAfterFinancialItems: { concepts: ["ResultatEfterFinansiellaPoster"], timing: "duration", monetary: true },
  profitForTheYear: { concepts: ["AretsResultat"], timing: "duration", monetary: true },
  // EgetKapital is the total; AretsResultatEgetKapital and the like are lines of it, never read as the total.
  equity: { concepts: ["EgetKapital"], timing: "instant", monetary: true },
  // The balance sheet total: "Summa tillgångar", else "Summa eget kapital och skulder" (equal by construction).
  totalAssets: { concepts: ["Tillgangar", "EgetKapitalSkulder"], timing: "instant", monetary: true },
  // "Summa kassa och bank", else its line without client funds (the only line when there are none).
  cashAndBank: { concepts: ["KassaBank", "KassaBankExklRedovisningsmedel"], timing: "instant", monetary: true },
  longTermLiabilities: { concepts: ["LangfristigaSkulder"], timing: "instant", monetary: true },
  shortTermLiabilities: { concepts: ["KortfristigaSkulder"], timing: "instant", monetary: true },
  personnelExpenses: { concepts: ["Personalkostnader"], timing: "duration", monetary: true },
  employees: { concepts: ["MedelantaletAnstallda"], timing: "duration", monetary: false },
  dividend: { concepts: ["ForslagDispositionUtdelning"], timing: "proposal", monetary: true },
};

const FIGURE_BY_CONCEPT = new Map<string, { figure: FigureName; rank: number }>(
  REPORT_FIGURE_NAMES.flatMap((figure) => FIGURES[figure].concepts.map((concept, rank) => [concept, { figure, rank }] as const)),
);

/** The figure a concept holds and its rank among the figure's synonyms (0 = preferred), or null. */
export function figureOf(concept: QName): { figure: FigureName; rank: number } | null {
  return concept.ns.startsWith(GEN_BASE_PREFIX) ? (FIGURE_BY_CONCEPT.get(concept.local) ?? null) : null;
}

export type CompanyDataName = "orgNo" | "name" | "firstDay" | "lastDay";

const COMPANY_DATA = new Map<string, CompanyDataName>([
  ["Organisationsnummer", "orgNo"],
  ["ForetagetsNamn", "name"],
  ["RakenskapsarForstaDag", "firstDay"],
  ["RakenskapsarSistaDag", "lastDay"],
]);

/** The company-data item a se-cd-base concept holds, or null. */
export function companyDataOf(concept: QName): CompanyDataName | null {
  return concept.ns.startsWith(CD_BASE_PREFIX) ? (COMPANY_DATA.get(concept.local) ?? null) : null;
}
