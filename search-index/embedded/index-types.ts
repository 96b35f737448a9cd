/**
 * The in-memory column index of the embedded backend. Every array is indexed by a record's position; records are
 * ordered by id (orgSeqNo, cfarNo), so comparing positions breaks sort ties by id.
 */
import { BOOL_FILTER_NAMES, unknownGroupOf, type BoolFilter, type FlatCodeSet } from "#shared/search/search-fields";
import type { TreeIndex } from "./tree-index";

/** Compressed sparse rows: the values of record i are values[offsets[i] .. offsets[i + 1]). */
export interface Csr<T extends Uint8Array | Uint16Array | Uint32Array> {
  offsets: Uint32Array;
  values: T;
}

/** Sorted distinct words, each with the ascending positions of the records whose name has it. */
export interface WordIndex {
  words: string[];
  offsets: Uint32Array;
  postings: Uint32Array;
}

/**
 * Rank of a missing value: sorts last in both directions, fails every range. Ranks stay below 2^31 so V8 keeps them
 * in int32 arithmetic.
 */
export const NULL_RANK = 0x7fffffff;
/** Code index of a missing code in the small code columns. */
export const NO_CODE = 0xff;

/** The flat code sets (search-fields.ts, kind "codes"): a code column each, one byte per record. */
export type SmallCodeSet = FlatCodeSet;

export interface EntityIndex {
  count: number;
  /** orgSeqNo (companies) or cfarNo (worksites), ascending. */
  ids: Float64Array;
  /** One bit per boolean filter, see FLAG_BITS. */
  flags: Uint16Array;
  /** Tree node of the main SNI code (unknownNode(tree) when none or unknown). */
  mainSni: Uint16Array;
  /** Every SNI node of the record: all its codes and their ancestors, without duplicates. */
  sniAll: Csr<Uint16Array>;
  /** Municipality node of the record's own place (a company's seat). */
  municipality: Uint16Array;
  /** Companies: municipality and county nodes of the seat and of every worksite, without duplicates. */
  locationAll: Csr<Uint16Array> | null;
  /**
   * Per flat code set of the entity's result type, in declaration order: index into SearchIndex.codeLists[name],
   * NO_CODE when missing.
   */
  codes: Partial<Record<SmallCodeSet, Uint8Array>>;
  /** Dense rank (by value, ascending) per ranked field; NULL_RANK when missing. */
  ranks: Record<string, Uint32Array>;
  /** Companies: beneficial owners' ages. */
  ownerAges: Csr<Uint8Array> | null;
  /** Worksites: position of their company. */
  company: Uint32Array | null;
  words: WordIndex;
}

export interface CompanyIndex extends EntityIndex {
  /** Organisation number as a 10-digit number, and the positions sorted by it. */
  orgNo: Float64Array;
  orgNoOrder: Uint32Array;
  /** Positions of each company's worksites. */
  worksites: Csr<Uint32Array>;
}

export interface SearchIndex {
  format: 1;
  version: number;
  builtAt: string;
  sni: TreeIndex;
  location: TreeIndex;
  codeLists: Record<SmallCodeSet, string[]>;
  /** Sorted distinct values per range field; a rank indexes into it. */
  values: Record<string, Float64Array>;
  companies: CompanyIndex;
  worksites: EntityIndex;
}

/**
 * Bit of each boolean filter in EntityIndex.flags: its position among the declared flags (search-fields.ts
 * BOOL_FILTER_NAMES), so a new flag gets the next bit; the known bits (KNOWN_BITS) follow, and LIMITED marks limited
 * companies (forms 41, 42, 49) after them.
 * The flags column is 16 bits wide (field-declarations.test.ts checks they fit).
 */
export const FLAG_BITS = Object.fromEntries(BOOL_FILTER_NAMES.map((name, bit) => [name, bit])) as Record<BoolFilter, number>;
/**
 * A flag that may be unknown (search-fields.ts `mayBeUnknown`) has a second bit after the flags, set where its value is
 * known: 'Nej' wants it set and the flag's own bit clear, so an unknown record is neither 'Ja' nor 'Nej'. Flags known
 * or unknown together (`unknownGroup`: the three registrations) share one such bit, one per group in declaration order.
 */
const UNKNOWN_GROUPS = [...new Set(BOOL_FILTER_NAMES.map(unknownGroupOf).filter((group) => group !== undefined))];
export const KNOWN_BITS: Partial<Record<BoolFilter, number>> = Object.fromEntries(
  BOOL_FILTER_NAMES.flatMap((name) => {
    const group = unknownGroupOf(name);
    return group === undefined ? [] : [[name, BOOL_FILTER_NAMES.length + UNKNOWN_GROUPS.indexOf(group)]];
  }),
);
export const LIMITED_BIT = BOOL_FILTER_NAMES.length + UNKNOWN_GROUPS.length;
export const FLAG_COMBINATIONS = 1 << (LIMITED_BIT + 1);
