import { describe, expect, it } from "vitest";
import { beneficialMessages, BENEFICIAL_MESSAGES } from "./beneficial-messages";
import { canDownload, clampExportCount, exportMax, needsQuotaConfirmation, parseExportCount, quotaUse } from "./export-limits";
import { sortOptions } from "./sort-options";

describe("export limits (spec §5)", () => {
  it("takes the smaller of what the selection holds and the records left", () => {
    expect(exportMax({ scope: "all", hitCount: 1200, markedCount: 3, recordsLeft: 500 })).toBe(500);
    expect(exportMax({ scope: "all", hitCount: 120, markedCount: 3, recordsLeft: 500 })).toBe(120);
    expect(exportMax({ scope: "marked", hitCount: 120, markedCount: 3, recordsLeft: 500 })).toBe(3);
    expect(exportMax({ scope: "marked", hitCount: 120, markedCount: 30, recordsLeft: 10 })).toBe(10);
    expect(exportMax({ scope: "unmarked", hitCount: 120, markedCount: 30, recordsLeft: 500 })).toBe(90);
    expect(exportMax({ scope: "all", hitCount: 120, markedCount: 0, recordsLeft: 0 })).toBe(0);
  });

  it("clamps the count input between 1 and the maximum", () => {
    expect(clampExportCount(0, 40)).toBe(1);
    expect(clampExportCount(-5, 40)).toBe(1);
    expect(clampExportCount(99, 40)).toBe(40);
    expect(clampExportCount(12.6, 40)).toBe(13);
    expect(clampExportCount(Number.NaN, 40)).toBe(1);
    expect(clampExportCount(5, 0)).toBe(0);
  });

  it("reads the count field's text as plain decimal digits, grouped by thousands as shown, and nothing else (issue 38)", () => {
    expect(parseExportCount("9686")).toBe(9686);
    expect(parseExportCount("9 686")).toBe(9686);
    expect(parseExportCount("9\u00a0686")).toBe(9686);
    expect(parseExportCount("1\u202f234\u202f567")).toBe(1234567);
    expect(parseExportCount(" 12 ")).toBe(12);
    expect(parseExportCount("007")).toBe(7);
    for (const text of ["1e3", "0x10", "1.0", "1,0", "+5", "-5", "", " ", "12 34", "1 2345", "Infinity", "1_000", "١٢"]) {
      expect(parseExportCount(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("offers the download only with a maximum above 0 and a serialised search", () => {
    expect(canDownload(1, "je30")).toBe(true);
    expect(canDownload(0, "je30")).toBe(false);
    expect(canDownload(5, null)).toBe(false);
  });
});

describe("quota safety (issue 38 point 2)", () => {
  it("knows the use exactly when nothing is free, as a range when some records are, and never above what is left", () => {
    expect(quotaUse(300, 500, 0)).toEqual({ least: 300, most: 300 });
    expect(quotaUse(300, 500, 100)).toEqual({ least: 200, most: 300 });
    expect(quotaUse(300, 500, 400)).toEqual({ least: 0, most: 300 });
    expect(quotaUse(600, 500, 100)).toEqual({ least: 500, most: 500 });
    expect(quotaUse(5, 0, 5)).toEqual({ least: 0, most: 0 });
  });

  it("asks above half of the records left or above 10 000 records, and not at or below", () => {
    const asks = (count: number, left: number, paid = 0) => needsQuotaConfirmation(quotaUse(count, left, paid), left);
    expect(asks(250, 500)).toBe(false);
    expect(asks(251, 500)).toBe(true);
    expect(asks(9_686, 9_686)).toBe(true);
    expect(asks(10_000, 100_000)).toBe(false);
    expect(asks(10_001, 100_000)).toBe(true);
    // Some of the 300 may be free, but up to 300 of the 500 left may go: it asks.
    expect(asks(300, 500, 200)).toBe(true);
    expect(asks(1, 1)).toBe(true);
    expect(asks(3, 0, 3)).toBe(false);
  });
});

describe("beneficial-owner messages (spec §8)", () => {
  const base = { beneficialReportingObligationStatus: true, beneficialStatus: null, beneficialSuspicion: false } as const;
  it("says when the company is not obliged to report, whatever the status", () => {
    expect(beneficialMessages({ ...base, beneficialReportingObligationStatus: false, beneficialStatus: "MISSING" })).toEqual([
      BENEFICIAL_MESSAGES.notObliged,
    ]);
  });
  it("names each status and adds the suspicion", () => {
    expect(beneficialMessages({ ...base, beneficialStatus: "REMOVED", beneficialSuspicion: true })).toEqual([
      "Information om verklig huvudman har gallrats då företaget avregistrerades för 5 år sedan eller mer",
      "Det finns misstanke om att uppgifterna kan vara felaktiga",
    ]);
    expect(beneficialMessages(base)).toEqual([]);
  });
});

describe("sort options (spec §5)", () => {
  it("has every field of the type in both directions", () => {
    expect(sortOptions("COMPANY")).toHaveLength(16);
    expect(sortOptions("WORKSITE").map((o) => o.label)).toContain("Företagets omsättning, högst först");
    expect(new Set(sortOptions("WORKSITE").map((o) => o.value)).size).toBe(10);
  });
});
