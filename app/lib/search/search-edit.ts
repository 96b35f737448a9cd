/**
 * Pure edits of a search object (spec §3, §4): each returns a new search and leaves the old one untouched, so the
 * search store can compare, keep history and undo. The rules of spec §4 live here: adding a code puts it first and
 * avoids duplicates, removing the last code deletes the set, clearing keeps the result type, switching the result type
 * clears the constraints that apply to only one type.
 */
import {
  BOOL_FILTER_NAMES,
  BOOL_FILTERS,
  CODE_SET_NAMES,
  CODE_SETS,
  RANGE_FIELD_NAMES,
  RANGE_FIELDS,
  SORT_FIELDS,
  type BoolFilter,
  type CodeSetName,
  type NumSetName,
  type RangeField,
  type ResultType,
  type SortField,
} from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { DEFAULT_SORT } from "#shared/search/search-values";

type CodeSets = Search["codeSet"];

/** The code sets without `code` in set `name`; removing the last code deletes the set. */
function without(sets: CodeSets, name: CodeSetName, code: string): CodeSets {
  const rest = (sets[name] ?? []).filter((existing) => existing !== code);
  const out: CodeSets = { ...sets };
  if (rest.length === 0) delete out[name];
  else out[name] = rest;
  return out;
}

/** A tree's ancestors of a code (search-refdata.ts ancestorsOf); none for a flat code set, or a tree not loaded. */
export type Ancestors = (code: string) => readonly string[];
const NO_ANCESTORS: Ancestors = () => [];

/** The code sets without the codes of set `name` that `drop` picks; removing the last code deletes the set. */
function withoutAny(sets: CodeSets, name: CodeSetName, drop: (code: string) => boolean): CodeSets {
  return (sets[name] ?? []).filter(drop).reduce((out, code) => without(out, name, code), sets);
}

/**
 * Spec §4 "Code sets": the code goes first; an existing copy is removed first (no duplicates). A code that was
 * excluded is chosen instead, and an excluded code above it (`ancestors`) is no longer excluded: it would leave the
 * chosen code out.
 */
export function addCode(search: Search, name: CodeSetName, code: string, ancestors: Ancestors = NO_ANCESTORS): Search {
  const rest = (search.codeSet[name] ?? []).filter((existing) => existing !== code);
  const above = new Set([code, ...ancestors(code)]);
  const excludeCodeSet = withoutAny(search.excludeCodeSet, name, (excluded) => above.has(excluded));
  return { ...search, codeSet: { ...search.codeSet, [name]: [code, ...rest] }, excludeCodeSet };
}

/** Spec §4 "Code sets": removing the last code deletes the set. */
export function removeCode(search: Search, name: CodeSetName, code: string): Search {
  return { ...search, codeSet: without(search.codeSet, name, code) };
}

/**
 * "Uteslut" (issue 46, docs/decisions/0064): the code goes first among the excluded ones and is no longer chosen, nor
 * is a chosen code below it (`ancestors`: it would find nothing). A tree's excluded code leaves out its whole subtree,
 * also inside a chosen parent.
 */
export function excludeCode(search: Search, name: CodeSetName, code: string, ancestors: Ancestors = NO_ANCESTORS): Search {
  const rest = (search.excludeCodeSet[name] ?? []).filter((existing) => existing !== code);
  const codeSet = withoutAny(search.codeSet, name, (chosen) => chosen === code || ancestors(chosen).includes(code));
  return { ...search, codeSet, excludeCodeSet: { ...search.excludeCodeSet, [name]: [code, ...rest] } };
}

/** Takes a code out of the excluded ones (it is then neither chosen nor excluded). */
export function removeExcludedCode(search: Search, name: CodeSetName, code: string): Search {
  return { ...search, excludeCodeSet: without(search.excludeCodeSet, name, code) };
}

export function isExcluded(search: Search, name: CodeSetName, code: string): boolean {
  return search.excludeCodeSet[name]?.includes(code) ?? false;
}

export function toggleExcluded(search: Search, name: CodeSetName, code: string, ancestors: Ancestors = NO_ANCESTORS): Search {
  return isExcluded(search, name, code) ? removeExcludedCode(search, name, code) : excludeCode(search, name, code, ancestors);
}

export function hasCode(search: Search, name: CodeSetName, code: string): boolean {
  return search.codeSet[name]?.includes(code) ?? false;
}

export function toggleCode(search: Search, name: CodeSetName, code: string, ancestors: Ancestors = NO_ANCESTORS): Search {
  return hasCode(search, name, code) ? removeCode(search, name, code) : addCode(search, name, code, ancestors);
}

/** Sets a range ("from_to") or, with undefined, removes the constraint. */
export function setRange(search: Search, field: RangeField, value: string | undefined): Search {
  const range = { ...search.range };
  if (value === undefined) delete range[field];
  else range[field] = value;
  return { ...search, range };
}

/** Sets a boolean filter, or with undefined removes it ("Alla"). */
export function setBool(search: Search, name: BoolFilter, value: boolean | undefined): Search {
  const bool = { ...search.bool };
  if (value === undefined) delete bool[name];
  else bool[name] = value;
  return { ...search, bool };
}

export function setMatchOption(search: Search, name: "useMainSni" | "useLocation", value: boolean): Search {
  return { ...search, bool: { ...search.bool, [name]: value } };
}

export function setSort(search: Search, field: SortField, ascending: boolean): Search {
  return { ...search, sort: [{ field, ascending }] };
}

/** A search-session id for list files: positive, below 2^31, random so that sessions do not share files. */
export function newSeqNo(): number {
  return 1 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 2_147_483_646);
}

/** Ticks a list file on one side; it leaves the other side (spec §4 "List-file popup"). */
export function setListFile(search: Search, fileId: number, side: NumSetName | null): Search {
  const numSet: Search["numSet"] = {};
  for (const name of ["includeFile", "excludeFile"] as const) {
    const ids = (search.numSet[name] ?? []).filter((id) => id !== fileId);
    if (side === name) ids.push(fileId);
    if (ids.length > 0) numSet[name] = ids;
  }
  return { ...search, numSet };
}

export function listFileSide(search: Search, fileId: number): NumSetName | null {
  if (search.numSet.includeFile?.includes(fileId)) return "includeFile";
  if (search.numSet.excludeFile?.includes(fileId)) return "excludeFile";
  return null;
}

/**
 * The free text of the header box: a fresh search of the same type with only the text (spec §2), best matches first
 * (issue 26).
 */
export function withOnlyText(search: Search, text: string): Search {
  return { ...clearConstraints(search), text, sort: relevanceSort() };
}

/**
 * An industry or place chosen among the header box's suggestions (issue 26): a fresh search with that code and the
 * rest of the text (none when nothing is left).
 */
export function withOnlyCode(search: Search, name: "sni" | "location", code: string, text: string | null): Search {
  const fresh = clearConstraints(search);
  const rest = text?.trim() ? text.trim() : null;
  return { ...fresh, codeSet: { [name]: [code] }, text: rest, sort: rest ? relevanceSort() : fresh.sort };
}

/** Relevance ranks by the text: a search without one falls back to the default sort. */
export function withSortFittingText(search: Search): Search {
  if (search.text?.trim() || !search.sort.some((entry) => entry.field === "relevance")) return search;
  return { ...search, sort: defaultSort() };
}

function defaultSort(): Search["sort"] {
  return DEFAULT_SORT.map((entry) => ({ ...entry }));
}

function relevanceSort(): Search["sort"] {
  return [{ field: "relevance", ascending: false }];
}

/**
 * Spec §4 "Clearing": keeps the result type and resets everything else. The search session's seqNo is not a
 * constraint (it names the session the list files belong to) and stays.
 */
export function clearConstraints(search: Search): Search {
  const seqNo = search.numeric.seqNo;
  return {
    resultType: search.resultType,
    text: null,
    numeric: seqNo === undefined ? {} : { seqNo },
    range: {},
    bool: { useMainSni: true, useLocation: true },
    codeSet: {},
    excludeCodeSet: {},
    numSet: {},
    sort: defaultSort(),
  };
}

const bothTypes = (types: readonly ResultType[]) => types.length > 1;

/** Spec §4 "Switching result type": constraints that apply to one type only are cleared; the rest is kept. */
export function switchResultType(search: Search, resultType: ResultType): Search {
  const range: Search["range"] = {};
  for (const name of RANGE_FIELD_NAMES) {
    const value = search.range[name];
    if (value !== undefined && bothTypes(RANGE_FIELDS[name].types)) range[name] = value;
  }
  const bool: Search["bool"] = { useMainSni: search.bool.useMainSni, useLocation: search.bool.useLocation };
  for (const name of BOOL_FILTER_NAMES) {
    const value = search.bool[name];
    if (value !== undefined && bothTypes(BOOL_FILTERS[name].types)) bool[name] = value;
  }
  const codeSet: CodeSets = {};
  const excludeCodeSet: CodeSets = {};
  for (const name of CODE_SET_NAMES) {
    if (!bothTypes(CODE_SETS[name].types)) continue;
    const codes = search.codeSet[name];
    if (codes !== undefined) codeSet[name] = codes;
    const excluded = search.excludeCodeSet[name];
    if (excluded !== undefined) excludeCodeSet[name] = excluded;
  }
  const allowed: readonly string[] = SORT_FIELDS[resultType];
  const sort = search.sort.filter((entry) => allowed.includes(entry.field));
  return { ...search, resultType, range, bool, codeSet, excludeCodeSet, sort: sort.length > 0 ? sort : defaultSort() };
}

/** Whether the search has any constraint (text, codes, ranges, filters, list files, one company). */
export function hasConstraints(search: Search): boolean {
  const { useMainSni: _main, useLocation: _location, ...filters } = search.bool;
  return (
    search.text !== null ||
    search.numeric.orgSeqNo !== undefined ||
    Object.keys(search.range).length > 0 ||
    Object.keys(filters).length > 0 ||
    Object.keys(search.codeSet).length > 0 ||
    Object.keys(search.excludeCodeSet).length > 0 ||
    Object.keys(search.numSet).length > 0
  );
}
