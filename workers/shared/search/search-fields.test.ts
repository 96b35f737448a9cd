import { describe, expect, it } from "vitest";
import { ageToDateBounds, swedishToday } from "./search-fields";

describe("company age as registration dates (decision 0058)", () => {
  const today = 20261129;

  it("reads whole years completed today: at least a years is registered on or before today a years ago", () => {
    expect(ageToDateBounds({ from: 2, to: null }, today)).toEqual({ from: null, to: 20241129 });
    // At most 1 completed year ("yngre än 2 år"): registered after 2024-11-29.
    expect(ageToDateBounds({ from: null, to: 1 }, today)).toEqual({ from: 20241130, to: null });
    expect(ageToDateBounds({ from: 5, to: 10 }, today)).toEqual({ from: 20151130, to: 20211129 });
    // 0–0: registered within the last year, today included.
    expect(ageToDateBounds({ from: 0, to: 0 }, today)).toEqual({ from: 20251130, to: 20261129 });
  });

  it("rounds fractional bounds inward and holds extreme ones within ±10 000 years", () => {
    expect(ageToDateBounds({ from: 2.5, to: 7.5 }, today)).toEqual(ageToDateBounds({ from: 3, to: 7 }, today));
    const extreme = ageToDateBounds({ from: 1e15, to: -1e15 }, today);
    expect(extreme).toEqual({ from: today + 100_000_000 + 1, to: today - 100_000_000 });
    expect(Number.isSafeInteger(extreme.from) && Number.isSafeInteger(extreme.to)).toBe(true);
  });

  it("a company registered on 29 February turns a year older on 1 March in other years", () => {
    const bounds = ageToDateBounds({ from: 1, to: null }, 20250301);
    expect(20240229 <= (bounds.to ?? 0)).toBe(true);
    expect(20240229 <= (ageToDateBounds({ from: 1, to: null }, 20250228).to ?? 0)).toBe(false);
  });

  it("takes today's date in Sweden, not in UTC", () => {
    // 23:30 UTC on 31 December is already 1 January in Stockholm.
    expect(swedishToday(new Date("2026-12-31T23:30:00Z"))).toBe(20270101);
    expect(swedishToday(new Date("2026-06-15T12:00:00Z"))).toBe(20260615);
  });
});
