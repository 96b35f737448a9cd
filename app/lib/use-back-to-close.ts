/**
 * The system Back closes a full-screen sheet (issue 29: the filter drawer and the header's menu on a phone) instead of
 * leaving the page under it. (The detail sheet needs none of this: its record is in the address, issue 38.) Opening pushes a history entry with the same address, marked with the
 * sheet's depth; Back to the entry under it closes the sheet. Closing it any other way steps back over its own entry,
 * so no stale entry is left behind.
 *
 * React Router does not see these steps: a popstate that keeps the address the router shows is handled here and stopped
 * (a capturing listener on window runs before the router's), so no loader runs and the screen keeps its state. A
 * popstate that changes the address (a search pushed while the drawer was open, a link followed from the menu) is the
 * router's as always; when Back later lands on the entry a closed sheet left under it, the step goes on to the next.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useBeforePaint } from "./use-before-paint";

const DEPTH = "urvalSheet";

interface Sheet {
  depth: number;
  close: () => void;
}

let sheets: Sheet[] = [];
/** Back steps taken here (a sheet closed by its button), whose popstate only needs stopping. */
let ownSteps = 0;
let routerAddress = "";
let listening = false;

function depthOf(state: unknown): number {
  const depth = typeof state === "object" && state !== null ? (state as Record<string, unknown>)[DEPTH] : undefined;
  return typeof depth === "number" ? depth : 0;
}

const currentAddress = () => window.location.pathname + window.location.search + window.location.hash;

function onPopState(event: PopStateEvent) {
  if (currentAddress() !== routerAddress) return;
  event.stopImmediatePropagation();
  if (ownSteps > 0) {
    ownSteps--;
    return;
  }
  const depth = depthOf(event.state);
  const closing = sheets.filter((sheet) => sheet.depth > depth).reverse();
  if (closing.length > 0) {
    sheets = sheets.filter((sheet) => sheet.depth <= depth);
    for (const sheet of closing) sheet.close();
    return;
  }
  // The entry of a sheet that is no longer open: Back (to depth 0) or Forward (to a sheet's entry) moves on.
  if (depth === 0) window.history.back();
  else window.history.forward();
}

/** While `open`, Back calls `close`. */
export function useBackToClose(open: boolean, close: () => void): void {
  const { pathname, search, hash } = useLocation();
  useBeforePaint(() => {
    routerAddress = pathname + search + hash;
    // A search made inside an open sheet (a county picked on the phone's map) pushed an address of its own over the
    // sheet's entry: the sheets' entries go on top of it again, so that Back closes the sheet and keeps the pick
    // (issue 48 point 8). The first of the open sheets' hooks to see the new address does it for all of them, in the
    // commit that shows the address, before a Back pressed in the next frame.
    if (sheets.length > 0 && depthOf(window.history.state) === 0) {
      for (const sheet of sheets) window.history.pushState({ ...(window.history.state as object | null), [DEPTH]: sheet.depth }, "");
    }
  }, [pathname, search, hash]);
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!open) return;
    if (!listening) {
      window.addEventListener("popstate", onPopState, true);
      listening = true;
    }
    const sheet: Sheet = { depth: sheets.length + 1, close: () => closeRef.current() };
    sheets.push(sheet);
    window.history.pushState({ ...(window.history.state as object | null), [DEPTH]: sheet.depth }, "");
    return () => {
      if (!sheets.includes(sheet)) return;
      sheets = sheets.filter((other) => other !== sheet);
      if (depthOf(window.history.state) !== sheet.depth) return;
      ownSteps++;
      window.history.back();
    };
  }, [open]);
}
