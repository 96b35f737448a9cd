/**
 * The header's Exportera dropdown (spec §2 "Export dropdown"): 'Exportera alla' and 'Markera' + the result type word;
 * in selection mode 'Exportera alla', 'Exportera markerade (n st)', 'Exportera ej markerade (n st)' and
 * 'Ta bort markeringar'. A menu button: ↑/↓ move between items, Escape closes. The search screen's shortcut e opens it
 * (issue 38). The 'Exportera urval' popup with its designer is fetched when first opened (issue 48 point 6); opening the
 * menu, or pointing at or focusing its button, fetches it ahead.
 */
import { type KeyboardEvent, Suspense, useEffect, useState } from "react";
import { resultTypeWord } from "#shared/format";
import type { ExportScope } from "../../lib/search/export-limits";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { LoadingModal } from "../loading-modal";
import { OPEN_EXPORT_EVENT } from "./keyboard-shortcuts";
import { PopupButton } from "./popup-button";
import { useSearchScreen, useSearchState } from "./search-context";
import { usePopup } from "./use-popup";

const ExportDialog = lazyWithPreload(() => import("./export-dialog").then((m) => m.ExportDialog));

function onMenuKey(event: KeyboardEvent<HTMLElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>("[role='menuitem']")];
  const index = items.indexOf(document.activeElement as HTMLElement);
  const go = (i: number) => items[(i + items.length) % items.length]?.focus();
  if (event.key === "ArrowDown") go(index + 1);
  else if (event.key === "ArrowUp") go(index - 1);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(items.length - 1);
  else return;
  event.preventDefault();
}

/** `allowMarking` false (the start page, which has no cards) leaves out selection mode. */
export function ExportMenu({ allowMarking = true }: { allowMarking?: boolean }) {
  const { controller } = useSearchScreen();
  const { search, selection } = useSearchState();
  const menu = usePopup();
  const [dialog, setDialog] = useState<ExportScope | null>(null);
  const marked = selection.ids.length;
  // The shortcut e (keyboard-shortcuts.tsx): the marked rows' export when some are marked, else the export of all.
  const shortcutScope: ExportScope = selection.active && marked > 0 ? "marked" : "all";
  useEffect(() => {
    const onShortcut = () => setDialog(shortcutScope);
    document.addEventListener(OPEN_EXPORT_EVENT, onShortcut);
    return () => document.removeEventListener(OPEN_EXPORT_EVENT, onShortcut);
  }, [shortcutScope]);

  const choose = (action: () => void) => {
    menu.close();
    action();
  };
  const item = (label: string, action: () => void, disabled = false) => (
    <li role="none">
      <button type="button" role="menuitem" className="menu__item" disabled={disabled} onClick={() => choose(action)}>
        {label}
      </button>
    </li>
  );

  return (
    <div className="popup-anchor" ref={menu.rootRef}>
      <PopupButton popup={menu} hasPopup="menu" onIntent={ExportDialog.preload}>
        Exportera
      </PopupButton>
      {menu.open ? (
        <ul
          className="menu"
          role="menu"
          aria-label="Exportera"
          ref={menu.panelRef as React.RefObject<HTMLUListElement>}
          onKeyDown={onMenuKey}
        >
          {item("Exportera alla", () => setDialog("all"))}
          {selection.active ? (
            <>
              {item(`Exportera markerade (${marked} st)`, () => setDialog("marked"), marked === 0)}
              {item(`Exportera ej markerade (${marked} st)`, () => setDialog("unmarked"))}
              {item("Ta bort markeringar", () => controller.dispatch({ type: "selectionMode", active: false }))}
            </>
          ) : allowMarking ? (
            item(`Markera ${resultTypeWord(search.resultType)}`, () => controller.dispatch({ type: "selectionMode", active: true }))
          ) : null}
        </ul>
      ) : null}
      {dialog ? (
        <Suspense fallback={<LoadingModal heading="Exportera urval" wide />}>
          <ExportDialog.Component scope={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
