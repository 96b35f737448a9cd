/**
 * The screen's reference data: the loader's light version at first, the full set once the browser has loaded it.
 *
 * The full set (all seven /sapi/refdata calls, about 37 KB gzip, the SNI tree alone 144 KB of JSON to parse) adds
 * only the deeper SNI levels and the SNI keywords to what the loader gave, so it is loaded when those are needed
 * (issue 48 point 6, docs/decisions/0060): when the search names an SNI code below a section (its label and the
 * sections it lies under), when the industry editor opens or its opener is pointed at, touched or focused (`want`),
 * or when the loader could not give the light version. Loaded at once after hydration it competed with the first
 * search for the phone's network and main thread.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { loadRefdata } from "../refdata";
import { refdataFromFull, refdataFromSidebar, type SearchRefdata, type SidebarRefdata } from "./search-refdata";

export interface ScreenRefdata {
  refdata: SearchRefdata | null;
  /** Starts loading the full set (idempotent): an opener of the industry editor calls it ahead of the click. */
  want: () => void;
}

/** Whether the light version lacks what these SNI codes need: any code below a section. */
export function needsFullSni(lite: SidebarRefdata | null, sniCodes: readonly string[] | undefined): boolean {
  if (!lite) return true;
  if (!sniCodes || sniCodes.length === 0) return false;
  const sections = new Set(lite.sniSections.map((section) => section.code));
  return sniCodes.some((code) => !sections.has(code));
}

export function useScreenRefdata(lite: SidebarRefdata | null, needed: boolean): ScreenRefdata {
  const [full, setFull] = useState<SearchRefdata | null>(null);
  const [wanted, setWanted] = useState(false);
  // Once asked for, the load goes on even when the need passes (a deeper code removed before the answer came).
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (needed || wanted) setLoading(true);
  }, [needed, wanted]);
  useEffect(() => {
    if (!loading) return;
    let active = true;
    // A failure opens the errorReload modal (spec §4 "Start"); the light version keeps serving meanwhile.
    loadRefdata().then(
      (refdata) => active && setFull(refdataFromFull(refdata)),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [loading]);
  const want = useCallback(() => setWanted(true), []);
  const refdata = useMemo(() => full ?? (lite ? refdataFromSidebar(lite) : null), [full, lite]);
  return { refdata, want };
}
