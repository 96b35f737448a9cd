/**
 * Compiles a search into a scan plan over one entity's columns: hard constraints (text, ranges, list files,
 * numeric.orgSeqNo, limited-company-only) that every counted record must pass, and soft constraints (the facets:
 * SNI, place, small code sets, boolean filters) that disjunctive counting may relax one at a time.
 */
import type { ListFileMap } from "../backend";
import { BOOL_FILTER_NAMES, RANGE_FIELDS, rangeFieldDef, type BoolFilter, type RangeField } from "#shared/search/search-fields";
import type { RangeBounds } from "#shared/search/search-schema";
import type { ValidSearch } from "../search-model";
import { orgNoToNumber } from "../text";
import { FLAG_BITS, KNOWN_BITS, LIMITED_BIT, type EntityIndex, type SearchIndex, type SmallCodeSet } from "./index-types";
import { lowerBound, upperBound } from "./ranks";
import { companyPositionsOf, intersectSorted, positionsOfOrgNos, worksitesOfCompanies } from "./candidates";
import { matchText } from "./text-match";
import { codeToNodeMap, selectionMask, type TreeIndex } from "./tree-index";

export interface RangeConstraint {
  ranks: Uint32Array;
  lo: number;
  hi: number;
}

export interface SmallCodeFacet {
  name: SmallCodeSet;
  column: Uint8Array;
  /** 1 for selected code indexes; null when unconstrained. */
  selected: Uint8Array | null;
}

export interface ScanPlan {
  entity: EntityIndex;
  /** No record can pass the hard constraints. */
  empty: boolean;
  /** Positions to visit (ascending), or null for all. */
  candidates: Uint32Array | null;
  /** Free-text relevance by position (valid at the candidates), null without a text. */
  textScores: Uint16Array | null;
  hardMask: number;
  hardWant: number;
  ranges: RangeConstraint[];
  /**
   * A histogram's own range (issue 39): the range of the field whose histogram the search asks for, taken out of the
   * hard constraints and tested with the facets, so one pass finds both the hits and the records failing only it
   * (the histogram counts both: the search without its own range). Null otherwise.
   */
  ownRange: RangeConstraint | null;
  ownerAge: { lo: number; hi: number } | null;
  /** Over company positions: 1 = excluded by a list file. */
  excludeCompanies: Uint8Array | null;
  useMainSni: boolean;
  useAllLocations: boolean;
  /**
   * Node masks (tree size + 1, the last slot for an unknown node); null when unconstrained. Over a node column (main
   * SNI, own municipality): 1 where a record passes, chosen and not excluded. Over a record's every node (rows): 1 for
   * a chosen node, 2 for an excluded one, and a record passes when its base OR-ed with its nodes' values is exactly 1
   * (some node chosen, or nothing chosen: base 1; and none excluded). See nodeFilter.
   */
  sni: Uint8Array | null;
  location: Uint8Array | null;
  /** The start value of the rows test (1 when the search chooses no node of the tree, else 0). */
  sniBase: number;
  locationBase: number;
  smallCodes: SmallCodeFacet[];
  softMask: number;
  softWant: number;
  /** Node counts of the SNI and location trees (count arrays have one more slot, for unknown codes). */
  sniSize: number;
  locationSize: number;
}

const nodeIds = new WeakMap<TreeIndex, Map<string, number>>();

/** The tree's nodes at or below `codes` (1), over tree size + 1 slots (an unknown node reads 0). */
function subtreeMask(tree: TreeIndex, codes: readonly string[]): Uint8Array {
  let ids = nodeIds.get(tree);
  if (!ids) nodeIds.set(tree, (ids = codeToNodeMap(tree)));
  const known = ids;
  const selected = codes.map((code) => known.get(code)).filter((id): id is number => id !== undefined);
  const mask = new Uint8Array(tree.codes.length + 1);
  mask.set(selectionMask(tree, selected));
  return mask;
}

/**
 * A tree's constraint (ScanPlan.sni, .location): the chosen codes' subtrees minus the excluded codes' subtrees, as a
 * pass mask over a node column, or as values 1 (chosen) and 2 (excluded) with a base for a record's every node.
 */
function nodeFilter(tree: TreeIndex, chosen: readonly string[] = [], excluded: readonly string[] = [], rows: boolean) {
  if (chosen.length === 0 && excluded.length === 0) return { mask: null, base: 0 };
  const base = chosen.length === 0 ? 1 : 0;
  const mask = chosen.length === 0 ? new Uint8Array(tree.codes.length + 1) : subtreeMask(tree, chosen);
  const out = excluded.length === 0 ? null : subtreeMask(tree, excluded);
  for (let id = 0; id < mask.length; id++) {
    if (rows) mask[id] = out?.[id] === 1 ? 2 : (mask[id] as number);
    else mask[id] = ((base | (mask[id] as number)) & ((out?.[id] ?? 0) ^ 1)) as number;
  }
  return { mask, base };
}

function smallCodeFacets(index: SearchIndex, entity: EntityIndex, search: ValidSearch): SmallCodeFacet[] {
  return (Object.keys(entity.codes) as SmallCodeSet[]).map((name) => {
    const codes = search.codeSet[name] ?? [];
    const excluded = search.excludeCodeSet[name] ?? [];
    let selected: Uint8Array | null = null;
    if (codes.length > 0 || excluded.length > 0) {
      // Nothing chosen: every code passes but the excluded ones.
      selected = new Uint8Array(256).fill(codes.length > 0 ? 0 : 1);
      for (const code of codes) {
        const k = index.codeLists[name].indexOf(code);
        if (k >= 0) selected[k] = 1;
      }
      for (const code of excluded) {
        const k = index.codeLists[name].indexOf(code);
        if (k >= 0) selected[k] = 0;
      }
    }
    return { name, column: entity.codes[name] as Uint8Array, selected };
  });
}

function rangeConstraints(index: SearchIndex, entity: EntityIndex, search: ValidSearch) {
  const ranges: RangeConstraint[] = [];
  let ownerAge: ScanPlan["ownerAge"] = null;
  let empty = false;
  let limitedOnly = false;
  for (const [field, bounds] of Object.entries(search.range) as [RangeField, RangeBounds][]) {
    const def = rangeFieldDef(field);
    limitedOnly ||= def.limitedCompanyOnly;
    // The one list column: the beneficial owners' ages (EntityIndex.ownerAges).
    if (def.list) {
      ownerAge = { lo: bounds.from ?? -Infinity, hi: bounds.to ?? Infinity };
      continue;
    }
    const values = index.values[def.column];
    const ranks = entity.ranks[def.column];
    if (!values || !ranks) continue;
    const lo = bounds.from === null ? 0 : lowerBound(values, bounds.from);
    const hi = (bounds.to === null ? values.length : upperBound(values, bounds.to)) - 1;
    if (lo > hi) empty = true;
    ranges.push({ ranks, lo, hi });
  }
  return { ranges, ownerAge, empty, limitedOnly };
}

function softBools(search: ValidSearch) {
  let softMask = 0;
  let softWant = 0;
  for (const name of BOOL_FILTER_NAMES) {
    const want = search.bool[name as BoolFilter];
    if (want === undefined) continue;
    softMask |= 1 << FLAG_BITS[name];
    if (want) softWant |= 1 << FLAG_BITS[name];
    // Both values want the value known: an unknown record fails two bits, so no single-failure count takes it.
    const known = KNOWN_BITS[name as BoolFilter];
    if (known !== undefined) {
      softMask |= 1 << known;
      softWant |= 1 << known;
    }
  }
  return { softMask, softWant };
}

/**
 * Positions that the selective hard constraints allow (ascending), or null when none of them is set; and the text's
 * scores. A text without searchable words (only stop words or punctuation) matches nothing.
 */
function candidatesOf(index: SearchIndex, search: ValidSearch, listFiles: ListFileMap | undefined) {
  const isCompany = search.resultType === "COMPANY";
  const lists: Uint32Array[] = [];
  const forCompanies = (positions: Uint32Array) => (isCompany ? positions : worksitesOfCompanies(index.companies, positions));
  if (search.numeric.orgSeqNo !== undefined) lists.push(forCompanies(companyPositionsOf(index.companies, [search.numeric.orgSeqNo])));
  let textScores: Uint16Array | null = null;
  if (search.textQuery) {
    const match = matchText(index, isCompany ? index.companies : index.worksites, search.textQuery);
    lists.push(match.positions);
    textScores = match.scores;
  }
  const include = search.numSet.includeFile ?? [];
  if (include.length > 0) {
    const orgNos = include.flatMap((id) => listFiles?.get(id) ?? []).map(orgNoToNumber);
    lists.push(forCompanies(positionsOfOrgNos(index.companies, orgNos)));
  }
  return { candidates: lists.length === 0 ? null : lists.reduce(intersectSorted), textScores };
}

function excludeMask(index: SearchIndex, search: ValidSearch, listFiles: ListFileMap | undefined): Uint8Array | null {
  const exclude = search.numSet.excludeFile ?? [];
  if (exclude.length === 0) return null;
  const mask = new Uint8Array(index.companies.count);
  const orgNos = exclude.flatMap((id) => listFiles?.get(id) ?? []).map(orgNoToNumber);
  for (const position of positionsOfOrgNos(index.companies, orgNos)) mask[position] = 1;
  return mask;
}

/**
 * The plan of a search. With `histogram` naming a range the search sets on a field that does not restrict to limited
 * companies, that range becomes the plan's ownRange (a soft constraint; see ScanPlan.ownRange).
 */
export function planScan(index: SearchIndex, search: ValidSearch, listFiles?: ListFileMap, histogram?: RangeField): ScanPlan {
  const entity = search.resultType === "COMPANY" ? index.companies : index.worksites;
  const own = histogram && search.range[histogram] && !RANGE_FIELDS[histogram].limitedCompanyOnly ? histogram : null;
  const others = Object.fromEntries(Object.entries(search.range).filter(([field]) => field !== own)) as ValidSearch["range"];
  const { ranges, ownerAge, empty, limitedOnly } = rangeConstraints(index, entity, own ? { ...search, range: others } : search);
  const ownRange = own ? (rangeConstraints(index, entity, { ...search, range: { [own]: search.range[own] } }).ranges[0] ?? null) : null;
  const useAllLocations = !search.bool.useLocation && entity.locationAll !== null;
  const sni = nodeFilter(index.sni, search.codeSet.sni, search.excludeCodeSet.sni, !search.bool.useMainSni);
  const location = nodeFilter(index.location, search.codeSet.location, search.excludeCodeSet.location, useAllLocations);
  return {
    entity,
    empty,
    ...candidatesOf(index, search, listFiles),
    hardMask: limitedOnly ? 1 << LIMITED_BIT : 0,
    hardWant: limitedOnly ? 1 << LIMITED_BIT : 0,
    ranges,
    ownRange,
    ownerAge,
    excludeCompanies: excludeMask(index, search, listFiles),
    useMainSni: search.bool.useMainSni,
    useAllLocations,
    sni: sni.mask,
    location: location.mask,
    sniBase: sni.base,
    locationBase: location.base,
    smallCodes: smallCodeFacets(index, entity, search),
    ...softBools(search),
    sniSize: index.sni.codes.length,
    locationSize: index.location.codes.length,
  };
}

/** The plan of the empty search: every record counts (the `_all` aggregations). */
export function planAll(index: SearchIndex, search: ValidSearch): ScanPlan {
  return planScan(index, {
    ...search,
    text: null,
    textQuery: null,
    numeric: {},
    range: {},
    bool: { useMainSni: search.bool.useMainSni, useLocation: search.bool.useLocation },
    codeSet: {},
    excludeCodeSet: {},
    numSet: {},
  });
}
