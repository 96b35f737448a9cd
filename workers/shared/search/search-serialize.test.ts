import { deflateSync } from "fflate";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BOOL_FILTERS,
  BOOL_FILTER_NAMES,
  CODE_SET_NAMES,
  CODE_SETS,
  RANGE_FIELD_NAMES,
  RANGE_FIELDS,
  SORT_FIELDS,
  type ResultType,
} from "./search-fields";
import { formatRange, parseSearchOrThrow, type Search, type SearchInput } from "./search-schema";
import { emptySearch } from "./empty-search";
import { deserializeSearch, serializeSearch } from "./search-serialize";

const typeArb = fc.constantFrom<ResultType>("COMPANY", "WORKSITE");

function subsetRecord<K extends string, V>(keys: readonly K[], value: fc.Arbitrary<V>) {
  return fc
    .subarray([...keys])
    .chain((chosen) => fc.tuple(...chosen.map(() => value)).map((values) => Object.fromEntries(chosen.map((k, i) => [k, values[i]]))));
}

const rangeArb = fc
  .tuple(fc.option(fc.integer({ min: -1e9, max: 1e9 })), fc.option(fc.integer({ min: 0, max: 1e9 })))
  .map(([a, b]) => (a !== null && b !== null && a > b ? formatRange({ from: b, to: a }) : formatRange({ from: a, to: b })));

const searchArb: fc.Arbitrary<Search> = typeArb.chain((type) =>
  fc
    .record({
      text: fc.option(fc.string({ maxLength: 40 })),
      numeric: fc.record({ orgSeqNo: fc.integer({ min: 1, max: 9e6 }), seqNo: fc.nat() }, { requiredKeys: [] }),
      range: subsetRecord(
        RANGE_FIELD_NAMES.filter((n) => RANGE_FIELDS[n].types.includes(type)),
        rangeArb,
      ),
      bool: fc.record({ useMainSni: fc.boolean(), useLocation: fc.boolean() }).chain((opts) =>
        subsetRecord(
          BOOL_FILTER_NAMES.filter((n) => BOOL_FILTERS[n].types.includes(type)),
          fc.boolean(),
        ).map((f) => ({ ...opts, ...f })),
      ),
      codeSet: subsetRecord(
        CODE_SET_NAMES.filter((n) => CODE_SETS[n].types.includes(type)),
        fc.array(fc.stringMatching(/^[A-Z0-9]{1,5}$/), { maxLength: 30 }),
      ),
      // Lower case: never one of the chosen codes above (a code both chosen and excluded is refused).
      excludeCodeSet: subsetRecord(
        CODE_SET_NAMES.filter((n) => CODE_SETS[n].types.includes(type)),
        fc.array(
          fc.stringMatching(/^[a-z0-9]{1,5}$/).filter((code) => /[a-z]/.test(code)),
          { maxLength: 10 },
        ),
      ),
      numSet: fc.record(
        {
          includeFile: fc.array(fc.integer({ min: 1, max: 1e6 }), { maxLength: 3 }),
          excludeFile: fc.array(fc.integer({ min: 1, max: 1e6 })),
        },
        { requiredKeys: [] },
      ),
      sort: fc
        .shuffledSubarray([...SORT_FIELDS[type]], { minLength: 1, maxLength: 3 })
        .chain((fields) => fc.tuple(...fields.map((field) => fc.boolean().map((ascending) => ({ field, ascending }))))),
    })
    .map((parts) => parseSearchOrThrow({ resultType: type, ...parts } satisfies SearchInput)),
);

describe("vad serialisation", () => {
  it("round-trips every valid search exactly", () => {
    fc.assert(
      fc.property(searchArb, (search) => {
        const serialized = serializeSearch(search);
        expect(serialized).toMatch(/^[jz][A-Za-z0-9_-]*$/);
        expect(deserializeSearch(serialized)).toEqual({ success: true, data: search });
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it("is compact for the empty search and for long code lists", () => {
    expect(serializeSearch(emptySearch())).toBe("je30");
    const sni = Array.from({ length: 200 }, (_, i) => String(10000 + i * 7));
    const serialized = serializeSearch(parseSearchOrThrow({ codeSet: { sni } }));
    expect(serialized.startsWith("z")).toBe(true);
    expect(serialized.length).toBeLessThan(JSON.stringify(sni).length);
  });

  it("writes a search it wrote before the same way, and a changed search anew, past the searches it keeps", () => {
    const first = parseSearchOrThrow({ codeSet: { sni: ["62"] } });
    const written = serializeSearch(first);
    // More distinct searches than serializeSearch keeps: the first is written again, not read from a stale entry.
    for (let i = 0; i < 300; i++) serializeSearch(parseSearchOrThrow({ codeSet: { location: [String(1000 + i)] } }));
    expect(serializeSearch(first)).toBe(written);
    expect(serializeSearch(parseSearchOrThrow({ codeSet: { sni: ["62"] } }))).toBe(written);
    const changed = parseSearchOrThrow({ codeSet: { sni: ["63"] } });
    expect(serializeSearch(changed)).not.toBe(written);
    expect(deserializeSearch(serializeSearch(changed))).toEqual({ success: true, data: changed });
  });

  it("reads a link from before exclusions as it did, and keeps exclusions under their own key", () => {
    const before = `j${Buffer.from(JSON.stringify({ c: { sni: ["62"] } })).toString("base64url")}`;
    expect(deserializeSearch(before)).toEqual({ success: true, data: parseSearchOrThrow({ codeSet: { sni: ["62"] } }) });
    const search = parseSearchOrThrow({ codeSet: { sni: ["62"] }, excludeCodeSet: { sni: ["62010"] } });
    const compact = `j${Buffer.from(JSON.stringify({ c: { sni: ["62"] }, x: { sni: ["62010"] } })).toString("base64url")}`;
    expect(deserializeSearch(compact)).toEqual({ success: true, data: search });
    expect(deserializeSearch(serializeSearch(search))).toEqual({ success: true, data: search });
  });

  it("rejects undecodable input at the vad path", () => {
    for (const bad of ["", "x123", "j!!", "jbm90IGpzb24", "z____", `j${"A".repeat(20_000)}`]) {
      expect(deserializeSearch(bad)).toEqual({ success: false, issues: [{ path: "vad", message: "Sökningen i länken kan inte läsas" }] });
    }
  });

  it("rejects a decodable but invalid search with field-level issues", () => {
    const encode = (value: unknown) => `j${Buffer.from(JSON.stringify(value)).toString("base64url")}`;
    expect(deserializeSearch(encode({ r: { turnover: "9_1" }, t: "X" }))).toEqual({
      success: false,
      issues: [
        { path: "vad.resultType", message: expect.any(String) },
        { path: "vad.range.turnover", message: "Intervallets början är större än dess slut" },
      ],
    });
    expect(deserializeSearch(encode([1, 2]))).toMatchObject({ success: false, issues: [{ path: "vad" }] });
  });

  it("refuses a decompression bomb", () => {
    const bomb = `z${Buffer.from(deflateSync(new Uint8Array(1_000_000).fill(32))).toString("base64url")}`;
    expect(deserializeSearch(bomb)).toMatchObject({ success: false, issues: [{ path: "vad" }] });
  });
});
