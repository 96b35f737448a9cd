/**
 * Remix's <ScrollRestoration> (scroll positions kept per history entry and restored on Back, Forward and reload)
 * without a sessionStorage access while a page loads (decision 0072).
 *
 * Remix's component reads the stored positions on every document load twice: in its inline script before the first
 * paint, and in a layout effect of react-router's useScrollRestoration in the hydration's commit. A page's first
 * storage access waits for the browser to load the site's storage: 1–12 ms in a warm browser here, and Remix's inline
 * script took 27–39 ms of a cold one's main thread (Lighthouse's runs; four times that on its phone profile).
 *
 * A position can be stored only for an entry this tab has shown before, and a document loaded by anything but a reload
 * or Back/Forward has a new entry, with a new key. So the inline script reads storage only after such a load. In-page
 * navigations restore from the positions the router keeps in memory, which are this document's entries' (an entry of
 * another document is shown by loading that document again); when the page is hidden they are written over the stored
 * ones, which are read then and kept, so the entries of the tab's other documents keep theirs.
 */
import { useLocation, useNavigation } from "@remix-run/react";
import { useContext, useEffect } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext } from "react-router-dom";
import { documentLoadType } from "../lib/load-type";
import { useBeforePaint } from "../lib/use-before-paint";

/** Remix's and react-router's key, so positions stored by either carry over. */
export const POSITIONS_KEY = "positions";

export type Positions = Record<string, number>;

/** Before the first paint: the entry gets a key of its own (the router's location key), and after a reload or a return
 * through the history, the position stored for it is restored. As Remix's script, with the storage read guarded. */
export const RESTORE_SCRIPT = `(function (storageKey) {
  if (!window.history.state || !window.history.state.key) {
    window.history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
  }
  try {
    var entry = performance.getEntriesByType("navigation")[0];
    if (entry && entry.type !== "reload" && entry.type !== "back_forward") return;
    var stored = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[window.history.state.key];
    if (typeof stored === "number") window.scrollTo(0, stored);
  } catch (error) {
    console.error(error);
    sessionStorage.removeItem(storageKey);
  }
})(${JSON.stringify(POSITIONS_KEY)})`;

/** The stored positions (sessionStorage's text) with this document's over them; unreadable stored text counts as none. */
export function mergePositions(stored: string | null, own: Positions): Positions {
  let merged: Positions = {};
  try {
    const parsed: unknown = JSON.parse(stored ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      merged = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
  } catch {
    // Unreadable: replaced by this document's positions.
  }
  return { ...merged, ...own };
}

/** The positions of this document's entries: the router reads and writes them (enableScrollRestoration). */
const positions: Positions = {};

function readStored(): string | null {
  try {
    return sessionStorage.getItem(POSITIONS_KEY);
  } catch {
    return null;
  }
}

function useScrollRestoration(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const navigation = useNavigation();
  const restore = state?.restoreScrollPosition;
  const preventReset = state?.preventScrollReset;

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    return () => {
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      if (navigation.state === "idle") positions[location.key] = window.scrollY;
      try {
        sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(mergePositions(readStored(), positions)));
      } catch {
        // Storage full or blocked: positions are kept for this document only.
      }
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("pagehide", onPageHide);
    return () => window.removeEventListener("pagehide", onPageHide);
  }, [navigation.state, location]);

  useBeforePaint(() => {
    // After a reload or a return, the stored positions as react-router reads them (the inline script has loaded the
    // storage already); after any other load there are none for this document's entries.
    const type = documentLoadType();
    if (type === null || type === "reload" || type === "back_forward") Object.assign(positions, mergePositions(readStored(), positions));
  }, []);

  useBeforePaint(() => router?.enableScrollRestoration(positions, () => window.scrollY), [router]);

  useBeforePaint(() => {
    // As react-router: false for submissions, a number when the entry was shown before, else its hash or the top.
    if (restore === false) return;
    if (typeof restore === "number") {
      window.scrollTo(0, restore);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (preventReset === true) return;
    window.scrollTo(0, 0);
  }, [location, restore, preventReset]);
}

export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPT }} />;
}
