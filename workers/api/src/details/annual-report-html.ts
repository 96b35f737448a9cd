/**
 * The printable annual-report summary behind GET /sapi/annual-report/open/{refNo} (spec §7 "opens the report in a new
 * tab"): one self-contained Swedish HTML page with the period's income statement and balance sheet, company and (for
 * group parents) group figures side by side. Every value is escaped; the page has no script and its only style is
 * allowed by hash in the Content-Security-Policy.
 */
import type { z } from "zod";
import { formatDate, formatNumber, formatOrgNo } from "#shared/format";
import { stockholmWallClock } from "#shared/stockholm-time";
import type { FinancialFiguresSchema } from "#shared/search/result-schemas";

type Figures = z.infer<typeof FinancialFiguresSchema>;
type FigureKey = Exclude<keyof Figures, "type" | "periodStart" | "periodEnd" | "currency">;

export interface AnnualReportPage {
  companyName: string;
  orgNo: string;
  refNo: string;
  company: Figures;
  group: Figures | null;
  /** When the page was produced (its Swedish date is shown in the footer). */
  generatedAt: Date;
}

const SECTIONS: { title: string; rows: [FigureKey, string][] }[] = [
  {
    title: "Resultaträkning",
    rows: [
      ["turnover", "Nettoomsättning"],
      ["personnelExpenses", "Personalkostnader"],
      ["cashFlowAffectingEBTDA", "Kassaflödespåverkande resultat före avskrivningar"],
      ["earningsAfterDepreciation", "Rörelseresultat efter avskrivningar"],
      ["earningsAfterNetInterestIncome", "Resultat efter finansnetto"],
      ["profitAndLossForTheYear", "Årets resultat"],
      ["dividend", "Utdelning"],
    ],
  },
  {
    title: "Balansräkning",
    rows: [
      ["totalAssets", "Summa tillgångar"],
      ["totalEquity", "Eget kapital"],
      ["sumOfCashBank", "Kassa och bank"],
      ["totalLongTermLiabilities", "Långfristiga skulder"],
      ["totalShortTermLiabilities", "Kortfristiga skulder"],
    ],
  },
  { title: "Personal", rows: [["numberOfEmployees", "Antal anställda"]] },
];

export const ANNUAL_REPORT_CSS = [
  "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b1f24;margin:2rem auto;max-width:46rem;padding:0 1rem}",
  "h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1.75rem 0 .5rem}",
  "dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:1rem 0}dt{color:#57606a}dd{margin:0}",
  "table{border-collapse:collapse;width:100%}th,td{padding:.35rem .5rem;border-bottom:1px solid #d0d7de;text-align:left}",
  "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}",
  "footer{margin-top:2rem;color:#57606a;font-size:.85rem}",
  "@media print{body{margin:0;max-width:none}footer{position:fixed;bottom:0}}",
].join("");

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

function swedishDate(date: Date): string {
  const t = stockholmWallClock(date);
  return `${t.year}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;
}

function formatFigure(key: FigureKey, value: number | null, currency = "kr"): string {
  if (value === null) return "uppgift saknas";
  return key === "numberOfEmployees" ? formatNumber(value) : `${formatNumber(value)} ${currency}`;
}

function sectionTable(section: (typeof SECTIONS)[number], company: Figures, group: Figures | null): string {
  const head = `<tr><th scope="col">Post</th><th scope="col" class="num">Företaget</th>${
    group ? '<th scope="col" class="num">Koncernen</th>' : ""
  }</tr>`;
  const rows = section.rows.map(([key, label]) => {
    const groupCell = group ? `<td class="num">${escapeHtml(formatFigure(key, group[key], group.currency))}</td>` : "";
    return `<tr><th scope="row">${escapeHtml(label)}</th><td class="num">${escapeHtml(formatFigure(key, company[key], company.currency))}</td>${groupCell}</tr>`;
  });
  return `<h2>${escapeHtml(section.title)}</h2><table><thead>${head}</thead><tbody>${rows.join("")}</tbody></table>`;
}

/** The whole page. */
export function renderAnnualReportHtml(page: AnnualReportPage): string {
  const period = `${formatDate(page.company.periodStart)} – ${formatDate(page.company.periodEnd)}`;
  const facts: [string, string][] = [
    ["Organisationsnummer", formatOrgNo(page.orgNo)],
    ["Räkenskapsperiod", period],
    ["Referensnummer", page.refNo],
    ["Redovisningstyp", page.company.type],
  ];
  const title = `Årsredovisning i sammandrag – ${page.companyName}`;
  return [
    '<!doctype html><html lang="sv"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title><style>${ANNUAL_REPORT_CSS}</style></head><body><main>`,
    `<h1>${escapeHtml(page.companyName)}</h1><p>Årsredovisning i sammandrag</p>`,
    `<dl>${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>`,
    ...SECTIONS.map((section) => sectionTable(section, page.company, page.group)),
    "</main><footer>",
    `<p>Belopp i kronor. Sammanställt av Urval ${escapeHtml(swedishDate(page.generatedAt))} ur bolagets inlämnade räkenskaper. `,
    "Skriv ut sidan med webbläsarens utskriftsfunktion.</p></footer></body></html>",
  ].join("");
}

let styleHash: Promise<string> | undefined;

/** CSP for the page: nothing but its own inline style (by SHA-256), no scripts, frames, forms or base changes. */
export async function annualReportCsp(): Promise<string> {
  styleHash ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(ANNUAL_REPORT_CSS)).then((digest) => {
    let binary = "";
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  const hash = await styleHash;
  return `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}
