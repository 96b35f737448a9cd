/**
 * Keeps user input from React until the page's data has arrived. Before that React 18 cannot hydrate the page, and an
 * input event that makes it try anyway ends in "Root did not complete" (React error #345; issue 36 point 6).
 *
 * With single fetch, Remix's RemixBrowser suspends at the root of the document until the loader data, streamed at the
 * end of the HTML after the entry script, has arrived and been decoded (Remix then sets `__remixContext.state`).
 * No Suspense boundary can sit above <html>. A discrete event (a key, input, click, submit…) on a page that has not
 * hydrated makes React 18 hydrate the root synchronously; the root suspends again, the render cannot complete and React
 * throws #345 as an uncaught error. React could not have handled such an event anyway. Until the data is there these
 * events are therefore stopped on `window` in the capture phase, before React's listeners on the document see them.
 * Their default actions still happen: typed text lands in its field (forms read their fields when submitted), and Enter
 * or a click on a submit button posts the form to its route's action, as before hydration or without JavaScript.
 */

/** React 18's discrete events that make it hydrate the target synchronously (isDiscreteEventThatRequiresHydration). */
export const HYDRATING_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

/** The part of the browser's window used here: its events and Remix's page context. */
export type EarlyInputWindow = EventTarget & { __remixContext?: { state?: unknown } };

/** True once RemixBrowser can render without suspending: the data has been decoded, or there is no Remix context. */
export function hasPageData(win: EarlyInputWindow): boolean {
  const context = win.__remixContext;
  return context === undefined || context.state !== undefined;
}

/** Call before hydrateRoot: stops hydrating events until the page's data is decoded, then gets out of the way. */
export function holdEarlyInput(win: EarlyInputWindow): void {
  if (hasPageData(win)) return;
  const hold = (event: Event) => {
    if (!hasPageData(win)) {
      event.stopImmediatePropagation();
      return;
    }
    for (const type of HYDRATING_EVENTS) win.removeEventListener(type, hold, { capture: true });
  };
  for (const type of HYDRATING_EVENTS) win.addEventListener(type, hold, { capture: true });
}
