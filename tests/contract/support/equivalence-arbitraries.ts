/**
 * Random searches for the backend-equivalence test: the search model's own fields (the shape of property-cases.ts
 * searchArb: every code set, option, boolean filter, range, text kind, list file and sort of the result type), with
 * values drawn from the generated dataset (equivalence-pools.ts), and a page to compare besides the first. Half the
 * searches are narrow (each constraint in a quarter of them), half broad (each in a tenth), so both stacked
 * constraints and deep pages come up.
 */
import fc from "fast-check";
import { SORT_FIELDS, type ResultType } from "#shared/search/search-fields";
import type { SearchInput } from "#shared/search/search-schema";
import { codeSetArb, elementOf, flagsArb, rangeArb, sometimes, type Absence } from "./equivalence-constraints";
import type { Anchor, ValuePools } from "./equivalence-pools";
import { textArb } from "./equivalence-text";

export interface EquivalenceCase {
  input: SearchInput;
  lists: Map<number, string[]>;
  /** The page compared besides the first, as a share of the last reachable one (0: first only, 1: the last). */
  pageShare: number;
}

const NARROW: Absence = 3;
const BROAD: Absence = 9;

function sortArb(type: ResultType) {
  const entries = fc
    .shuffledSubarray([...SORT_FIELDS[type]], { minLength: 1, maxLength: 3 })
    .chain((fields) => fc.tuple(...fields.map((field) => fc.record({ field: fc.constant(field), ascending: fc.boolean() }))));
  // fc.option's freq: 1 in 6 searches keeps the default sort.
  return fc.option(entries, { freq: 6, nil: undefined });
}

/** Organisation numbers of a list file: a few, or hundreds to thousands; now and then one no company has. */
function orgNosArb(pools: ValuePools, maxLarge: number) {
  const size = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 30 }) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: maxLarge }) },
  );
  return fc
    .tuple(
      size.chain((n) => fc.array(elementOf(pools.orgNos), { minLength: n, maxLength: n })),
      sometimes(fc.constant("999999-9999"), null, 4),
    )
    .map(([orgNos, unknown]) => (unknown ? [...orgNos, unknown] : orgNos));
}

/** Include and exclude list files (ids 1, 3 and 2, 4); an exclude file may repeat part of the include file. */
function listsArb(pools: ValuePools, absent: Absence) {
  return fc.record({
    include: sometimes(orgNosArb(pools, 3000), null, absent),
    exclude: sometimes(orgNosArb(pools, 500), null, absent),
    split: fc.boolean(),
    overlap: fc.boolean(),
  });
}

function numericArb(type: ResultType, pools: ValuePools) {
  const ids = type === "COMPANY" ? pools.orgSeqNos : pools.employerSeqNos;
  // Now and then a company that does not exist (no hits, no name).
  const orgSeqNo = fc.oneof({ weight: 9, arbitrary: elementOf(ids) }, { weight: 1, arbitrary: fc.constant(99_999_999) });
  return fc.record({ orgSeqNo: sometimes(orgSeqNo, undefined, 9), seqNo: fc.option(fc.nat(10_000), { nil: undefined }) });
}

const pageShareArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.constant(1) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 99 }).map((n) => n / 100) },
);

function partsArb(type: ResultType, pools: ValuePools, anchor: Anchor, absent: Absence) {
  return fc.record({
    text: sometimes(textArb(type, pools, anchor.words), null, absent),
    numeric: numericArb(type, pools),
    codeSet: codeSetArb(type, pools, anchor, absent),
    // Codes left out ("Uteslut"), half as often: often the anchor's own, so inside a chosen parent (a tree's subtree).
    excluded: codeSetArb(type, pools, anchor, absent * 2 + 1),
    flags: flagsArb(type, absent),
    options: fc.record({ useMainSni: fc.boolean(), useLocation: fc.boolean() }),
    range: rangeArb(type, pools, absent),
    lists: listsArb(pools, absent),
    sort: sortArb(type),
    pageShare: pageShareArb,
  });
}

type Parts = ReturnType<typeof partsArb> extends fc.Arbitrary<infer P> ? P : never;

/** The list files of a search: the map the API would pass (ListFileMap) and the search's numSet. */
function listFiles({ include, exclude, split, overlap }: Parts["lists"]) {
  const lists = new Map<number, string[]>();
  const excluded = exclude && overlap && include ? [...exclude, ...include.slice(0, Math.ceil(include.length / 2))] : exclude;
  const files = (ids: [number, number], orgNos: string[] | null) => {
    if (!orgNos) return undefined;
    const cut = split ? Math.floor(orgNos.length / 2) : orgNos.length;
    lists.set(ids[0], orgNos.slice(0, cut));
    if (!split) return [ids[0]];
    lists.set(ids[1], orgNos.slice(cut));
    return ids;
  };
  const includeFile = files([1, 3], include);
  const excludeFile = files([2, 4], excluded);
  return { lists, numSet: { ...(includeFile ? { includeFile } : {}), ...(excludeFile ? { excludeFile } : {}) } };
}

/** The excluded code sets less the chosen codes (a code both chosen and excluded is refused by the schema). */
function withoutChosen(excluded: Record<string, string[]>, chosen: Record<string, string[]>): Record<string, string[]> {
  const sets = Object.entries(excluded).map(([name, codes]) => [name, codes.filter((code) => !chosen[name]?.includes(code))] as const);
  return Object.fromEntries(sets.filter(([, codes]) => codes.length > 0));
}

function toCase(type: ResultType, p: Parts): EquivalenceCase {
  const { lists, numSet } = listFiles(p.lists);
  const input: SearchInput = {
    resultType: type,
    text: p.text,
    numeric: p.numeric,
    codeSet: p.codeSet,
    excludeCodeSet: withoutChosen(p.excluded, p.codeSet),
    bool: { ...p.options, ...p.flags },
    range: p.range,
    numSet,
    ...(p.sort ? { sort: p.sort } : {}),
  };
  const listSizes = [...lists].map(([id, orgNos]) => `${id}: ${orgNos.length} orgNos`).join(", ");
  // fast-check prints a counterexample with this instead of thousands of organisation numbers.
  const shown = () => `${JSON.stringify(input)} lists {${listSizes}} pageShare ${p.pageShare}`;
  return { input, lists, pageShare: p.pageShare, [fc.toStringMethod]: shown } as EquivalenceCase;
}

export function equivalenceCaseArb(type: ResultType, pools: ValuePools): fc.Arbitrary<EquivalenceCase> {
  const anchors = type === "COMPANY" ? pools.companyAnchors : pools.worksiteAnchors;
  return elementOf(anchors)
    .chain((anchor) => fc.oneof(partsArb(type, pools, anchor, NARROW), partsArb(type, pools, anchor, BROAD)))
    .map((parts) => toCase(type, parts));
}
