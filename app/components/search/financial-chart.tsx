/**
 * A small inline SVG chart of turnover and result over the financial periods (oldest left), as grouped bars around a
 * zero line. Described in words for assistive technology; no chart library. A figure the period does not have (no
 * digitally filed report carried it) draws no bar and reads "uppgift saknas", never as zero.
 */
import { formatMoney, formatPeriod } from "#shared/format";

export interface ChartPoint {
  period: string;
  turnover: number | null;
  result: number | null;
}

const spoken = (value: number | null) => (value === null ? "uppgift saknas" : formatMoney(value));

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { top: 10, bottom: 22, side: 8 };

export function FinancialChart({ points }: { points: ChartPoint[] }) {
  if (points.length === 0) return null;
  const values = points.flatMap((p) => [p.turnover, p.result]).filter((v): v is number => v !== null);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((max - value) / span) * plotHeight;
  const slot = (WIDTH - 2 * PAD.side) / points.length;
  const barWidth = Math.min(28, slot / 3);
  const description = points
    .map((p) => `${formatPeriod(p.period)}: omsättning ${spoken(p.turnover)}, resultat ${spoken(p.result)}`)
    .join("; ");
  const bar = (value: number | null, x: number, kind: string) => {
    if (value === null) return null;
    const top = Math.min(y(value), y(0));
    return (
      <rect className={`chart__bar chart__bar--${kind}`} x={x} y={top} width={barWidth} height={Math.max(1, Math.abs(y(value) - y(0)))} />
    );
  };
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Omsättning och resultat per period. ${description}`}>
        <line className="chart__zero" x1={PAD.side} x2={WIDTH - PAD.side} y1={y(0)} y2={y(0)} />
        {points.map((p, i) => {
          const center = PAD.side + slot * i + slot / 2;
          return (
            <g key={p.period}>
              {bar(p.turnover, center - barWidth - 1, "turnover")}
              {bar(p.result, center + 1, p.result !== null && p.result < 0 ? "loss" : "result")}
              <text className="chart__label" x={center} y={HEIGHT - 6} textAnchor="middle">
                {formatPeriod(p.period)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="chart__legend">
        <span className="chart__key chart__key--turnover">Omsättning</span>
        <span className="chart__key chart__key--result">Resultat</span>
      </figcaption>
    </figure>
  );
}
