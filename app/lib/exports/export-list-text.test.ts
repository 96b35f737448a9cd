import { describe, expect, it } from "vitest";
import { keptUntilText, progressText, quotaUseText, recordsLeftText, rowsText, settledNotice, shortDateTime } from "./export-list-text";

const NOW = new Date("2026-11-26T12:00:00Z");

describe("Mina exporter's words", () => {
  it("gives dates in Swedish time, with the year only when it is not this year", () => {
    expect(shortDateTime("2026-12-03T13:30:00Z", NOW)).toBe("3 dec 14:30");
    expect(shortDateTime("2026-07-01T06:05:00Z", NOW)).toBe("1 jul 08:05");
    expect(shortDateTime("2025-05-31T22:10:00Z", NOW)).toBe("1 jun 2025 00:10");
    expect(keptUntilText("2026-12-03T13:30:00Z", NOW)).toBe("Sparas till 3 dec 14:30");
  });

  it("says the progress in rows with Swedish digit grouping", () => {
    expect(progressText(12_000, 100_000)).toBe("12\u00a0000 av 100\u00a0000 rader");
    expect(progressText(0, 5)).toBe("0 av 5 rader");
    expect(progressText(0, 1)).toBe("0 av 1 rad");
  });

  it("shows the rows written once done, with the requested count when fewer were written", () => {
    expect(rowsText({ status: "DONE", count: 100, rowCount: 100 })).toBe("100");
    expect(rowsText({ status: "DONE", count: 100, rowCount: 97 })).toBe("97 av 100");
    expect(rowsText({ status: "RUNNING", count: 2_500, rowCount: null })).toBe("2\u00a0500");
  });

  it("tells the end of an export in the header's notice", () => {
    expect(settledNotice({ status: "DONE", rowCount: 1_200, count: 1_200 })).toBe(
      "Exporten är klar (1\u00a0200 rader). Filen finns under Mina exporter.",
    );
    expect(settledNotice({ status: "DONE", rowCount: 1, count: 1 })).toBe("Exporten är klar (1 rad). Filen finns under Mina exporter.");
    expect(settledNotice({ status: "ERROR", rowCount: null, count: 10 })).toMatch(/^Ett fel inträffade vid export\./);
  });
});

describe("the records left and a large export's confirmation (issue 38)", () => {
  it("says what is left in the export popup's words, and what an export takes: exact, or a range when some are free", () => {
    expect(recordsLeftText(9_686)).toBe("Ditt abonnemang har 9\u00a0686 poster kvar att exportera.");
    expect(recordsLeftText(1)).toBe("Ditt abonnemang har 1 post kvar att exportera.");
    expect(quotaUseText({ least: 500, most: 500 }, 500)).toBe(
      "Exporten drar 500 poster från ditt abonnemang. Efteråt har du 0 poster kvar att exportera.",
    );
    expect(quotaUseText({ least: 200, most: 300 }, 301)).toBe(
      "Exporten drar högst 300 poster från ditt abonnemang (poster som du redan har exporterat under perioden kostar inget). " +
        "Efteråt har du minst 1 post kvar att exportera.",
    );
  });
});
