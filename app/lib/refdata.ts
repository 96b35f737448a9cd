/**
 * Reference data (spec §3, §7): all seven /sapi/refdata calls are loaded together, once per page load, and shared by
 * every screen. Failure opens the errorReload modal (spec §4 "Start", §8). Every page loads them at start, so they are
 * read as the API checked them against their contracts, as the other answers a page asks for at start (decision
 * 0063): a page's load fetches no zod.
 */
import { startTransition, useEffect, useState } from "react";
import { api } from "./api";
import { openModal } from "./modal-store";
import { CODE_SETS, FLAT_CODE_SETS } from "#shared/search/search-fields";
import type { RefNode, SniAggregation } from "#shared/api-contracts/search-api";
import type { Refdata } from "./refdata-types";
import { entriesKey, type EntriesKey } from "./refdata-entries";

export type { CodeCounts, Refdata } from "./refdata-types";

const ENDPOINTS = {
  sniTree: "/sapi/refdata/sni-tree",
  locationTree: "/sapi/refdata/location-tree",
  // Each flat code set's entries under its declared name (search-fields.ts CODE_SETS `refdata`).
  ...(Object.fromEntries(FLAT_CODE_SETS.map((name) => [entriesKey(name), `/sapi/refdata/${CODE_SETS[name].refdata}`])) as Record<
    EntriesKey,
    string
  >),
  sniKeywords: "/sapi/refdata/sni-keywords",
  sniAggregation: "/sapi/refdata/sni-aggregation",
} as const;

type Endpoints = typeof ENDPOINTS;

let loading: Promise<Refdata> | undefined;

/** Loads all reference data together (cached for the page's lifetime); opens errorReload when any part fails. */
export function loadRefdata(): Promise<Refdata> {
  loading ??= (async () => {
    const names = Object.keys(ENDPOINTS) as (keyof Endpoints)[];
    const values = await Promise.all(names.map((name) => api.call<unknown>(ENDPOINTS[name], { retries: 1 })));
    const parts = Object.fromEntries(names.map((name, i) => [name, values[i]]));
    // The industries' counts come as a list; the screens read them by code.
    const sniAggregation = new Map((parts.sniAggregation as SniAggregation).map((entry) => [entry.code, entry.count]));
    return { ...parts, sniAggregation } as Refdata;
  })().catch((error: unknown) => {
    loading = undefined;
    openModal({ kind: "errorReload" });
    throw error;
  });
  return loading;
}

let loadingPlaces: Promise<RefNode[]> | undefined;

/**
 * The place tree alone (cached for the page's lifetime), for the search screen's place editor and map when the rest of
 * the reference data is not needed (decision 0071): from the whole load when that has begun. Failure opens
 * errorReload, as for the whole load.
 */
export function loadLocationTree(): Promise<RefNode[]> {
  if (loading) return loading.then((refdata) => refdata.locationTree);
  loadingPlaces ??= api.call<RefNode[]>(ENDPOINTS.locationTree, { retries: 1 }).catch((error: unknown) => {
    loadingPlaces = undefined;
    openModal({ kind: "errorReload" });
    throw error;
  });
  return loadingPlaces;
}

export type RefdataState = { status: "loading" } | { status: "ready"; refdata: Refdata } | { status: "error" };

/** Reference data for a component: loading until all of it has arrived (and while `enabled` is false). */
export function useRefdata(enabled = true): RefdataState {
  const [state, setState] = useState<RefdataState>({ status: "loading" });
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    // In a transition: the screens that wait for it re-render in slices, not in one long task (issue 48 point 6).
    loadRefdata().then(
      (refdata) => active && startTransition(() => setState({ status: "ready", refdata })),
      () => active && startTransition(() => setState({ status: "error" })),
    );
    return () => {
      active = false;
    };
  }, [enabled]);
  return state;
}
