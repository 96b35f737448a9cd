import { describe, expect, it } from "vitest";
import { AppError } from "#shared/errors";
import { assertExportCount, maxExportCount } from "./export-quota";

describe("maxExportCount (spec §5)", () => {
  it("takes min(hits, records left) without marked rows", () => {
    expect(maxExportCount({ hits: 120, recordsLeft: 1000, marked: 0, exclude: false })).toBe(120);
    expect(maxExportCount({ hits: 5000, recordsLeft: 1000, marked: 0, exclude: true })).toBe(1000);
  });

  it("takes min(marked, records left) when marked rows are included", () => {
    expect(maxExportCount({ hits: 5000, recordsLeft: 1000, marked: 12, exclude: false })).toBe(12);
    expect(maxExportCount({ hits: 5000, recordsLeft: 7, marked: 12, exclude: false })).toBe(7);
  });

  it("takes min(hits − marked, records left) when marked rows are excluded", () => {
    expect(maxExportCount({ hits: 50, recordsLeft: 1000, marked: 12, exclude: true })).toBe(38);
    expect(maxExportCount({ hits: 10, recordsLeft: 1000, marked: 12, exclude: true })).toBe(0);
  });
});

describe("assertExportCount", () => {
  const input = { hits: 50, recordsLeft: 30, marked: 0, exclude: false };
  const codeOf = (fn: () => void): string | null => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).type).toBe("USER_MESSAGE");
      return (error as AppError).code;
    }
    return null;
  };

  it("accepts 1..max and refuses anything outside with a Swedish user message", () => {
    expect(codeOf(() => assertExportCount(1, input))).toBeNull();
    expect(codeOf(() => assertExportCount(30, input))).toBeNull();
    expect(codeOf(() => assertExportCount(31, input))).toBe("EXPORT_COUNT_OUT_OF_RANGE");
    expect(codeOf(() => assertExportCount(0, input))).toBe("EXPORT_COUNT_OUT_OF_RANGE");
    expect(codeOf(() => assertExportCount(1, { ...input, recordsLeft: 0 }))).toBe("EXPORT_QUOTA_EMPTY");
    expect(codeOf(() => assertExportCount(1, { ...input, hits: 0 }))).toBe("EXPORT_NOTHING_TO_EXPORT");
  });

  it("names the maximum in Swedish number format", () => {
    expect(() => assertExportCount(20_000, { hits: 50_000, recordsLeft: 12_500, marked: 0, exclude: false })).toThrow(
      "Ange ett antal mellan 1 och 12\u00a0500.",
    );
  });
});
