import { describe, expect, it } from "vitest";
import { contentRange, decideRange, ifRangeMatches, parseRangeHeader, resolveRange, unsatisfiedRange } from "./byte-range";

const SIZE = 1000;
const ETAG = '"0f1e2d3c4b5a-3"';
const decide = (range: string | null, ifRange: string | null = null, size = SIZE) => decideRange({ range, ifRange }, size, ETAG);
const partial = (start: number, end: number) => ({ kind: "partial", start, end });
const WHOLE = { kind: "whole" };
const UNSATISFIABLE = { kind: "unsatisfiable" };
const HUGE = "9".repeat(40);

describe("decideRange: single ranges", () => {
  it.each([
    ["bytes=0-499", partial(0, 499)],
    ["bytes=500-999", partial(500, 999)],
    ["bytes=0-0", partial(0, 0)],
    ["bytes=999-999", partial(999, 999)],
    ["bytes=500-", partial(500, 999)],
    ["bytes=0-", partial(0, 999)],
    ["bytes=-1", partial(999, 999)],
    ["bytes=-250", partial(750, 999)],
    ["bytes=-1000", partial(0, 999)],
    // Clamped to the file: a last position past the end, a suffix longer than the file.
    ["bytes=900-5000", partial(900, 999)],
    ["bytes=-5000", partial(0, 999)],
    [`bytes=10-${HUGE}`, partial(10, 999)],
    [`bytes=-${HUGE}`, partial(0, 999)],
    ["bytes=0000000000000000000000010-20", partial(10, 20)],
    // The unit is case-insensitive; whitespace around the header and around the list's commas is tolerated.
    ["Bytes=0-9", partial(0, 9)],
    ["BYTES=0-9", partial(0, 9)],
    ["  bytes=0-9  ", partial(0, 9)],
    ["bytes= 0-9 ", partial(0, 9)],
    ["bytes=0-9, ", partial(0, 9)],
    ["bytes=,0-9", partial(0, 9)],
  ])("%s → %j", (range, expected) => {
    expect(decide(range)).toEqual(expected);
  });
});

describe("decideRange: unsatisfiable (416)", () => {
  it.each(["bytes=1000-", "bytes=1000-1000", "bytes=1000-2000", "bytes=5000-", `bytes=${HUGE}-`, `bytes=${HUGE}-${HUGE}`, "bytes=-0"])(
    "%s",
    (range) => {
      expect(decide(range)).toEqual(UNSATISFIABLE);
    },
  );
});

describe("decideRange: ignored, the whole file (200)", () => {
  it.each([
    null,
    "",
    " ",
    "bytes",
    "bytes=",
    "bytes=-",
    "bytes=--5",
    "bytes=-5-10",
    "bytes=5-3",
    `bytes=${HUGE}-5`,
    "bytes=a-b",
    "bytes=1-2x",
    "bytes=0x10-0x20",
    "bytes=1e3-",
    "bytes=+5-10",
    "bytes=-+5",
    "bytes=5.5-10",
    "bytes=0 - 9",
    "bytes=0- 9",
    "bytes = 0-9",
    "bytes =0-9",
    "bytes:0-9",
    "0-9",
    "items=0-9",
    "bytes=0-9;q=1",
    "bytes=0-9\u00a0",
    "bytes=０-９",
    // Several ranges: no multipart/byteranges answer, whatever they ask (even past the end).
    "bytes=0-9,20-29",
    "bytes=0-9, 5-15",
    "bytes=0-0,-1",
    "bytes=2000-,3000-",
    "bytes=0-9,x",
  ])("%j", (range) => {
    expect(decide(range)).toEqual(WHOLE);
  });
});

describe("If-Range", () => {
  it("applies the range when If-Range is the file's ETag", () => {
    expect(decide("bytes=500-", ETAG)).toEqual(partial(500, 999));
    expect(decide("bytes=500-", ` ${ETAG} `)).toEqual(partial(500, 999));
    expect(decide("bytes=1000-", ETAG)).toEqual(UNSATISFIABLE);
  });

  it.each([
    ['"another-etag"', "another file"],
    [`W/${ETAG}`, "a weak tag never matches strongly"],
    [ETAG.slice(1, -1), "an unquoted tag"],
    ["Thu, 26 Nov 2026 12:00:00 GMT", "a date (the answer has no Last-Modified)"],
    ["", "empty"],
    ["*", "a wildcard"],
  ])("sends the whole file for %j (%s), even for a range past the end", (ifRange) => {
    expect(decide("bytes=500-", ifRange)).toEqual(WHOLE);
    expect(decide("bytes=1000-", ifRange)).toEqual(WHOLE);
  });

  it("is ignored without a Range header", () => {
    expect(decide(null, '"another-etag"')).toEqual(WHOLE);
  });

  it("never matches a weak current ETag", () => {
    expect(ifRangeMatches('W/"x"', 'W/"x"')).toBe(false);
    expect(ifRangeMatches(null, 'W/"x"')).toBe(true);
  });
});

describe("parseRangeHeader and resolveRange", () => {
  it("keeps huge positions exact (no rounding near 2^53)", () => {
    expect(parseRangeHeader("bytes=9007199254740993-9007199254740993")).toEqual({
      kind: "from",
      first: 9007199254740993n,
      last: 9007199254740993n,
    });
    // Rounded to doubles these would be equal and the range valid; exactly, last < first: ignored.
    expect(parseRangeHeader("bytes=9007199254740993-9007199254740992")).toBeNull();
  });

  it("serves an empty file whole (no range of it can be written in Content-Range)", () => {
    expect(resolveRange(parseRangeHeader("bytes=0-"), 0)).toEqual(WHOLE);
    expect(resolveRange(parseRangeHeader("bytes=-5"), 0)).toEqual(WHOLE);
  });

  it("writes Content-Range for 206 and 416", () => {
    expect(contentRange(0, 0, 1)).toBe("bytes 0-0/1");
    expect(contentRange(500, 999, 1000)).toBe("bytes 500-999/1000");
    expect(unsatisfiedRange(1000)).toBe("bytes */1000");
  });
});
