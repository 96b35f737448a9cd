import { describe, expect, it } from "vitest";
import { AppError } from "#shared/errors";
import { NumberCollector } from "./number-collector";
import { formatOrgNo } from "#shared/list-files/org-number";

function collect(text: string) {
  const collector = new NumberCollector("kunder.txt");
  collector.addText(text);
  const result = collector.result();
  return { ...result, numbers: Array.from(result.keys, formatOrgNo) };
}

describe("NumberCollector", () => {
  it("finds numbers anywhere in a line, in every common spelling", () => {
    const result = collect("Ericsson (556016-0680) och Skatteverket 2021005448 samt 16556016-0680.\n");
    expect(result.numbers).toEqual(["202100-5448", "556016-0680"]);
    expect(result.duplicates).toBe(1);
    expect(result.rowsRead).toBe(1);
  });

  it("separates numbers written side by side with spaces, and joins numbers written with spaces", () => {
    expect(collect("5560160680 2021005448").numbers).toEqual(["202100-5448", "556016-0680"]);
    expect(collect("556016 0680 202100 5448").numbers).toEqual(["202100-5448", "556016-0680"]);
    expect(collect("55 60 16-0680").numbers).toEqual(["556016-0680"]);
    expect(collect("16 556016-0680").numbers).toEqual(["556016-0680"]);
    expect(collect("5560160680 19").numbers).toEqual(["556016-0680"]);
  });

  it("does not count phone numbers, postcodes, dates or amounts", () => {
    const result = collect("08-123 456 78\n031-70 123 45\n070-123 45 67\n164 83 Stockholm\n2024-06-10\n1 234 567 kr\n5560160680\n");
    expect(result.numbers).toEqual(["556016-0680"]);
    expect(result.invalid).toBe(0);
    expect(result.rowsRead).toBe(7);
  });

  it("reports invalid numbers with the first five examples", () => {
    const bad = ["556016-0681", "5560160682", "16556016-0683", "19640823-3235", "556016-0684", "556016-0685"];
    const result = collect(bad.join("\n") + "\n556016-0680\n");
    expect(result.invalid).toBe(6);
    expect(result.invalidExamples).toEqual(bad.slice(0, 5));
    expect(result.valid).toBe(1);
  });

  it("counts non-blank rows only, for text and for units", () => {
    expect(collect("\n \r\n5560160680\r\n\t\r\nFöretag\r\n").rowsRead).toBe(2);
    const collector = new NumberCollector("x.xlsx");
    collector.addUnit("");
    collector.addUnit("   ");
    collector.addUnit("Namn\t5560160680");
    expect(collector.result().rowsRead).toBe(1);
  });

  it("refuses more than 1 000 000 numbers, naming the file", () => {
    const line = "5560160680\n";
    const collector = new NumberCollector("jättelista.txt");
    collector.addText(line.repeat(1_000_000));
    expect(collector.result().duplicates).toBe(999_999);
    let caught: unknown;
    try {
      collector.addText(line);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe("LIST_FILE_TOO_MANY_NUMBERS");
    expect((caught as AppError).message).toContain('"jättelista.txt"');
  });
});
