/**
 * Reference data (spec §3, §7): all seven /sapi/refdata calls are loaded together, once per page load, and shared by
 * every screen. Failure opens the errorReload modal (spec §4 "Start", §8).
 */
import { useEffect, useState } from "react";
import type { z } from "zod";
import { api } from "./api";
import { openModal } from "./modal-store";
import { CODE_SETS, FLAT_CODE_SETS } from "#shared/search/search-fields";
import type { Refdata } from "./refdata-schemas";
import { entriesKey, type EntriesKey } from "./refdata-entries";

export type { CodeCounts, Refdata } from "./refdata-schemas";

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
    const values = await Promise.all(names.map(fetchPart));
    return Object.fromEntries(names.map((name, i) => [name, values[i]])) as Refdata;
  })().catch((error: unknown) => {
    loading = undefined;
    openModal({ kind: "errorReload" });
    throw error;
  });
  return loading;
}

function fetchPart(name: keyof Endpoints): Promise<unknown> {
  const schema = import("./refdata-schemas").then(({ REFDATA_SCHEMAS }) => REFDATA_SCHEMAS[name] as z.ZodType<unknown>);
  return api.call(ENDPOINTS[name], { schema, retries: 1 });
}

export type RefdataState = { status: "loading" } | { status: "ready"; refdata: Refdata } | { status: "error" };

/** Reference data for a component: loading until all of it has arrived (and while `enabled` is false). */
export function useRefdata(enabled = true): RefdataState {
  const [state, setState] = useState<RefdataState>({ status: "loading" });
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    loadRefdata().then(
      (refdata) => active && setState({ status: "ready", refdata }),
      () => active && setState({ status: "error" }),
    );
    return () => {
      active = false;
    };
  }, [enabled]);
  return state;
}
