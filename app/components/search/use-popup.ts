/**
 * An anchored header popup's behaviour: closes on a pointer press outside it or on Escape (focus goes back to its
 * button), moves focus into it when opened and keeps it there while open (use-focus-trap.ts), and stays wholly inside
 * the window at any width (use-keep-in-window.ts, issue 48).
 */
import { useRef, useState } from "react";
import { useBeforePaint } from "../../lib/use-before-paint";
import { useKeepInWindow } from "../../lib/use-keep-in-window";
import { focusablesIn, useFocusTrap } from "../use-focus-trap";

export type Popup = ReturnType<typeof usePopup>;

export function usePopup<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<T>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  // Before the effect below moves the focus in: the trap notes the button as the control to return to.
  useFocusTrap(panelRef, open, close);
  useKeepInWindow(panelRef, open);

  // Before paint, as the trap: a key pressed as soon as the popup shows already finds the focus in it.
  useBeforePaint(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>("[data-autofocus]") ?? (panel ? focusablesIn(panel)[0] : undefined);
    first?.focus();
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  return { open, setOpen, close, rootRef, buttonRef, panelRef };
}
