/**
 * Keeps keyboard focus inside a popup or modal while it is open (issue 25): Tab and Shift+Tab wrap at its ends, focus
 * that falls out of it (a button that disables itself while it works, a form replaced by its confirmation) is taken
 * back to it, Escape calls `onEscape` wherever the focus fell, and on closing the focus returns to the control that
 * had it when the popup opened (unless the user has moved it elsewhere meanwhile, e.g. by clicking another field).
 */
import { type RefObject, useRef } from "react";
import { FOCUSABLE, isDisplayed, trapTab } from "../lib/focus-trap";
import { useBeforePaint } from "../lib/use-before-paint";

/** The controls of `container` that Tab reaches, in order. */
export function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isDisplayed);
}

const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Tab from outside the container's controls (the focus fell to the page, or to the container itself) goes to its first
 * or last control; among them, it wraps.
 */
function wrapTab(container: HTMLElement, event: KeyboardEvent): void {
  const focusables = focusablesIn(container);
  const focused = document.activeElement;
  if (focused !== container && container.contains(focused) && focusables.length > 0) return trapTab(event, container);
  event.preventDefault();
  (event.shiftKey ? focusables[focusables.length - 1] : focusables[0])?.focus();
}

export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean, onEscape?: () => void): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;

  // Before paint: an Escape or Tab pressed as soon as the popup shows (a busy machine runs passive effects later) is
  // heard, and the opener is noted before the focus moves in.
  useBeforePaint(() => {
    const root = container.current;
    if (!active || !root) return;
    const opener = document.activeElement instanceof HTMLElement && !root.contains(document.activeElement) ? document.activeElement : null;
    if (!root.hasAttribute("tabindex")) root.tabIndex = -1;
    // Capture: handled before the page's own listeners (the detail pane's Escape sees defaultPrevented).
    const onKey = (event: KeyboardEvent) => {
      const inside = root.contains(document.activeElement) || focusIsLost();
      if (!inside) return;
      if (event.key === "Escape" && escape.current) {
        event.preventDefault();
        escape.current();
      } else if (event.key === "Tab") wrapTab(root, event);
    };
    const recover = () => {
      if (focusIsLost() && root.isConnected) root.focus();
    };
    const observer = new MutationObserver(recover);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "hidden"] });
    document.addEventListener("keydown", onKey, true);
    return () => {
      observer.disconnect();
      document.removeEventListener("keydown", onKey, true);
      // After the other effects' cleanups: a modal's opener is inert until the modal's background is restored.
      queueMicrotask(() => {
        if ((focusIsLost() || root.contains(document.activeElement)) && opener?.isConnected) opener.focus();
      });
    };
  }, [container, active]);
}
