/**
 * The search screen's keyboard help (keyboard-shortcuts.tsx, docs/decisions/0041): the shortcuts in a modal dialog, where
 * they can also be turned off (WCAG 2.1.4). Fetched when first opened (issue 48 point 6).
 */
import { createPortal } from "react-dom";
import { SEARCH_SHORTCUTS } from "../../lib/search/keyboard-shortcuts";
import { ModalFrame } from "../modal-frame";

export function ShortcutHelp({ enabled, onEnabled, onClose }: { enabled: boolean; onEnabled: (on: boolean) => void; onClose: () => void }) {
  // Portalled out of the page so that the modal frame can make the page behind it inert.
  return createPortal(
    <ModalFrame
      heading="Kortkommandon"
      onDismiss={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Stäng
        </button>
      }
    >
      <p>Arbeta dig igenom träfflistan med tangentbordet. Kortkommandona gäller inte medan du skriver i ett fält.</p>
      <dl className="shortcuts">
        {SEARCH_SHORTCUTS.map((entry) => (
          <div key={entry.keys.join()} className="shortcuts__row">
            <dt>
              {entry.keys.map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd>{entry.label}</dd>
          </div>
        ))}
      </dl>
      <label className="shortcuts__toggle">
        <input type="checkbox" checked={enabled} onChange={(event) => onEnabled(event.target.checked)} />
        Använd kortkommandon
      </label>
    </ModalFrame>,
    document.body,
  );
}
