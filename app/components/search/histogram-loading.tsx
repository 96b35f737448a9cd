/**
 * A range filter's histogram (range-histogram.tsx) before it can be drawn: while the distribution is on its way, and
 * while the histogram's own code is (range-filter.tsx). The same box either way, so nothing moves when it arrives.
 */
import type { RangeDef } from "../../lib/search/range-input";

export const histogramName = (def: RangeDef) => `Fördelning: ${def.label.toLocaleLowerCase("sv")}`;

export function HistogramLoading({ def }: { def: RangeDef }) {
  return (
    <div className="histogram histogram--loading" role="group" aria-label={histogramName(def)} aria-busy="true">
      <span className="visually-hidden">Fördelningen hämtas…</span>
    </div>
  );
}
