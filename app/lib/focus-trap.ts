/**
 * Keeps Tab and Shift+Tab inside a container (the narrow header's menu, the filter drawer): from the last shown
 * control Tab goes to the first, and back. Controls not displayed (a breakpoint hides them) are skipped.
 */
export const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

/** Whether an element takes part in layout (display: none, or inside such an element, does not). */
export const isDisplayed = (element: HTMLElement | null): element is HTMLElement => element !== null && element.getClientRects().length > 0;

/** Wraps a Tab keydown at the container's ends; any other key is left alone. */
export function trapTab(event: { key: string; shiftKey: boolean; preventDefault: () => void }, container: HTMLElement): void {
  if (event.key !== "Tab") return;
  const focusables = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isDisplayed);
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
