/**
 * The button that opens and closes a header popup (use-popup.ts): Exportera, Dela, Spara bevakning, Listfiler and
 * Konto. It is the control the focus returns to when the popup closes.
 */
import type { ReactNode } from "react";
import type { Popup } from "./use-popup";

interface PopupButtonProps {
  popup: Popup;
  children: ReactNode;
  /** "menu" for a menu button (Exportera); the others open a region. */
  hasPopup?: "menu";
  /** The id of the popup it opens, where the popup has one. */
  controls?: string;
  /** Replaces the plain toggle, to prepare the popup's content before it opens. */
  onToggle?: () => void;
  /** The user points at, touches or focuses the button: time to fetch what the popup will need (lazy-with-preload.ts). */
  onIntent?: () => void;
}

export function PopupButton({ popup, children, hasPopup, controls, onToggle, onIntent }: PopupButtonProps) {
  return (
    <button
      ref={popup.buttonRef}
      type="button"
      className="nav-button"
      aria-haspopup={hasPopup}
      aria-expanded={popup.open}
      aria-controls={controls}
      onClick={onToggle ?? (() => popup.setOpen(!popup.open))}
      onPointerEnter={onIntent}
      onPointerDown={onIntent}
      onFocus={onIntent}
    >
      {children}
    </button>
  );
}
