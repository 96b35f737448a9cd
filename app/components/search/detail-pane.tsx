/**
 * The detail pane (spec §2, §4): opens beside the results for the chosen card, loads the company or worksite (spinner
 * after 300 ms, shown at least 300 ms), shows the extracted message on failure, and closes with an animation, by its
 * close button or Escape (focus returns to the card), or by itself when the record leaves the results. Escape works
 * from inside the pane and from the card that opened it, also before the detail has loaded and taken the focus. The
 * open record is in the address (use-detail-route.ts, issue 38), so Back and Forward close and open the pane on every
 * screen, the phone's full-screen sheet included (issue 29); a pane closed that way also hands the focus back to the
 * card when the focus was in it. The content's code (detail-content.tsx) is fetched when a pane first opens, beside
 * the record (issue 48 point 6).
 */
import { memo, Suspense, useEffect, useRef, useState } from "react";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { useBeforePaint } from "../../lib/use-before-paint";
import { recordId } from "../../lib/search/search-state";
import { useDetail } from "../../lib/search/use-detail";
import { useSearchScreen, useSearchState } from "./search-context";
import { Spinner } from "./spinner";

const DetailContent = lazyWithPreload(() => import("./detail-content").then((m) => m.DetailContent));

/** Matches the slide-out transition in search.css. */
export const CLOSE_ANIMATION_MS = 200;

/** The open button of the card showing record `id`, where the focus returns when the pane closes. */
const cardOpener = (id: string) => document.querySelector<HTMLButtonElement>(`[data-record-id="${id}"] .record-card__open`);

/** Where the focus was when a record was opened: the card, the header's search box (its text then), the page. */
interface FocusAtOpen {
  element: Element | null;
  text: string | null;
}

const focusNow = (): FocusAtOpen => {
  const element = document.activeElement;
  return { element, text: element instanceof HTMLInputElement ? element.value : null };
};

/**
 * Whether the arriving detail may take the focus: only while the user is still where the record was opened from (or
 * in the pane, or nowhere). Someone who has moved on while it loaded (typing a new text in the search box, tabbing to a
 * filter) keeps their place; the pane is on screen and Escape still closes it.
 */
function focusStayed(atOpen: FocusAtOpen, pane: HTMLElement | null): boolean {
  const focused = document.activeElement;
  if (!focused || focused === document.body || pane?.contains(focused)) return true;
  if (focused !== atOpen.element) return false;
  return !(focused instanceof HTMLInputElement) || focused.value === atOpen.text;
}

/**
 * Keeps the pane's top edge below the page header while the header is in view, so that the header's buttons
 * (Listfiler, Bevakningar, Konto) stay usable (issue 25). Set through the CSSOM: the Content-Security-Policy allows no
 * style attributes, but a custom property set from script is fine.
 */
function useBelowHeader(pane: React.RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    const header = document.querySelector(".site-header");
    let frame = 0;
    const place = () => {
      frame = 0;
      const top = Math.max(0, header?.getBoundingClientRect().bottom ?? 0);
      pane.current?.style.setProperty("--detail-top", `${Math.round(top)}px`);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(place);
    };
    place();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [pane, shown]);
}

/** Memoised: it re-renders from the search state, not from every render of the screen. */
export const DetailPane = memo(function DetailPane() {
  const { detailId, openDetail, detailLeftResults } = useSearchScreen();
  const { results, loading } = useSearchState();
  const [shownId, setShownId] = useState<string | null>(detailId);
  const [closing, setClosing] = useState(false);
  const detail = useDetail(shownId);
  // The content's code is fetched beside the record, not after it.
  useEffect(() => {
    if (shownId !== null) DetailContent.preload();
  }, [shownId]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const paneRef = useRef<HTMLElement>(null);
  const focusAtOpen = useRef<FocusAtOpen>({ element: null, text: null });

  // Opening shows at once; closing keeps the content during the slide-out animation. Closed by Back (the address), the
  // focus would stay on the leaving pane: it goes to the card, as with the close button.
  useEffect(() => {
    if (detailId !== null) {
      focusAtOpen.current = focusNow();
      setShownId(detailId);
      setClosing(false);
      return;
    }
    const focused = document.activeElement;
    if (shownId !== null && (focused === document.body || (focused && paneRef.current?.contains(focused)))) cardOpener(shownId)?.focus();
    setClosing(true);
    const timer = setTimeout(() => {
      setShownId(null);
      setClosing(false);
    }, CLOSE_ANIMATION_MS);
    return () => clearTimeout(timer);
    // Only a change of the open record: shownId is read as it was when the pane closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detailId]);

  // Spec §4: if the open item is not in the new results, the pane closes. Only new results close it: a company opened
  // from a worksite's or a group tree's link (company-link.tsx) need not be among the results on screen.
  const openedWith = useRef<{ id: string | null; results: typeof results }>({ id: null, results: null });
  useEffect(() => {
    if (detailId === null) return;
    if (openedWith.current.id !== detailId) openedWith.current = { id: detailId, results };
    if (loading || !results || openedWith.current.results === results) return;
    openedWith.current.results = results;
    if (!results.records.some((record) => recordId(record) === detailId)) detailLeftResults();
  }, [results, loading, detailId, detailLeftResults]);

  // A detail that arrives while the pane slides out (Escape pressed before it had loaded) must not take the focus: it
  // went back to the card, and the pane is about to leave. Reopened before it left, the pane takes it again. Nor does
  // it take the focus from where the user went meanwhile (focusStayed): a text typed into the search box while the
  // detail loaded lost its suggestions to the heading (a fresh-clone e2e run under load).
  useEffect(() => {
    if (detail.status === "ready" && !closing && focusStayed(focusAtOpen.current, paneRef.current)) headingRef.current?.focus();
  }, [detail.status, shownId, closing]);

  // Escape is heard on the document: right after a click the focus is still on the card (the heading takes it only
  // once the detail is ready). A modal or popup that handled Escape itself marks it handled (defaultPrevented). Heard
  // from the frame that first shows the pane: a passive effect runs after paint, and an Escape pressed in between (a
  // busy machine) was lost while the pane was already on screen.
  useBelowHeader(paneRef, shownId !== null);
  useBeforePaint(() => {
    if (shownId === null || closing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const focused = document.activeElement;
      const opener = cardOpener(shownId);
      if (focused && focused !== document.body && focused !== opener && !paneRef.current?.contains(focused)) return;
      openDetail(null);
      opener?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [shownId, closing, openDetail]);

  if (shownId === null) return null;
  const close = () => {
    openDetail(null);
    cardOpener(shownId)?.focus();
  };
  const title = detail.status === "ready" ? detail.entity.name : "Detaljer";
  return (
    <aside ref={paneRef} className={closing ? "detail-pane detail-pane--closing" : "detail-pane"} aria-label={title}>
      <div className="detail-pane__header">
        <h2 ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        {/* On a phone the pane covers the results: the same button reads as the way back to them (search-narrow.css). */}
        <button type="button" className="button button--small button--secondary detail-pane__close" onClick={close}>
          <span className="detail-pane__close-wide">Stäng</span>
          <span className="detail-pane__back">
            <span aria-hidden="true">← </span>Tillbaka till resultaten
          </span>
        </button>
      </div>
      <div className="detail-pane__content">
        {detail.status === "loading" && detail.spinner ? <Spinner label="Hämtar uppgifter…" /> : null}
        {detail.status === "error" ? <p className="form-error">{detail.message}</p> : null}
        {detail.status === "ready" ? (
          <Suspense fallback={<Spinner label="Hämtar uppgifter…" />}>
            <DetailContent.Component id={shownId} entity={detail.entity} />
          </Suspense>
        ) : null}
      </div>
    </aside>
  );
});
