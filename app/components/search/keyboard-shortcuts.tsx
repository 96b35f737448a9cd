/**
 * Keyboard-first work through the results (issue 38 point 7, docs/decisions/0041): j and k move to the next and
 * previous result (the focus ring marks it and it is scrolled into view; an open detail pane follows), Enter opens its
 * detail and Escape closes it (detail-pane.tsx), x marks it for export (turning selection mode on), e exports, b and o
 * open the industry and place editors, and '?' or the visible 'Kortkommandon' button shows the list in a modal dialog,
 * where the shortcuts can also be turned off (WCAG 2.1.4). Which key is a shortcut when: lib/search/keyboard-shortcuts.ts.
 * Listened for on the window in the capture phase: a handled key is marked handled before the header's
 * type-to-search sees it, so the other letters still move typing into the search box (spec §2). The help itself
 * (keyboard-help.tsx) is fetched when first opened (issue 48 point 6).
 */
import "../../styles/keyboard-shortcuts.css";
import { Suspense, useEffect, useRef, useState } from "react";
import { SHORTCUTS_STORAGE_KEY, shortcutFor, type ShortcutAction, type ShortcutPlace } from "../../lib/search/keyboard-shortcuts";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { anyLayerOpen } from "../../lib/open-layer";
import { LoadingModal } from "../loading-modal";
import { type SearchScreenContext, useSearchScreen } from "./search-context";

const ShortcutHelp = lazyWithPreload(() => import("./keyboard-help").then((m) => m.ShortcutHelp));

/** Asks the header's Exportera (export-menu.tsx) to open its 'Exportera urval' popup (the marked rows, if any). */
export const OPEN_EXPORT_EVENT = "urval:open-export";

const TYPING =
  "textarea, select, input:not([type='checkbox'], [type='radio'], [type='range'], [type='button'], [type='submit'], [type='reset'])";
const CONTROL =
  "button, a[href], summary, input, [role='button'], [role='link'], [role='checkbox'], [role='tab'], [role='menuitem'], [role='option']";

function placeOf(target: EventTarget | null, enabled: boolean): ShortcutPlace {
  const element = target instanceof HTMLElement ? target : null;
  return {
    typing: Boolean(element && (element.isContentEditable || element.closest(TYPING))),
    // A modal, a header popup, the filter drawer, a menu or the narrow header's menu: no shortcut while one is open.
    blocked: anyLayerOpen(),
    onControl: Boolean(element?.closest(CONTROL)),
    enabled,
  };
}

const cardsOnScreen = () => [...document.querySelectorAll<HTMLElement>(".results__list .record-card")];

/** The current result: the card holding the focus, else the one open in the pane, else the last one moved to. */
function currentIndex(cards: HTMLElement[], lastId: string | null): number {
  const focused = document.activeElement;
  let index = cards.findIndex((card) => card.contains(focused));
  if (index < 0) index = cards.findIndex((card) => card.classList.contains("record-card--open"));
  if (index < 0 && lastId !== null) index = cards.findIndex((card) => card.dataset.recordId === lastId);
  return index;
}

function focusCard(card: HTMLElement): void {
  card.querySelector<HTMLElement>(".record-card__open")?.focus({ preventScroll: true });
  card.scrollIntoView({ block: "nearest" });
}

/** Carries out one shortcut; false when it had nothing to act on (the key is then left to the page). */
function runShortcut(action: ShortcutAction, screen: SearchScreenContext, last: { current: string | null }): boolean {
  const cards = cardsOnScreen();
  const index = currentIndex(cards, last.current);
  const card = cards[index];
  switch (action) {
    case "next":
    case "previous": {
      const target = cards[index < 0 ? 0 : Math.max(0, Math.min(cards.length - 1, index + (action === "next" ? 1 : -1)))];
      if (!target) return false;
      last.current = target.dataset.recordId ?? null;
      focusCard(target);
      if (screen.detailId !== null && last.current !== null && last.current !== screen.detailId) screen.openDetail(last.current);
      return true;
    }
    case "open":
      if (!card?.dataset.recordId) return false;
      if (screen.detailId !== card.dataset.recordId) screen.openDetail(card.dataset.recordId);
      return true;
    case "mark":
      if (!card?.dataset.recordId) return false;
      if (!screen.controller.getState().selection.active) screen.controller.dispatch({ type: "selectionMode", active: true });
      screen.controller.dispatch({ type: "toggleMarked", id: card.dataset.recordId });
      return true;
    case "export":
      document.dispatchEvent(new Event(OPEN_EXPORT_EVENT));
      return true;
    case "industry":
    case "place": {
      const set = action === "industry" ? "sni" : "location";
      if (screen.panel === set) document.querySelector<HTMLElement>(".tree-editor__search")?.focus();
      else screen.setPanel(set);
      return true;
    }
    case "help":
      return false;
  }
}

/** The choice kept in the browser: on until turned off, and on where storage is refused (private mode). */
function storedShortcutsOn(): boolean {
  try {
    return localStorage.getItem(SHORTCUTS_STORAGE_KEY) !== "av";
  } catch {
    return true;
  }
}

/**
 * Whether the user has left the shortcuts on: undefined until they choose on this page, and then the stored choice is
 * read where it is needed (a key press, the help), not at load. A page's first localStorage read waits for the browser
 * to load the site's storage: about 20 ms of a phone's hydration (decision 0071).
 */
function useShortcutsEnabled(): [boolean | undefined, (on: boolean) => void] {
  const [enabled, setEnabled] = useState<boolean | undefined>(undefined);
  const change = (on: boolean) => {
    setEnabled(on);
    try {
      if (on) localStorage.removeItem(SHORTCUTS_STORAGE_KEY);
      else localStorage.setItem(SHORTCUTS_STORAGE_KEY, "av");
    } catch {
      // Storage refused: the choice holds until the page is left.
    }
  };
  return [enabled, change];
}

function useShortcutKeys(screen: { readonly current: SearchScreenContext }, enabled: boolean | undefined, openHelp: () => void): void {
  useEffect(() => {
    const last = { current: null as string | null };
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event, placeOf(event.target, enabled ?? storedShortcutsOn()));
      if (action === null) return;
      if (action === "help") openHelp();
      else if (!runShortcut(action, screen.current, last)) return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [screen, enabled, openHelp]);
}

/** The visible hint ('Kortkommandon') with the help overlay, and the shortcuts themselves. */
export function KeyboardShortcuts() {
  const screen = useSearchScreen();
  const screenRef = useRef(screen);
  useEffect(() => {
    screenRef.current = screen;
  }, [screen]);
  const [helpOpen, setHelpOpen] = useState(false);
  const [enabled, setEnabled] = useShortcutsEnabled();
  const openHelp = useRef(() => setHelpOpen(true)).current;
  const closeHelp = () => setHelpOpen(false);
  useShortcutKeys(screenRef, enabled, openHelp);
  return (
    <p className="shortcut-hint">
      <button
        type="button"
        className="link-button"
        aria-haspopup="dialog"
        onClick={openHelp}
        onPointerEnter={ShortcutHelp.preload}
        onFocus={ShortcutHelp.preload}
      >
        Kortkommandon
      </button>
      {helpOpen ? (
        <Suspense fallback={<LoadingModal heading="Kortkommandon" />}>
          <ShortcutHelp.Component enabled={enabled ?? storedShortcutsOn()} onEnabled={setEnabled} onClose={closeHelp} />
        </Suspense>
      ) : null}
    </p>
  );
}
