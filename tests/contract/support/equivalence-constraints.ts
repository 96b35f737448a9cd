/**
 * Arbitraries of the equivalence searches' constraints (code sets, ranges, boolean filters), with values from the
 * generated dataset. Codes are mostly taken from one anchor record, so stacked constraints still leave hits whose facet
 * counts are worth comparing; the rest come from anywhere in the dataset (or the reference data).
 */
import fc from "fast-check";
import { CODE_SET_ENTRIES } from "#search-index/refdata/index";
import {
  BOOL_FILTER_NAMES,
  BOOL_FILTERS,
  CODE_SETS,
  FLAT_CODE_SETS,
  RANGE_FIELD_NAMES,
  RANGE_FIELDS,
  type RangeField,
  type ResultType,
} from "#shared/search/search-fields";
import type { Anchor, ValuePools } from "./equivalence-pools";

/** How many times a constraint is left out for each time it is present (narrow searches: few; broad ones: many). */
export type Absence = number;

export const sometimes = <T>(arb: fc.Arbitrary<T>, empty: T, absent: Absence) =>
  fc.oneof({ weight: absent, arbitrary: fc.constant(empty) }, { weight: 1, arbitrary: arb });

/** One element of a (possibly large) array, without spreading it into constantFrom. */
export const elementOf = <T>(values: readonly T[]) => fc.integer({ min: 0, max: values.length - 1 }).map((i) => values[i] as T);

/** Mostly the anchor's own values, sometimes any. */
const anchoredOr = <T>(own: readonly T[], any: fc.Arbitrary<T>) =>
  own.length === 0 ? any : fc.oneof({ weight: 3, arbitrary: elementOf(own) }, { weight: 1, arbitrary: any });

const codeList = <T>(arb: fc.Arbitrary<T>, max: number, absent: Absence) =>
  sometimes(fc.uniqueArray(arb, { minLength: 1, maxLength: max }), [] as T[], absent);

function sniArb(pools: ValuePools) {
  const [sections = [], divisions = [], groups = [], classes = [], details = []] = pools.sniLevels;
  return fc.oneof(
    { weight: 2, arbitrary: elementOf(sections) },
    { weight: 3, arbitrary: elementOf(divisions) },
    { weight: 2, arbitrary: elementOf(groups) },
    { weight: 1, arbitrary: elementOf(classes) },
    { weight: 2, arbitrary: elementOf(details) },
  );
}

/** Every flat code set's codes (its reference list), in declaration order. */
const SMALL_CODES = Object.fromEntries(FLAT_CODE_SETS.map((name) => [name, CODE_SET_ENTRIES[name].map((e) => e.code)]));

/** Every code set of the result type, each present or not. */
export function codeSetArb(type: ResultType, pools: ValuePools, anchor: Anchor, absent: Absence): fc.Arbitrary<Record<string, string[]>> {
  const small = FLAT_CODE_SETS.filter((name) => CODE_SETS[name].types.includes(type));
  const places = fc.oneof(elementOf(pools.counties), elementOf(pools.municipalities));
  return fc
    .record({
      sni: codeList(anchoredOr(anchor.sni, sniArb(pools)), 3, absent),
      location: codeList(anchoredOr(anchor.places, places), 3, absent),
      ...Object.fromEntries(
        small.map((name) => {
          const own = anchor.codes[name];
          return [name, codeList(anchoredOr(own === undefined ? [] : [own], fc.constantFrom(...(SMALL_CODES[name] ?? []))), 3, absent)];
        }),
      ),
    })
    .map((sets) => Object.fromEntries(Object.entries(sets).filter(([, codes]) => codes.length > 0)));
}

/** The largest magnitude the search model accepts in a range ("from_to": at most 15 integer digits). */
const MODEL_EXTREME = 999_999_999_999_999;

/**
 * One side of a range: a value some record has (the bound is inclusive), half a unit beside one, the field's UI bound,
 * or the search model's extreme (beyond what a 32-bit engine field holds).
 */
function boundArb(field: RangeField, values: readonly number[]) {
  const present = values.length > 0 ? elementOf(values) : fc.constant(RANGE_FIELDS[field].min);
  return fc.option(
    fc.oneof(
      { weight: 12, arbitrary: present },
      { weight: 2, arbitrary: present.chain((v) => fc.constantFrom(v - 0.5, v + 0.5)) },
      { weight: 2, arbitrary: fc.constantFrom(RANGE_FIELDS[field].min, RANGE_FIELDS[field].max) },
      { weight: 1, arbitrary: fc.constantFrom(-MODEL_EXTREME, MODEL_EXTREME) },
    ),
    // fc.option's freq: open (null) on 1 side in 4.
    { freq: 4 },
  );
}

/** One or two range fields of the result type, each "from_to" with either side possibly open. */
export function rangeArb(type: ResultType, pools: ValuePools, absent: Absence): fc.Arbitrary<Record<string, string>> {
  const fields = RANGE_FIELD_NAMES.filter((field) => RANGE_FIELDS[field].types.includes(type));
  const bounds = (field: RangeField) => fc.tuple(boundArb(field, pools.rangeValues[field]), boundArb(field, pools.rangeValues[field]));
  // Each field drawn alike (fc.subarray favours the first of a long list: with the growth fields, decision 0066, the
  // last ones went undrawn for hundreds of searches), then kept in declaration order.
  const subset = fc
    .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: 2 })
    .map((chosen) => fields.filter((field) => chosen.includes(field)));
  return sometimes(subset, [] as RangeField[], absent).chain((chosen) =>
    fc.tuple(...chosen.map(bounds)).map((pairs) =>
      Object.fromEntries(
        pairs.map(([a, b], i) => {
          const [from, to] = a !== null && b !== null && a > b ? [b, a] : [a, b];
          return [chosen[i], `${from ?? ""}_${to ?? ""}`];
        }),
      ),
    ),
  );
}

/** Up to three boolean filters of the result type, each wanted true or false. */
export function flagsArb(type: ResultType, absent: Absence): fc.Arbitrary<Record<string, boolean>> {
  const names = BOOL_FILTER_NAMES.filter((name) => BOOL_FILTERS[name].types.includes(type));
  return sometimes(fc.subarray(names, { minLength: 1, maxLength: 3 }), [] as string[], absent).chain((chosen) =>
    fc.tuple(...chosen.map(() => fc.boolean())).map((values) => Object.fromEntries(chosen.map((name, i) => [name, values[i] as boolean]))),
  );
}
