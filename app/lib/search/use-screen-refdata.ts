/**
 * The screen's reference data: the loader's light version at first, the full set once the browser has loaded it.
 *
 * The full set (all seven /sapi/refdata calls, about 37 KB gzip, the SNI tree alone 144 KB of JSON to parse) adds
 * only the deeper SNI levels and the SNI keywords to what the loader gave, so it is loaded when those are needed
 * (issue 48 point 6, docs/decisions/0060): when the search names an SNI code below a section (its label and the
 * sections it lies under), when the industry editor opens or its opener is pointed at, touched or focused (`want`),
 * or when the loader could not give the light version. Loaded at once after hydration it competed with the first
 * search for the phone's network and main thread.
 *
 * The light version's place tree holds the counties and the places on the way to the search's own; the whole place tree
 * (one call) comes when the place editor or the map opens, or the search names a place it lacks (decision 0071).
 */
import { startTransition, useCallback, useEffect, useMemo, useState } from "react";
import type { RefNode } from "#shared/api-contracts/search-api";
import type { TreeCodeSet } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { loadLocationTree, loadRefdata } from "../refdata";
import { indexTree, refdataFromFull, refdataFromSidebar, type SearchRefdata, type SidebarRefdata } from "./search-refdata";

export interface ScreenRefdata {
  refdata: SearchRefdata | null;
  /**
   * Starts loading what a tree's editor needs (idempotent): for the industries the full set, for the places the whole
   * place tree. Its opener calls it ahead of the click, the map when it opens.
   */
  want: (set: TreeCodeSet) => void;
}

/** What the screen needs beyond the loader's light version. */
export interface RefdataNeeds {
  sni: boolean;
  location: boolean;
}

/** Whether the light version lacks what these SNI codes need: any code below a section. */
export function needsFullSni(lite: SidebarRefdata | null, sniCodes: readonly string[] | undefined): boolean {
  if (!lite) return true;
  if (!sniCodes || sniCodes.length === 0) return false;
  const sections = new Set(lite.sniSections.map((section) => section.code));
  return sniCodes.some((code) => !sections.has(code));
}

const placesOf = new WeakMap<SidebarRefdata, ReadonlyMap<string, RefNode>>();

/** The light version's places by code (indexed once per light version: this runs on every change of the search). */
function lightPlaces(lite: SidebarRefdata): ReadonlyMap<string, RefNode> {
  let places = placesOf.get(lite);
  if (!places) {
    places = indexTree(lite.locationTree).byCode;
    placesOf.set(lite, places);
  }
  return places;
}

/**
 * Whether the search names a place the light version's tree lacks (one picked on the map, from the editor, from "Hitta
 * liknande"): its name, and the county it lies in, come with the whole tree (decision 0071).
 */
export function needsWholeLocation(lite: SidebarRefdata | null, search: Pick<Search, "codeSet" | "excludeCodeSet">): boolean {
  if (!lite) return true;
  if (lite.locationTreeWhole) return false;
  const codes = [...(search.codeSet.location ?? []), ...(search.excludeCodeSet.location ?? [])];
  if (codes.length === 0) return false;
  const places = lightPlaces(lite);
  return codes.some((code) => !places.has(code));
}

/** Loads once `needed` or wanted, and goes on when the need passes (a place removed before the answer came). */
function useLoadOnce<T>(needed: boolean, load: () => Promise<T>): [T | null, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const [wanted, setWanted] = useState(false);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (needed || wanted) setLoading(true);
  }, [needed, wanted]);
  useEffect(() => {
    if (!loading) return;
    let active = true;
    // A failure opens the errorReload modal (spec §4 "Start"); the light version keeps serving meanwhile.
    load().then(
      (loaded) => active && startTransition(() => setValue(loaded)),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [loading, load]);
  const want = useCallback(() => setWanted(true), []);
  return [value, want];
}

const loadFull = () => loadRefdata().then(refdataFromFull);

export function useScreenRefdata(lite: SidebarRefdata | null, needs: RefdataNeeds): ScreenRefdata {
  const [full, wantFull] = useLoadOnce(needs.sni || !lite, loadFull);
  const [places, wantPlaces] = useLoadOnce(needs.location, loadLocationTree);
  const want = useCallback((set: TreeCodeSet) => (set === "sni" ? wantFull() : wantPlaces()), [wantFull, wantPlaces]);
  const refdata = useMemo(() => full ?? (lite ? refdataFromSidebar(lite, places) : null), [full, lite, places]);
  return { refdata, want };
}
