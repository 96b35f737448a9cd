/** The screen's reference data: the loader's light version at first, the full set once the browser has loaded it. */
import { useEffect, useMemo, useState } from "react";
import { loadRefdata } from "../refdata";
import { refdataFromFull, refdataFromSidebar, type SearchRefdata, type SidebarRefdata } from "./search-refdata";

export function useScreenRefdata(lite: SidebarRefdata | null): SearchRefdata | null {
  const [full, setFull] = useState<SearchRefdata | null>(null);
  useEffect(() => {
    let active = true;
    // A failure opens the errorReload modal (spec §4 "Start"); the light version keeps serving meanwhile.
    loadRefdata().then(
      (refdata) => active && setFull(refdataFromFull(refdata)),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return useMemo(() => full ?? (lite ? refdataFromSidebar(lite) : null), [full, lite]);
}
