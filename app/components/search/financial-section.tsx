/**
 * The company's financial periods (spec §2 "Financial view", §4, §9): at most 3 periods, newest first, a choice between
 * the group (CONCERN, default) and the parent company (BUSINESS) shown only when group figures exist and stored on the
 * server, and a small chart of turnover and result.
 */
import { useRef, useState } from "react";
import type { FinancialType } from "#shared/api-contracts/search-api";
import { formatMoney, formatNumber, formatPeriod } from "#shared/format";
import type { CompanyDetail, FinancialFigures } from "#shared/search/result-schemas";
import { storeFinancialType } from "../../lib/search/search-calls";
import { useIsScrollable } from "../../lib/use-is-scrollable";
import { FinancialChart } from "./financial-chart";

/** Spec §9: financial tables show at most 3 periods. */
export const MAX_PERIODS = 3;

type MoneyKey = Exclude<keyof FinancialFigures, "type" | "periodStart" | "periodEnd" | "currency" | "numberOfEmployees">;

const ROWS: [string, MoneyKey | "numberOfEmployees"][] = [
  ["Omsättning", "turnover"],
  ["Rörelseresultat", "earningsAfterDepreciation"],
  ["Resultat efter finansnetto", "earningsAfterNetInterestIncome"],
  ["Årets resultat", "profitAndLossForTheYear"],
  ["Kassaflödespåverkande EBITDA", "cashFlowAffectingEBTDA"],
  ["Summa tillgångar", "totalAssets"],
  ["Eget kapital", "totalEquity"],
  ["Kassa och bank", "sumOfCashBank"],
  ["Långfristiga skulder", "totalLongTermLiabilities"],
  ["Kortfristiga skulder", "totalShortTermLiabilities"],
  ["Utdelning", "dividend"],
  ["Personalkostnader", "personnelExpenses"],
  ["Antal anställda", "numberOfEmployees"],
];

export function FinancialSection({ detail }: { detail: CompanyDetail }) {
  const [type, setType] = useState<FinancialType>(detail.detailViewConfig.companyFinancialType);
  const [saveError, setSaveError] = useState(false);
  // On a narrow screen the table may scroll sideways: then it is a named region the keyboard can reach (issue 29).
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrollable = useIsScrollable(scrollRef);
  const periods = detail.financialPeriods.slice(0, MAX_PERIODS);
  if (periods.length === 0) return <p className="muted">Inga bokslut finns registrerade.</p>;
  const hasGroup = periods.some((period) => period.group !== null);
  const useGroup = hasGroup && type === "CONCERN";
  const figures = periods.map((period) => (useGroup && period.group ? period.group : period.company));
  const caption = useGroup ? "Koncernens bokslut" : "Företagets bokslut";

  const choose = (next: FinancialType) => {
    setType(next);
    setSaveError(false);
    storeFinancialType(next).catch(() => setSaveError(true));
  };

  return (
    <div className="financials">
      {hasGroup ? (
        <div className="segmented segmented--small" role="group" aria-label="Visa siffror för">
          <button type="button" aria-pressed={type === "CONCERN"} onClick={() => choose("CONCERN")}>
            Koncern
          </button>
          <button type="button" aria-pressed={type === "BUSINESS"} onClick={() => choose("BUSINESS")}>
            Moderbolag
          </button>
        </div>
      ) : null}
      {saveError ? <p className="form-error">Valet kunde inte sparas.</p> : null}
      <FinancialChart
        points={[...periods]
          .map((period, i) => ({
            period: period.period,
            turnover: figures[i]?.turnover ?? null,
            result: figures[i]?.earningsAfterNetInterestIncome ?? null,
          }))
          .reverse()}
      />
      <div ref={scrollRef} className="table-scroll" {...(scrollable ? { tabIndex: 0, role: "region", "aria-label": caption } : {})}>
        <table className="financial-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {periods.map((period) => (
                <th scope="col" key={period.period}>
                  {formatPeriod(period.period)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([label, key]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {figures.map((f, i) => (
                  <td key={periods[i]?.period ?? i}>
                    {key === "numberOfEmployees"
                      ? formatNumber(f.numberOfEmployees)
                      : f.currency
                        ? `${formatNumber(f[key])} ${f.currency}`
                        : formatMoney(f[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
