/**
 * Keeps an open popup wholly inside the window (issue 48 point 8). Its stylesheet places it beside its button; where
 * that box would reach past the window's left or right edge, it is shifted sideways (the CSS `translate` property) by
 * as much, keeping a small margin, and where it would reach past the bottom, it gets as tall as the window leaves it
 * and scrolls within itself. Measured again whenever the window or the popup changes size, before paint. A popup that
 * the stylesheet lays out in the flow of another box (Konto in the phone's menu) scrolls with that box instead, which
 * is scrolled to show it.
 */
import type { RefObject } from "react";
import { useBeforePaint } from "./use-before-paint";

/** The gap kept between a moved popup and the window's edge. */
export const WINDOW_MARGIN_PX = 8;
/** A popup is never made shorter than this: below it the page scrolls instead. */
const MIN_HEIGHT_PX = 160;

/**
 * The sideways shift that brings a box spanning [left, right] back inside a window `width` wide: none for a box inside
 * it; else to the margin (less, as far as the box's width needs). A box wider than the window keeps its left edge in
 * it: the start of each line stays readable.
 */
export function shiftIntoWindow(left: number, right: number, width: number, margin = WINDOW_MARGIN_PX): number {
  if (left >= 0 && right <= width) return 0;
  const gap = Math.min(margin, Math.max(0, (width - (right - left)) / 2));
  const shift = right > width ? width - gap - right : 0;
  return left + shift < gap ? gap - left : shift;
}

/** The height that keeps a box spanning [top, bottom] above the window's bottom edge, or null when it fits. */
export function heightInWindow(top: number, bottom: number, height: number, margin = WINDOW_MARGIN_PX): number | null {
  if (bottom <= height - margin) return null;
  return Math.max(MIN_HEIGHT_PX, height - margin - top);
}

function place(panel: HTMLElement): void {
  const { style } = panel;
  const scrolled = panel.scrollTop;
  style.translate = "";
  style.maxHeight = "";
  style.overflowY = "";
  const box = panel.getBoundingClientRect();
  const { clientWidth, clientHeight } = document.documentElement;
  const shift = shiftIntoWindow(box.left, box.right, clientWidth);
  if (shift !== 0) style.translate = `${shift}px 0`;
  const inFlow = getComputedStyle(panel).position === "static";
  // In the flow of a box that scrolls (Konto in the phone's menu, capped at the window's height): that box scrolls it
  // into view, whole where it fits.
  if (inFlow && (box.bottom > clientHeight || box.top < 0)) panel.scrollIntoView({ block: "nearest" });
  const height = inFlow ? null : heightInWindow(box.top, box.bottom, clientHeight);
  if (height !== null) {
    style.maxHeight = `${height}px`;
    style.overflowY = "auto";
  }
  panel.scrollTop = scrolled;
}

export function useKeepInWindow(ref: RefObject<HTMLElement>, isOpen: boolean): void {
  useBeforePaint(() => {
    const panel = ref.current;
    if (!isOpen || !panel) return;
    const placePanel = () => place(panel);
    placePanel();
    // Placing ends at the size it found (the shift moves the box, the height is the one measured before): observing
    // the popup cannot loop.
    const observer = new ResizeObserver(placePanel);
    observer.observe(panel);
    window.addEventListener("resize", placePanel);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", placePanel);
    };
  }, [ref, isOpen]);
}
