/**
 * Reference data (spec §3, §7): all seven /sapi/refdata calls are loaded together, once per page load, and shared by
 * every screen. Failure opens the errorReload modal (spec §4 "Start", §8).
 */
import { useEffect, useState } from "react";
import { z } from "zod";
import { RefEntriesSchema, RefTreeSchema, SniAggregationSchema, SniKeywordsSchema } from "#shared/api-contracts/search-api";
import { api } from "./api";
import { openModal } from "./modal-store";

/** Counts per code ({ code: count }, as in a search answer's aggregations), read as a map. */
export const CodeCountsSchema = z.record(z.string(), z.number()).transform((value) => new Map(Object.entries(value)));
export type CodeCounts = Map<string, number>;

const SniCountsSchema = SniAggregationSchema.transform((list): CodeCounts => new Map(list.map((entry) => [entry.code, entry.count])));

const ENDPOINTS = {
  sniTree: ["/sapi/refdata/sni-tree", RefTreeSchema],
  locationTree: ["/sapi/refdata/location-tree", RefTreeSchema],
  companyFormEntries: ["/sapi/refdata/company-form-entries", RefEntriesSchema],
  fiscalYearEntries: ["/sapi/refdata/fiscal-year-entries", RefEntriesSchema],
  employeeRangeEntries: ["/sapi/refdata/employee-range-entries", RefEntriesSchema],
  sniKeywords: ["/sapi/refdata/sni-keywords", SniKeywordsSchema],
  sniAggregation: ["/sapi/refdata/sni-aggregation", SniCountsSchema],
} as const;

type Endpoints = typeof ENDPOINTS;
export type Refdata = { [K in keyof Endpoints]: z.output<Endpoints[K][1]> };

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
  const [path, schema] = ENDPOINTS[name];
  return api.call(path, { schema: schema as z.ZodType<unknown>, retries: 1 });
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
