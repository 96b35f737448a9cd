/**
 * The server side of /sok (spec §2): reads the search from `vad` (or the shared link of `referens`), runs its first
 * page through the API over the service binding and adds the light reference data of the sidebar, so a direct visit
 * renders results on the server. An unreadable `vad`, a search the API refuses, or an inactive link give a clear
 * notice and the default search. The loader never refreshes the session itself (the signed-in layout does; two
 * refreshes at once would trip refresh-token reuse detection): a 401 here leaves the search to the browser.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  RefEntriesSchema,
  RefTreeSchema,
  SearchAnswerSchema,
  SearchPageAnswerSchema,
  type RefEntry,
  type RefNode,
  type SearchPageAnswer,
} from "#shared/api-contracts/search-api";
import { WatchedIdsSchema } from "#shared/api-contracts/monitoring";
import { DEFAULT_ERROR_MESSAGE } from "#shared/error-message";
import { type Search } from "#shared/search/search-schema";
import { emptySearch } from "#shared/search/empty-search";
import { deserializeSearch } from "#shared/search/search-serialize";
import { topAllCounts } from "#shared/search/facet-levels";
import type { z } from "zod";
import { parseErrorBody } from "../api-error-body";
import { type ApiCallInit, callApi } from "../api.server";
import { type InitialSearch, INVALID_SEARCH_NOTICE } from "./initial-search";
import { shareEqualCounts } from "./share-equal-counts";
import { entriesKey, type EntriesKey } from "../refdata-entries";
import type { SidebarRefdata } from "./search-refdata";
import { CODE_SETS, FLAT_CODE_SETS } from "#shared/search/search-fields";

type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string | null };

export async function getJson<T>(
  context: AppLoadContext,
  request: Request,
  path: string,
  schema: z.ZodType<T>,
  init: ApiCallInit = {},
): Promise<Outcome<T>> {
  const response = await callApi(context, request, path, init);
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = parseErrorBody(json);
    return { ok: false, status: response.status, message: body?.type === "USER_MESSAGE" ? body.message : null };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, status: 502, message: null };
}

export function runFirstPage(context: AppLoadContext, request: Request, search: Search) {
  return getJson(context, request, "/sapi/search/page/0?facets=top", SearchPageAnswerSchema, { method: "POST", body: search });
}

/** The search the address asks for, or the default search with a notice. */
async function requestedSearch(context: AppLoadContext, request: Request, url: URL): Promise<{ search: Search; notice: string | null }> {
  const referens = url.searchParams.get("referens");
  if (referens) {
    const link = await getJson(context, request, `/sapi/search/shared-link/${encodeURIComponent(referens)}`, SearchAnswerSchema);
    if (link.ok) return { search: link.value, notice: null };
    return { search: emptySearch(), notice: link.message ?? DEFAULT_ERROR_MESSAGE };
  }
  const vad = url.searchParams.get("vad");
  if (!vad) return { search: emptySearch(), notice: null };
  const parsed = deserializeSearch(vad);
  return parsed.success ? { search: parsed.data, notice: null } : { search: emptySearch(), notice: INVALID_SEARCH_NOTICE };
}

export async function loadInitialSearch(context: AppLoadContext, request: Request): Promise<InitialSearch> {
  let { search, notice } = await requestedSearch(context, request, new URL(request.url));
  const refdataPromise = loadSidebarRefdata(context, request, search).catch(() => null);
  const watchedPromise = getJson(context, request, "/sapi/monitoring/companies", WatchedIdsSchema).catch(() => null);
  let page = await runFirstPage(context, request, search);
  if (!page.ok && page.status === 400) {
    // A well-formed search the API still refuses (an unknown code, another user's list file): show the default.
    notice = INVALID_SEARCH_NOTICE;
    search = emptySearch(search.resultType);
    page = await runFirstPage(context, request, search);
  }
  // A 401 leaves the search to the browser (it refreshes the session); a failure of the API is shown as it is.
  const error = !page.ok && page.status >= 500 ? (page.message ?? DEFAULT_ERROR_MESSAGE) : null;
  const answer = page.ok ? pageAnswer(page.value) : null;
  const watched = await watchedPromise;
  return {
    search,
    answer,
    notice,
    error,
    refdata: await refdataPromise,
    watched: answer && watched?.ok ? watchedOnPage(answer, watched.value.orgSeqNos) : null,
  };
}

/**
 * The first page's companies the user watches (decision 0071), so their cards render their watch buttons on the
 * server: the browser asked for the whole list after hydrating and then rendered the 20 buttons in one task.
 */
function watchedOnPage(answer: SearchPageAnswer, orgSeqNos: readonly number[]): number[] {
  const watched = new Set(orgSeqNos);
  return answer.results.records.flatMap((record) => ("orgSeqNo" in record && watched.has(record.orgSeqNo) ? [record.orgSeqNo] : []));
}

/**
 * What the page's data keeps of the first page's answer (decision 0071): the tree sets' all-of-Sweden counts only as far
 * as the sidebar shows them (the top level and the search's own codes: 2 of the 22 KB of them), marked "omitted", so
 * the browser does not hold them as whole (decision 0060) and its first search asks for them whole; and equal counts
 * as one object, which the page's data then carries once (share-equal-counts.ts).
 */
function pageAnswer(answer: SearchPageAnswer): SearchPageAnswer {
  const aggregations = shareEqualCounts(topAllCounts(answer.results.aggregations, answer.search));
  return { ...answer, allCounts: "omitted", results: { ...answer.results, aggregations } };
}

// ---------------------------------------------------------------- sidebar reference data

const REFDATA_TTL_MS = 10 * 60_000;
let cached: { at: number; data: Omit<SidebarRefdata, "sniLabels" | "locationTreeWhole">; sniTitles: Map<string, string> } | undefined;

async function loadStatic(context: AppLoadContext, request: Request) {
  if (cached && Date.now() - cached.at < REFDATA_TTL_MS) return cached;
  const get = <T>(name: string, schema: z.ZodType<T>) =>
    getJson(context, request, `/sapi/refdata/${name}`, schema).then((r) => (r.ok ? r.value : Promise.reject(new Error(name))));
  const [locationTree, sniTree, ...entries] = await Promise.all([
    get("location-tree", RefTreeSchema),
    get("sni-tree", RefTreeSchema),
    // Each flat code set's entries (search-fields.ts CODE_SETS `refdata`).
    ...FLAT_CODE_SETS.map((name) => get(CODE_SETS[name].refdata, RefEntriesSchema)),
  ]);
  const sniSections = sniTree.map(({ code, text }) => ({ code, text }));
  const byKey = Object.fromEntries(FLAT_CODE_SETS.map((name, k) => [entriesKey(name), entries[k] ?? []])) as Record<EntriesKey, RefEntry[]>;
  const data = { locationTree, ...byKey, sniSections };
  cached = { at: Date.now(), data, sniTitles: titlesByCode(sniTree) };
  return cached;
}

/** Every code of the SNI tree with its title, made once per load of the tree (not walked on every page). */
function titlesByCode(tree: RefNode[]): Map<string, string> {
  const titles = new Map<string, string>();
  const visit = (nodes: RefNode[]) => {
    for (const node of nodes) {
      titles.set(node.code, node.text);
      visit(node.children);
    }
  };
  visit(tree);
  return titles;
}

function sniTitles(titles: Map<string, string>, codes: readonly string[]): Record<string, string> {
  const wanted: Record<string, string> = {};
  for (const code of codes) {
    const title = titles.get(code);
    if (title !== undefined) wanted[code] = title;
  }
  return wanted;
}

/** The SNI sections (codes and titles), from the same cached load as the sidebar's (the start page's industry grid). */
export async function loadSniSections(context: AppLoadContext, request: Request): Promise<{ code: string; text: string }[]> {
  return (await loadStatic(context, request)).data.sniSections;
}

async function loadSidebarRefdata(context: AppLoadContext, request: Request, search: Search): Promise<SidebarRefdata> {
  const { data, sniTitles: titles } = await loadStatic(context, request);
  return {
    ...data,
    locationTree: placesShown(data.locationTree, search),
    locationTreeWhole: false,
    sniLabels: sniTitles(titles, search.codeSet.sni ?? []),
  };
}

/**
 * The places the sidebar and the summary name (decision 0071): the counties, and below them only the places on the way
 * to a code the search chooses or leaves out. The whole tree (311 places, 15 of the page data's 56 KB) comes to the
 * browser when the place editor or the map is opened, or the search names another place (use-screen-refdata.ts).
 */
export function placesShown(tree: RefNode[], search: Pick<Search, "codeSet" | "excludeCodeSet">): RefNode[] {
  const own = new Set([...(search.codeSet.location ?? []), ...(search.excludeCodeSet.location ?? [])]);
  const below = (nodes: RefNode[]): RefNode[] =>
    nodes.flatMap((node) => {
      const children = below(node.children);
      return own.has(node.code) || children.length > 0 ? [{ ...node, children }] : [];
    });
  return tree.map((county) => ({ ...county, children: below(county.children) }));
}
