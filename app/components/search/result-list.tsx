/**
 * The results (spec §2, §4, §8): cards, 'Visa fler företag' for the next page, the slow-search spinner, the error card
 * with 'Försök igen', the empty text 'Inga {type} matchar din sökning', and at the 1000-record limit
 * 'Exportera urvalet om du vill se fler träffar.'. After 'Visa fler' the focus moves to the first new card (issue 38).
 * An empty result offers the forgiving retry's text ("Menade du …?") or says how many digits an organisation number
 * search needs (issue 38).
 */
import { useCallback, useEffect, useRef, memo } from "react";
import { resultTypeWord } from "#shared/format";
import type { CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import { MAX_VISIBLE_RECORDS } from "#shared/search/search-fields";
import { orgNoDigitsHint } from "../../lib/search/searchable-text";
import { correctedFrom } from "../../lib/search/search-controller";
import { recordId } from "../../lib/search/search-state";
import { CompanyCard, WorksiteCard } from "./record-cards";
import { useSearchScreen, useSearchStates } from "./search-context";
import { Spinner } from "./spinner";

export const OVER_LIMIT_TEXT = "Exportera urvalet om du vill se fler träffar.";

function ErrorCard({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="error-card" role="alert">
      <h2>Något gick fel</h2>
      <p>Ett fel har inträffat vid sökning. Klicka på knappen nedan för att försöka igen.</p>
      <button type="button" className="button" onClick={onRetry}>
        Försök igen
      </button>
    </div>
  );
}

/**
 * Issue 38, under the empty text: the text the forgiving retry offers ("Menade du …?", a button that runs it), or for
 * a number too short to be searched as an organisation number, how many digits it takes.
 */
function ForgivingHint({ text, offered, onRun }: { text: string | null | undefined; offered?: string; onRun: (text: string) => void }) {
  const digitsHint = offered ? null : orgNoDigitsHint(text);
  if (!offered && !digitsHint) return null;
  return (
    <p className="results__forgive">
      {offered ? (
        <>
          Menade du{" "}
          <button type="button" className="link-button" onClick={() => onRun(offered)}>
            {offered}
          </button>
          ?
        </>
      ) : (
        digitsHint
      )}
    </p>
  );
}

/** Memoised: it re-renders from the search state, not from every render of the screen. */
export const ResultList = memo(function ResultList() {
  const { controller, detailId, openDetail } = useSearchScreen();
  const { current, deferred } = useSearchStates();
  const { selection } = current;
  const { results, error, spinner, loading, loadingMore } = deferred;
  const onToggleMark = useCallback((id: string) => controller.dispatch({ type: "toggleMarked", id }), [controller]);
  // A stable handler keeps the memoised cards from re-rendering when another card opens.
  const openRef = useRef(detailId);
  useEffect(() => {
    openRef.current = detailId;
  }, [detailId]);
  const onOpen = useCallback((id: string) => openDetail(openRef.current === id ? null : id), [openDetail]);
  const listRef = useRef<HTMLOListElement>(null);
  const firstNew = useRef<number | null>(null);
  const shownCount = results?.records.length ?? 0;
  useEffect(() => {
    if (firstNew.current === null || loadingMore) return;
    const card = listRef.current?.children[firstNew.current]?.querySelector<HTMLElement>(".record-card__open");
    // A failed or dropped page leaves the focus on 'Visa fler' (aria-disabled while loading, so it keeps the focus).
    if (card && shownCount > firstNew.current) card.focus();
    firstNew.current = null;
  }, [shownCount, loadingMore]);
  const loadMore = () => {
    firstNew.current = shownCount;
    void controller.loadMore();
  };
  // Issue 38: the offered text replaces the typed one, every other constraint kept.
  const runText = (text: string) => void controller.run({ ...current.search, text });
  // Issue 48 point 7: a search run corrected says so, and offers the text as typed.
  const typedText = correctedFrom(deferred.search);
  if (error && !loading) return <ErrorCard onRetry={() => void controller.retry()} />;

  const records = results?.records ?? [];
  const hitCount = results?.hitCount ?? 0;
  const isCompany = results?.type !== "WORKSITE";
  const canLoadMore = records.length < hitCount && records.length < MAX_VISIBLE_RECORDS;
  const atLimit = records.length >= MAX_VISIBLE_RECORDS && hitCount > records.length;
  const marks = new Set(selection.ids);
  return (
    // Dimmed only once the search is slow (with the spinner): a fast search changes nothing until its results are in.
    <section className={spinner ? "results results--loading" : "results"} aria-label="Träffar" aria-busy={loading}>
      {spinner ? <Spinner label="Söker…" overlay /> : null}
      {results && hitCount === 0 ? <p className="results__empty">{`Inga ${resultTypeWord(results.type)} matchar din sökning`}</p> : null}
      {results && hitCount === 0 ? <ForgivingHint text={deferred.search.text} offered={results.didYouMean} onRun={runText} /> : null}
      {typedText !== null && results && hitCount > 0 ? (
        <p className="results__corrected">
          Visar träffar för <strong>{deferred.search.text}</strong>. Sök i stället efter{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => void controller.run({ ...deferred.search, text: typedText }, "push", { asTyped: true })}
          >
            {typedText}
          </button>
        </p>
      ) : null}
      <ol className="results__list" ref={listRef}>
        {records.map((record, position) => {
          const id = recordId(record);
          const shell = { isOpen: detailId === id, marking: selection.active, marked: marks.has(id), onToggleMark, onOpen };
          return (
            // Keyed by position: a new search reuses the cards' DOM and only patches their text (cards hold no state).
            <li key={position}>
              {"cfarNo" in record ? (
                <WorksiteCard record={record as WorksiteRecord} {...shell} />
              ) : (
                <CompanyCard record={record as CompanyRecord} {...shell} />
              )}
            </li>
          );
        })}
      </ol>
      {canLoadMore ? (
        <p className="results__more">
          <button type="button" className="button button--secondary" aria-disabled={loadingMore} onClick={loadMore}>
            {isCompany ? "Visa fler företag" : "Visa fler arbetsställen"}
          </button>
          {loadingMore ? <Spinner label="Hämtar fler…" /> : null}
        </p>
      ) : null}
      {atLimit ? <p className="results__limit">{OVER_LIMIT_TEXT}</p> : null}
    </section>
  );
});
