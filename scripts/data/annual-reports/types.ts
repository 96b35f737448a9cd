/**
 * Annual reports filed digitally with Bolagsverket (iXBRL), as the annual-report loader reads them: the contract
 * between the archive reader (archive/), the iXBRL parser (ixbrl/), the loader (load-annual-reports.ts) and the
 * generator of real-format archives (generator/). See ../shared/docs/ANNUAL-REPORTS.md and docs/decisions/0050.
 */

/** The figures the product shows from one period of one report; null where the report does not tag the figure. */
export interface ReportFigures {
  /** se-gen-base:Nettoomsattning */
  turnover: number | null;
  /** se-gen-base:Rorelseresultat */
  operatingResult: number | null;
  /** se-gen-base:ResultatEfterFinansiellaPoster */
  resultAfterFinancialItems: number | null;
  /** se-gen-base:AretsResultat */
  profitForTheYear: number | null;
  /** se-gen-base:EgetKapital (instant, the period's closing day) */
  equity: number | null;
  /** se-gen-base:Tillgangar, the balance sheet total (instant) */
  totalAssets: number | null;
  /** se-gen-base:KassaBank (instant) */
  cashAndBank: number | null;
  /** se-gen-base:LangfristigaSkulder (instant) */
  longTermLiabilities: number | null;
  /** se-gen-base:KortfristigaSkulder (instant) */
  shortTermLiabilities: number | null;
  /** se-gen-base:Personalkostnader */
  personnelExpenses: number | null;
  /** se-gen-base:MedelantaletAnstallda (average number of employees; may be a decimal in the filing, rounded) */
  employees: number | null;
  /** The proposed dividend (se-gen-base:ForslagDispositionUtdelning), belongs to the report's own year */
  dividend: number | null;
}

export const REPORT_FIGURE_NAMES = [
  "turnover",
  "operatingResult",
  "resultAfterFinancialItems",
  "profitForTheYear",
  "equity",
  "totalAssets",
  "cashAndBank",
  "longTermLiabilities",
  "shortTermLiabilities",
  "personnelExpenses",
  "employees",
  "dividend",
] as const satisfies readonly (keyof ReportFigures)[];

/** One fiscal period found in a report: the report's own year, or an earlier year given for comparison. */
export interface ReportPeriod {
  /** "YYYY-MM-DD" */
  start: string;
  /** "YYYY-MM-DD" */
  end: string;
  /** The company's own figures (moderföretaget in a group report). */
  company: ReportFigures;
  /** The group's figures (koncernen), only in a group report; null otherwise. */
  group: ReportFigures | null;
}

/** Why a report was flagged: loaded, but with a remark in the load report. */
export type ReportFlag =
  /** Two facts for one concept and context disagree (the first is kept). */
  | "DUPLICATE_FACTS_DISAGREE"
  /** The report's monetary unit is not SEK (kept in its own currency, never in the SEK ranges). */
  | "FOREIGN_CURRENCY"
  /** A figure could not be read (unknown format, bad number); that figure is null. */
  | "UNREADABLE_FIGURE";

export interface ReportRemark {
  flag: ReportFlag;
  detail: string;
}

/** What the iXBRL parser gives for one annual-report document. */
export interface ParsedReport {
  /** se-cd-base:Organisationsnummer, as "NNNNNN-NNNN". */
  orgNo: string;
  /** se-cd-base:ForetagetsNamn, trimmed; null when not tagged. */
  name: string | null;
  /** The report's own fiscal year (se-cd-base:RakenskapsarForstaDag / RakenskapsarSistaDag). */
  periodStart: string;
  periodEnd: string;
  /** ISO 4217 code of the monetary facts' unit ("SEK", "EUR"). */
  currency: string;
  /** K2 or K3 (from the taxonomy entry point the document refers to, or null when it names neither). */
  framework: "K2" | "K3" | null;
  /** Whether the document holds group (koncern) figures. */
  groupReport: boolean;
  /** The report's own period first, then earlier periods, latest first. */
  periods: ReportPeriod[];
  remarks: ReportRemark[];
}

/** A document refused by the parser (the report is listed in load-report.json and left out). */
export class ReportRefusal extends Error {
  constructor(
    /** A stable machine-readable reason, e.g. "DTD", "TOO_LARGE", "BAD_ENCODING", "NOT_XML", "NO_ORGNR". */
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = "ReportRefusal";
  }
}
