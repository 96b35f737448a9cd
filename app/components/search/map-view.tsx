/**
 * 'Karta' beside the results (issue 39 point 1): a button that opens the selection on a map. The map itself
 * (selection-map.tsx) and its shapes are loaded only then, so the search screen's JavaScript does not grow. On a phone
 * the map is a full-screen sheet (search-results.css) that 'Stäng' or the system Back closes (use-back-to-close.ts).
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useBackToClose } from "../../lib/use-back-to-close";
import { useSearchScreen } from "./search-context";
import { Spinner } from "./spinner";

const SelectionMap = lazy(() => import("./selection-map"));

export function MapView() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useBackToClose(open, close);
  // The map shades the municipalities too: while it is open, searches ask for every level of the place counts.
  const { controller, wantFullRefdata } = useSearchScreen();
  useEffect(() => controller.showDeepFacets("map", open), [controller, open]);
  // A municipality picked on the map is named in the sidebar and the summary from the whole place tree.
  useEffect(() => {
    if (open) wantFullRefdata("location");
  }, [open, wantFullRefdata]);
  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [open]);

  return (
    <>
      <div className="map-bar">
        <button
          ref={buttonRef}
          type="button"
          className="button button--secondary button--small"
          aria-expanded={open}
          onClick={() => (open ? close() : setOpen(true))}
        >
          Karta
        </button>
      </div>
      {open ? (
        <section className="map-sheet" aria-labelledby="map-sheet-heading">
          <div className="map-sheet__header">
            <h2 id="map-sheet-heading" ref={headingRef} tabIndex={-1}>
              Karta
            </h2>
            <button type="button" className="button button--secondary button--small" onClick={close}>
              Stäng
            </button>
          </div>
          <Suspense fallback={<Spinner label="Hämtar kartan…" />}>
            <SelectionMap />
          </Suspense>
        </section>
      ) : null}
    </>
  );
}
