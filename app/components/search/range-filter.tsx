/**
 * A range filter (spec §5): two inputs ('Från', 'Till') with the typed-value rules of range-input.ts (Swedish amounts
 * such as "500 tkr" or "1,5 milj"; an emptied input removes its side's bound, issue 38; an unreadable value or one past
 * the bounds is explained under the inputs, issue 48), and a slider
 * with two handles that snap to the field's stepped values (range-ladder.ts). Typing commits on Enter or leaving the
 * field; dragging commits once the handle rests. The selected span is drawn with SVG attributes, not inline styles
 * (the Content-Security-Policy allows no style attributes). Above the slider, the distribution of the selection
 * (issue 39, range-histogram.tsx) for the open panel's field; the other fields offer 'Visa fördelning'. The
 * histogram's code is fetched when the first one is shown (issue 48 point 6), ahead when 'Visa fördelning' is pointed at,
 * touched or focused; meanwhile its place shows the loading state it has while the distribution is on its way.
 */
import { memo, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Histogram } from "#shared/search/histogram";
import type { RangeField, RangeKind, ResultType } from "#shared/search/search-fields";
import {
  commitTypedSide,
  formatSide,
  typedSideNote,
  rangeDef,
  resolveRange,
  serializeResolved,
  type ResolvedRange,
  type Side,
} from "../../lib/search/range-input";
import { ladderFor, nearestStep, stepValue } from "../../lib/search/range-ladder";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { HistogramLoading } from "./histogram-loading";

const RangeHistogram = lazyWithPreload(() => import("./range-histogram").then((m) => m.RangeHistogram));

const SLIDER_COMMIT_MS = 350;

interface RangeFilterProps {
  field: RangeField;
  value: string | undefined;
  onChange: (field: RangeField, value: string | undefined) => void;
  /**
   * The distribution (issue 39): undefined when this field's is not the one shown, null while it is on its way. Fields
   * without one (`onShowHistogram` undefined) offer none.
   */
  histogram?: Histogram | null;
  type?: ResultType;
  stale?: boolean;
  onShowHistogram?: (field: RangeField) => void;
}

/**
 * A phone's keyboard: amounts take unit words ("500 tkr", "1,5 milj") and a signed field a minus, so they get letters;
 * other fields digits.
 */
const inputModeOf = (kind: RangeKind, min: number) => (kind === "money" || min < 0 ? "text" : kind === "date" ? "numeric" : "decimal");

function textsOf(range: ResolvedRange, def: ReturnType<typeof rangeDef>) {
  return { from: formatSide(range.from, "from", def), to: formatSide(range.to, "to", def) };
}

export const RangeFilter = memo(function RangeFilter({
  field,
  value,
  onChange,
  histogram,
  type = "COMPANY",
  stale = false,
  onShowHistogram,
}: RangeFilterProps) {
  const def = useMemo(() => rangeDef(field), [field]);
  const committed = useMemo(() => resolveRange(value, def), [value, def]);
  const [draft, setDraft] = useState(committed);
  const [texts, setTexts] = useState(() => textsOf(committed, def));
  // Issue 48 point 8: an unreadable value, or one past the field's bounds, is explained at the field.
  const [note, setNote] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  useEffect(() => {
    setDraft(committed);
    setTexts(textsOf(committed, def));
  }, [committed, def]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: ResolvedRange) => {
    clearTimeout(timer.current);
    setDraft(next);
    setTexts(textsOf(next, def));
    const serialized = serializeResolved(next, def);
    if (serialized !== value) onChange(field, serialized);
  };

  const commitText = (side: Side) => {
    setNote(typedSideNote(texts[side], side, def));
    commit(commitTypedSide(texts[side], side, committed, def));
  };

  const onSlide = (side: Side, index: number) => {
    const other = nearestStep(def, side === "from" ? draft.to : draft.from);
    const bounded = side === "from" ? Math.min(index, other) : Math.max(index, other);
    const next = { ...draft, [side]: stepValue(def, bounded, side) };
    setDraft(next);
    setTexts(textsOf(next, def));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next), SLIDER_COMMIT_MS);
  };

  const last = ladderFor(def).length - 1;
  const fromIndex = nearestStep(def, draft.from);
  const toIndex = nearestStep(def, draft.to);
  const percent = (index: number) => (last === 0 ? 0 : (index / last) * 100);
  const isActive = value !== undefined;

  const input = (side: Side, label: string) => (
    <label className="range__field">
      <span className="range__field-label">{label}</span>
      <input
        type="text"
        inputMode={inputModeOf(def.kind, def.min)}
        aria-label={`${def.label} ${label.toLocaleLowerCase("sv")}`}
        value={texts[side]}
        onChange={(event) => {
          setTexts({ ...texts, [side]: event.target.value });
          setNote(null);
        }}
        onBlur={() => commitText(side)}
        onKeyDown={(event) => {
          if (event.key === "Enter") commitText(side);
        }}
      />
    </label>
  );

  return (
    <fieldset className={isActive ? "range range--active" : "range"}>
      <legend className="range__legend">
        <span id={`${id}-label`}>{def.label}</span>
        {isActive ? (
          <button type="button" className="link-button range__clear" onClick={() => onChange(field, undefined)}>
            Rensa<span className="visually-hidden"> {def.label.toLocaleLowerCase("sv")}</span>
          </button>
        ) : null}
      </legend>
      <div className="range__inputs">
        {input("from", "Från")}
        {input("to", "Till")}
      </div>
      <p className="range__note" role="status">
        {note}
      </p>
      {histogram !== undefined ? (
        <Suspense fallback={<HistogramLoading def={def} />}>
          <RangeHistogram.Component
            def={def}
            histogram={histogram}
            type={type}
            range={draft}
            active={draft.from > def.min || draft.to < def.max}
            stale={stale}
            onChoose={commit}
          />
        </Suspense>
      ) : onShowHistogram ? (
        <button
          type="button"
          className="link-button range__show-histogram"
          onClick={() => onShowHistogram(field)}
          onPointerEnter={RangeHistogram.preload}
          onPointerDown={RangeHistogram.preload}
          onFocus={RangeHistogram.preload}
        >
          Visa fördelning<span className="visually-hidden"> för {def.label.toLocaleLowerCase("sv")}</span>
        </button>
      ) : null}
      <div className="range__slider">
        <svg className="range__track" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect className="range__rail" x="0" y="0" width="100" height="4" />
          <rect
            className="range__fill"
            x={percent(fromIndex)}
            y="0"
            width={Math.max(0, percent(toIndex) - percent(fromIndex))}
            height="4"
          />
        </svg>
        {(["from", "to"] as const).map((side) => (
          <input
            key={side}
            type="range"
            className={`range__handle range__handle--${side}`}
            min={0}
            max={last}
            step={1}
            value={side === "from" ? fromIndex : toIndex}
            aria-label={`${def.label}, ${side === "from" ? "lägsta" : "högsta"}`}
            aria-valuetext={side === "from" ? texts.from : texts.to}
            onChange={(event) => onSlide(side, Number(event.target.value))}
          />
        ))}
      </div>
    </fieldset>
  );
});
