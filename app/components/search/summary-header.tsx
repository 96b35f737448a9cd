/**
 * The summary header over the results (spec §2): selected industries (first 2, then 'm.fl.'), places (first 2),
 * filters (first 3), the hit count, the sort selector and 'Rensa filter och urval'.
 */
import { memo } from "react";
import { formatNumber, resultTypeWord } from "#shared/format";
import { clearConstraints, setSort } from "../../lib/search/search-edit";
import { sortOptions, sortValue } from "../../lib/search/sort-options";
import { searchSummary } from "../../lib/search/summary";
import { similarNoteFor } from "../../lib/search/use-find-similar";
import { useSearchScreen, useSearchState } from "./search-context";

/** Memoised: it re-renders from the search state, not from every render of the screen. */
export const SummaryHeader = memo(function SummaryHeader() {
  const { update, refdata } = useSearchScreen();
  const { search, results: shown, loading, resultsOutdated } = useSearchState();
  // After a failed search the hit count is an earlier search's: none is shown until an answer arrives (issue 25).
  const results = resultsOutdated ? null : shown;
  const summary = searchSummary(search, refdata, shown?.nameForOrgSeqNo ?? null);
  const similarNote = similarNoteFor(search);
  const options = sortOptions(search.resultType, Boolean(search.text?.trim()));
  const current = search.sort[0];
  const currentValue = current ? sortValue(current.field, current.ascending) : "";
  return (
    <section className="summary" aria-label="Urvalet">
      {similarNote ? <p className="summary__similar">{similarNote}</p> : null}
      <dl className="summary__facts">
        <div>
          <dt>Bransch</dt>
          <dd>{summary.industries}</dd>
        </div>
        <div>
          <dt>Plats</dt>
          <dd>{summary.places}</dd>
        </div>
        {summary.filters ? (
          <div>
            <dt>Filter</dt>
            <dd>{summary.filters}</dd>
          </div>
        ) : null}
      </dl>
      <div className="summary__bar">
        <p className={loading ? "summary__count summary__count--stale" : "summary__count"} aria-live="polite" aria-atomic="true">
          <strong className="summary__hits" data-hit-count={results?.hitCount ?? ""}>
            {results ? formatNumber(results.hitCount) : "–"}
          </strong>{" "}
          {resultTypeWord(search.resultType, results?.hitCount)}
        </p>
        <label className="summary__sort">
          <span>Sortera</span>
          <select
            value={currentValue}
            onChange={(event) => {
              const option = options.find((o) => o.value === event.target.value);
              if (option) update(setSort(search, option.field, option.ascending));
            }}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="link-button summary__clear" onClick={() => update(clearConstraints(search))}>
          Rensa filter och urval
        </button>
      </div>
    </section>
  );
});
