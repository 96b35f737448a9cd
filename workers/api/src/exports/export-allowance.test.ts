import { describe, expect, it } from "vitest";
import { affordablePrefix } from "./export-allowance";

describe("affordablePrefix (issue 17: records already paid are free)", () => {
  it("counts only unpaid records against the records left, wherever the paid ones come", () => {
    const paid = new Set([2, 4, 6]);
    expect(affordablePrefix([1, 2, 3, 4, 5, 6, 7], paid, 2)).toBe(4);
    expect(affordablePrefix([2, 4, 6, 1], paid, 0)).toBe(3);
    expect(affordablePrefix([1, 2, 3], new Set(), 5)).toBe(3);
    expect(affordablePrefix([1, 2, 3], new Set(), 0)).toBe(0);
    expect(affordablePrefix([], paid, 3)).toBe(0);
  });
});
