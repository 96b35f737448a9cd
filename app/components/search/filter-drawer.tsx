/**
 * The filters on a phone (issue 29): the results come first, and a 'Filter (n)' button opens the sidebar as a
 * full-height drawer whose counts change live as on the desktop; 'Visa N organisationer' (or the system Back) closes
 * it. Above the phone breakpoint (search-narrow.css) the drawer's frame is not displayed and the sidebar stands beside
 * the results.
 */
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";
import { formatNumber, resultTypeWord } from "#shared/format";
import { trapTab } from "../../lib/focus-trap";
import { useBackToClose } from "../../lib/use-back-to-close";
import { useCloseWhenHidden } from "../../lib/use-close-when-hidden";
import { activeFilterCount } from "../../lib/search/active-filters";
import { useSearchState } from "./search-context";

export function FilterButton({ onOpen, buttonRef }: { onOpen: () => void; buttonRef: RefObject<HTMLButtonElement> }) {
  const { search } = useSearchState();
  const count = activeFilterCount(search);
  return (
    <div className="filter-bar">
      <button ref={buttonRef} type="button" className="button button--secondary filter-bar__button" aria-haspopup="dialog" onClick={onOpen}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        {count > 0 ? `Filter (${count})` : "Filter"}
      </button>
    </div>
  );
}

function ShowResultsButton({ onClose }: { onClose: () => void }) {
  const { search, results, loading } = useSearchState();
  const word = resultTypeWord(search.resultType, results?.hitCount);
  return (
    <button type="button" className="button button--block" aria-busy={loading} onClick={onClose}>
      {results ? `Visa ${formatNumber(results.hitCount)} ${word}` : `Visa ${word}`}
    </button>
  );
}

interface FilterDrawerProps {
  open: boolean;
  /** Closes the drawer and gives the focus back to 'Filter'. */
  onClose: () => void;
  /** Closes it without moving the focus (the window grew past the phone breakpoint). */
  onHidden: () => void;
  children: ReactNode;
}

export function FilterDrawer({ open, onClose, onHidden, children }: FilterDrawerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useCloseWhenHidden(open, closeRef, onHidden);
  useBackToClose(open, onClose);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!open || !rootRef.current) return;
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
      return;
    }
    trapTab(event, rootRef.current);
  }

  return (
    <div
      ref={rootRef}
      className={open ? "filter-drawer filter-drawer--open" : "filter-drawer"}
      role={open ? "dialog" : undefined}
      aria-modal={open ? true : undefined}
      aria-labelledby={open ? "filter-drawer-heading" : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="filter-drawer__header">
        <h2 id="filter-drawer-heading">Filter</h2>
        <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
          Stäng
        </button>
      </div>
      {children}
      <div className="filter-drawer__footer">
        <ShowResultsButton onClose={onClose} />
      </div>
    </div>
  );
}
