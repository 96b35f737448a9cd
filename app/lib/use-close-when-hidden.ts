/**
 * Closes a narrow-screen panel (the header's menu, the filter drawer) when the window grows past its breakpoint while
 * it is open (a tablet turned to landscape): the element that only shows on narrow screens is then no longer displayed.
 */
import { type RefObject, useEffect } from "react";
import { isDisplayed } from "./focus-trap";

export function useCloseWhenHidden(open: boolean, narrowOnly: RefObject<HTMLElement>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onResize = () => {
      if (!isDisplayed(narrowOnly.current)) close();
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [open, narrowOnly, close]);
}
