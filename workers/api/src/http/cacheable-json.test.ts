import { describe, expect, it } from "vitest";
import { ifNoneMatchHits, toCacheableJson } from "./cacheable-json";

describe("toCacheableJson", () => {
  it("derives a strong ETag from the bytes: equal content, equal tag; other content, other tag", async () => {
    const a = await toCacheableJson([{ code: "A", text: "Jordbruk" }]);
    const b = await toCacheableJson([{ code: "A", text: "Jordbruk" }]);
    const c = await toCacheableJson([{ code: "A", text: "Jordbruk!" }]);
    expect(a.body).toBe('[{"code":"A","text":"Jordbruk"}]');
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
  });
});

describe("ifNoneMatchHits", () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ["*", true],
    ['"abd"', false],
    ["abc", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(ifNoneMatchHits(header, etag)).toBe(expected);
  });
});
