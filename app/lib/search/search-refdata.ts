/**
 * Reference data as the search screen uses it: the location and SNI trees indexed by code (for labels, breadcrumbs
 * and drill-in), the code lists of the sidebar, and the SNI keywords of the tree search. The server-rendered page gets
 * a light version from its loader (everything but the big SNI tree and keywords, plus the titles of the SNI codes the
 * search names); the browser then loads the full set once (app/lib/refdata.ts) and the screen switches to it.
 */
import type { RefEntry, RefNode } from "#shared/api-contracts/search-api";
import { FLAT_CODE_SETS, type CodeSetName, type FlatCodeSet } from "#shared/search/search-fields";
import type { Refdata } from "../refdata";
import { entriesKey, type EntriesKey } from "../refdata-entries";

/** Every flat code set's entries, by set, from reference data that holds them under their keys. */
const entriesOf = (data: Readonly<Record<EntriesKey, RefEntry[]>>): Record<FlatCodeSet, RefEntry[]> =>
  Object.fromEntries(FLAT_CODE_SETS.map((name) => [name, data[entriesKey(name)]])) as Record<FlatCodeSet, RefEntry[]>;

/**
 * The light reference data of the loader (search-loader.server.ts builds it from the checked refdata answers), with
 * each flat code set's entries under its EntriesKey.
 */
export interface SidebarRefdata extends Record<EntriesKey, RefEntry[]> {
  /** The loader's: the counties and the places on the way to the search's own (search-loader.server.ts placesShown). */
  locationTree: RefNode[];
  /** Whether `locationTree` is the whole tree. */
  locationTreeWhole: boolean;
  /** SNI sections (top level), code and title. */
  sniSections: RefEntry[];
  /** Titles of the SNI codes the search names. */
  sniLabels: Record<string, string>;
}

export interface TreeIndex {
  roots: RefNode[];
  byCode: Map<string, RefNode>;
  parentOf: Map<string, string>;
}

export function indexTree(roots: RefNode[]): TreeIndex {
  const byCode = new Map<string, RefNode>();
  const parentOf = new Map<string, string>();
  const visit = (node: RefNode, parent: string | null) => {
    byCode.set(node.code, node);
    if (parent !== null) parentOf.set(node.code, parent);
    for (const child of node.children) visit(child, node.code);
  };
  for (const root of roots) visit(root, null);
  return { roots, byCode, parentOf };
}

/** Ancestors of a code from the top ("01110" → ["A", "01", "011", "0111"]). */
export function ancestorsOf(tree: TreeIndex, code: string): string[] {
  const path: string[] = [];
  for (let parent = tree.parentOf.get(code); parent !== undefined; parent = tree.parentOf.get(parent)) path.unshift(parent);
  return path;
}

/**
 * The nodes shown as partly selected (issue 25): ancestors of a chosen code that are not chosen themselves (a chosen
 * node takes in its whole subtree, so its descendants are not "partly" anything).
 */
export function partlySelected(tree: TreeIndex, selected: readonly string[]): Set<string> {
  const chosen = new Set(selected);
  const partly = new Set<string>();
  for (const code of selected) for (const ancestor of ancestorsOf(tree, code)) if (!chosen.has(ancestor)) partly.add(ancestor);
  return partly;
}

export interface SearchRefdata {
  /** Full SNI tree; null until the browser has loaded it. */
  sni: TreeIndex | null;
  sniSections: { code: string; text: string }[];
  location: TreeIndex;
  /** Whether `location` is the whole place tree (the place editor's), not the loader's places shown (decision 0071). */
  locationWhole: boolean;
  /** Each flat code set's entries, in the sidebar's order. */
  entries: Record<FlatCodeSet, { code: string; text: string }[]>;
  /** SNI detail group → search words; null until loaded. */
  sniKeywords: Record<string, string[]> | null;
  sniLabels: Record<string, string>;
}

/** The loader's light version, with the whole place tree once the browser has loaded it. */
export function refdataFromSidebar(lite: SidebarRefdata, locationTree: RefNode[] | null = null): SearchRefdata {
  return {
    sni: null,
    sniSections: lite.sniSections,
    location: indexTree(locationTree ?? lite.locationTree),
    locationWhole: locationTree !== null || lite.locationTreeWhole,
    entries: entriesOf(lite),
    sniKeywords: null,
    sniLabels: lite.sniLabels,
  };
}

export function refdataFromFull(full: Refdata): SearchRefdata {
  return {
    sni: indexTree(full.sniTree),
    sniSections: full.sniTree.map(({ code, text }) => ({ code, text })),
    location: indexTree(full.locationTree),
    locationWhole: true,
    entries: entriesOf(full),
    sniKeywords: full.sniKeywords,
    sniLabels: {},
  };
}

/** The title of a code in a code set; the code itself when unknown. */
export function codeLabel(refdata: SearchRefdata, set: CodeSetName, code: string): string {
  if (set === "sni")
    return refdata.sni?.byCode.get(code)?.text ?? refdata.sniLabels[code] ?? refdata.sniSections.find((s) => s.code === code)?.text ?? code;
  if (set === "location") return refdata.location.byCode.get(code)?.text ?? code;
  return refdata.entries[set as FlatCodeSet].find((entry) => entry.code === code)?.text ?? code;
}
