/**
 * Whether an element's content is wider than the element (it scrolls sideways), followed as the element resizes. A
 * region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable), but only then: on a wide
 * screen the same table stays out of the tab order.
 */
import { type RefObject, useEffect, useState } from "react";

export function useIsScrollable(ref: RefObject<HTMLElement>): boolean {
  const [isScrollable, setIsScrollable] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setIsScrollable(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return isScrollable;
}
