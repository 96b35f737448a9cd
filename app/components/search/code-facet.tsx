/**
 * A code filter (spec §2, §4): one checkbox row per code with its count for the selection and for all of Sweden,
 * the selected codes at the top, then the excluded ones. Each row can be excluded ("Uteslut", issue 46). Long groups
 * get a search box, show the first rows with 'X av Y', and can show all.
 */
import { memo, useId, useState } from "react";
import { formatNumber } from "#shared/format";
import { hyphenateSv } from "../../lib/hyphenate-sv";
import { type FacetEntry, filterEntries, LONG_GROUP } from "../../lib/search/facet-entries";
import { ExcludeToggle } from "./exclude-toggle";

interface CodeFacetProps {
  /** Names the group for assistive technology ("Bransch", "Län"). */
  label: string;
  rows: FacetEntry[];
  onToggle: (code: string) => void;
  /** Leaves a code out of the search, or takes it back ("Uteslut"). */
  onExclude: (code: string) => void;
  /** Greys the counts while a search runs. */
  stale?: boolean;
  /** Hides the counts: they are an earlier search's, the one on screen failed (issue 25). */
  outdated?: boolean;
}

function CountCells({ row, id }: { row: FacetEntry; id: string }) {
  const state = row.excluded ? ", utesluten" : "";
  return (
    <>
      <span className="facet__counts" aria-hidden="true">
        <span className="facet__count">{formatNumber(row.count)}</span>
        <span className="facet__all">{formatNumber(row.allCount)}</span>
      </span>
      <span id={id} className="visually-hidden">
        {`${formatNumber(row.count)} i urvalet, ${formatNumber(row.allCount)} i hela Sverige${state}`}
      </span>
    </>
  );
}

const sameRow = (a: FacetRowProps, b: FacetRowProps) =>
  a.onToggle === b.onToggle &&
  a.onExclude === b.onExclude &&
  a.idPrefix === b.idPrefix &&
  a.row.code === b.row.code &&
  a.row.text === b.row.text &&
  a.row.count === b.row.count &&
  a.row.allCount === b.row.allCount &&
  a.row.selected === b.row.selected &&
  a.row.excluded === b.row.excluded &&
  a.row.partly === b.row.partly;

interface FacetRowProps {
  row: FacetEntry;
  onToggle: (code: string) => void;
  onExclude: (code: string) => void;
  idPrefix: string;
}

/** Compared by value: rows are rebuilt for every answer, but most counts stay the same. */
const FacetRow = memo(function FacetRow({ row, onToggle, onExclude, idPrefix }: FacetRowProps) {
  const inputId = `${idPrefix}-${row.code}`;
  return (
    <li className={row.selected ? "facet facet--selected" : row.excluded ? "facet facet--excluded" : "facet"}>
      <input
        id={inputId}
        type="checkbox"
        checked={row.selected}
        aria-checked={row.partly ? "mixed" : undefined}
        ref={(input) => {
          if (input) input.indeterminate = row.partly === true;
        }}
        onChange={() => onToggle(row.code)}
        aria-describedby={`${inputId}-counts`}
        data-code={row.code}
      />
      <label htmlFor={inputId} className="facet__label">
        {hyphenateSv(row.text)}
      </label>
      <CountCells row={row} id={`${inputId}-counts`} />
      <ExcludeToggle text={row.text} excluded={row.excluded === true} onToggle={() => onExclude(row.code)} />
    </li>
  );
}, sameRow);

export const CodeFacet = memo(function CodeFacet({ label, rows, onToggle, onExclude, stale, outdated }: CodeFacetProps) {
  const idPrefix = useId();
  const [query, setQuery] = useState("");
  const [showAll, setShowAll] = useState(false);
  const isLong = rows.length > LONG_GROUP;
  const matching = isLong ? filterEntries(rows, query) : rows;
  const selectedCount = rows.filter((row) => row.selected || row.excluded).length;
  const limit = Math.max(LONG_GROUP, selectedCount);
  const shown = isLong && !showAll && !query ? matching.slice(0, limit) : matching;
  return (
    <div className={outdated ? "facet-list facet-list--outdated" : stale ? "facet-list facet-list--stale" : "facet-list"}>
      {isLong ? (
        <input
          type="search"
          className="facet-list__search"
          aria-label={`Filtrera ${label.toLocaleLowerCase("sv")}`}
          placeholder={`Filtrera ${label.toLocaleLowerCase("sv")}`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      ) : null}
      <div className="facet-list__columns" aria-hidden="true">
        <span>Urval</span>
        <span>Sverige</span>
      </div>
      <ul className="facet-list__rows" aria-label={label}>
        {shown.map((row) => (
          <FacetRow key={row.code} row={row} onToggle={onToggle} onExclude={onExclude} idPrefix={idPrefix} />
        ))}
      </ul>
      {isLong ? (
        <p className="facet-list__more">
          <span className="facet-list__shown">{`${formatNumber(shown.length)} av ${formatNumber(rows.length)}`}</span>
          {!query && rows.length > limit ? (
            <button type="button" className="link-button" onClick={() => setShowAll(!showAll)}>
              {showAll ? "Visa färre" : "Visa alla"}
            </button>
          ) : null}
        </p>
      ) : null}
      {isLong && query && matching.length === 0 ? <p className="muted">Inga träffar</p> : null}
    </div>
  );
});
