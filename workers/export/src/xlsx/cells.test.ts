import { describe, expect, it } from "vitest";
import { cellXml, columnLetter, dateSerial, dateTimeSerial } from "./cells";

describe("columnLetter", () => {
  it("counts A..Z, AA..AZ, BA..", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
  });
});

describe("dateSerial", () => {
  it("gives the 1900 date system's serials", () => {
    expect(dateSerial("1900-03-01")).toBe(61);
    expect(dateSerial("1970-01-01")).toBe(25569);
    expect(dateSerial("2024-02-29")).toBe(45351);
    expect(dateSerial("20240229")).toBe(45351);
  });

  it("refuses impossible or unsupported dates", () => {
    expect(dateSerial("2023-02-29")).toBeNull();
    expect(dateSerial("1900-01-15")).toBeNull();
    expect(dateSerial("okänt")).toBeNull();
  });

  it("adds the time of day as a fraction", () => {
    expect(dateTimeSerial({ year: 2024, month: 2, day: 29, hour: 18, minute: 0, second: 0 })).toBe(45351.75);
  });
});

describe("cellXml", () => {
  it("writes numbers, dates, yes/no and codes with their styles and skips empty values", () => {
    expect(cellXml("A2", "money", -1500)).toBe('<c r="A2" s="3"><v>-1500</v></c>');
    expect(cellXml("B2", "date", "2024-02-29")).toBe('<c r="B2" s="2"><v>45351</v></c>');
    expect(cellXml("C2", "yesNo", true)).toBe('<c r="C2" t="inlineStr"><is><t>Ja</t></is></c>');
    expect(cellXml("C3", "yesNo", null)).toBe("");
    expect(cellXml("D2", "code", "0114")).toBe('<c r="D2" s="4" t="inlineStr"><is><t>0114</t></is></c>');
    expect(cellXml("E2", "text", null)).toBe("");
    expect(cellXml("E2", "integer", Number.NaN)).toBe("");
  });
});
