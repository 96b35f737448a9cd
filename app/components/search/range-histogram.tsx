/**
 * The distribution above a range filter (issue 39 point 2): one bar per bin for the selection (counted without the
 * filter's own range), the all-of-Sweden outline behind it, the bars inside the filter's range highlighted. Each
 * series is scaled to its own maximum (range-histogram.ts). Dragging across the bars (mouse, pen or touch) chooses the
 * span of the bars covered, a click one bar; each bar is also a button with its range and count as its name, reached
 * with the arrow keys (one tab stop) and chosen with Enter or Space. Drawn with SVG attributes only: the
 * Content-Security-Policy allows no style attributes.
 */
import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { Histogram } from "#shared/search/histogram";
import type { ResultType } from "#shared/search/search-fields";
import { barHeights, barLabel, barsInRange, recordsText, spanRange } from "../../lib/search/range-histogram";
import type { RangeDef, ResolvedRange } from "../../lib/search/range-input";
import { HistogramLoading, histogramName } from "./histogram-loading";

const HEIGHT = 100;

interface RangeHistogramProps {
  def: RangeDef;
  /** Null while the distribution is on its way. */
  histogram: Histogram | null;
  type: ResultType;
  /** The filter's range as the slider shows it; `active`: the filter is set (else no bar is marked). */
  range: ResolvedRange;
  active: boolean;
  /** A newer search is on its way: the bars are an earlier search's. */
  stale: boolean;
  onChoose: (range: ResolvedRange) => void;
}

interface Brush {
  anchor: number;
  current: number;
  pointerId: number;
}

/** The step outline of the all-of-Sweden counts over `n` bins of width 1. */
function outlinePath(heights: readonly number[]): string {
  const top = (height: number) => (HEIGHT - height * HEIGHT).toFixed(1);
  return `M0 ${HEIGHT}${heights.map((height, k) => ` V${top(height)} H${k + 1}`).join("")} V${HEIGHT}`;
}

export const RangeHistogram = memo(function RangeHistogram({ def, histogram, type, range, active, stale, onChoose }: RangeHistogramProps) {
  const [brush, setBrush] = useState<Brush | null>(null);
  const [focus, setFocus] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const name = histogramName(def);

  if (!histogram) return <HistogramLoading def={def} />;

  const { edges, counts, all } = histogram;
  const bins = counts.length;
  const heights = barHeights(counts);
  const outline = barHeights(all);
  const marked = brush
    ? counts.map((_, k) => k >= Math.min(brush.anchor, brush.current) && k <= Math.max(brush.anchor, brush.current))
    : active
      ? barsInRange(edges, range, def)
      : null;

  const binAt = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(bins - 1, Math.max(0, Math.floor(((clientX - rect.left) / rect.width) * bins)));
  };

  const choose = (first: number, last: number) => onChoose(spanRange(edges, first, last, def));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const bin = binAt(event.clientX);
    box.current?.setPointerCapture(event.pointerId);
    setBrush({ anchor: bin, current: bin, pointerId: event.pointerId });
    setFocus(bin);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!brush || brush.pointerId !== event.pointerId) return;
    const bin = binAt(event.clientX);
    if (bin !== brush.current) setBrush({ ...brush, current: bin });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!brush || brush.pointerId !== event.pointerId) return;
    setBrush(null);
    choose(brush.anchor, binAt(event.clientX));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === "ArrowRight" || event.key === "ArrowUp"
        ? focus + 1
        : event.key === "ArrowLeft" || event.key === "ArrowDown"
          ? focus - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? bins - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const bin = Math.min(bins - 1, Math.max(0, next));
    setFocus(bin);
    buttons.current[bin]?.focus();
  };

  const barClass = (k: number) =>
    marked === null ? "histogram__bar" : marked[k] ? "histogram__bar histogram__bar--in" : "histogram__bar histogram__bar--out";

  return (
    <>
      <div
        ref={box}
        className={stale ? "histogram histogram--stale" : "histogram"}
        role="group"
        aria-label={name}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setBrush(null)}
        onKeyDown={onKeyDown}
      >
        <svg className="histogram__chart" viewBox={`0 0 ${bins} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <path className="histogram__all" d={outlinePath(outline)} vectorEffect="non-scaling-stroke" />
          {heights.map((height, k) => (
            <rect key={k} className={barClass(k)} x={k + 0.12} y={HEIGHT - height * HEIGHT} width={0.76} height={height * HEIGHT} />
          ))}
        </svg>
        <div className="histogram__buttons">
          {counts.map((_, k) => {
            const label = barLabel(histogram, k, def, type);
            return (
              <button
                key={k}
                ref={(element) => {
                  buttons.current[k] = element;
                }}
                type="button"
                className="histogram__button"
                tabIndex={k === Math.min(focus, bins - 1) ? 0 : -1}
                aria-label={label}
                title={label}
                data-count={counts[k]}
                onFocus={() => setFocus(k)}
                // Pointer clicks are chosen on pointerup (a drag's end); this is Enter or Space (a click of detail 0).
                onClick={(event) => {
                  if (event.detail === 0) choose(k, k);
                }}
              />
            );
          })}
        </div>
      </div>
      {histogram.missing > 0 ? <p className="histogram__missing">Uppgift saknas för {recordsText(histogram.missing, type)}</p> : null}
    </>
  );
});
