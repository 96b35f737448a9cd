import { describe, expect, it } from "vitest";
import { ExportTemplateInputSchema } from "./api-contracts/export-templates";
import { CreateSavedSearchRequestSchema, RenameSavedSearchRequestSchema } from "./api-contracts/monitoring";
import { hasUnsaveableCharacters, UNSAVEABLE_TEXT_MESSAGE, withoutUnsaveableCharacters } from "./plain-text";

describe("plain text of names", () => {
  it("refuses NUL, other control characters and lone surrogates; keeps å, ä, ö, emoji and ordinary punctuation", () => {
    for (const bad of [
      "Mall\u0000",
      "a\tb",
      "rad\nbrytning",
      "\u007f",
      "halv \uD83D",
      "\uDE00 halv",
      "x\uDC00\uD800y",
      // Issue 48 point 4: bidirectional overrides and isolates, zero-width characters, the byte-order mark.
      "Liknar Faktura\u202Eexe.txt",
      "\u202Dvänd",
      "a\u2066b\u2069",
      "a\u2067b\u2068c",
      "noll\u200Bbredd",
      "\u200Dfog",
      "\uFEFFBOM",
    ])
      expect(hasUnsaveableCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ["Kunder i Småland", "Företag & Co – 2026", "Ölhallen 😀", "c/o Björkman"])
      expect(hasUnsaveableCharacters(good), good).toBe(false);
  });

  it("strips what it refuses and nothing else", () => {
    expect(withoutUnsaveableCharacters("Kund\u0000lista \uD83D.txt")).toBe("Kundlista .txt");
    expect(withoutUnsaveableCharacters("Ölhallen 😀")).toBe("Ölhallen 😀");
    expect(withoutUnsaveableCharacters("Liknar Faktura\u202Eexe.txt")).toBe("Liknar Fakturaexe.txt");
  });
});

describe("the contracts that take a name", () => {
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it("refuse a template name or column header with NUL or a lone surrogate, with the Swedish message", () => {
    const template = (name: string, header?: string) =>
      ExportTemplateInputSchema.safeParse({ name, resultType: "COMPANY", columns: [{ id: "name", ...(header ? { header } : {}) }] });
    expect(template("Min mall").success).toBe(true);
    expect(template("Min mall", "Företagsnamn").success).toBe(true);
    expect(messages(template("Min\u0000mall"))).toEqual([UNSAVEABLE_TEXT_MESSAGE]);
    expect(messages(template("Min mall", "Namn\uD800"))).toEqual([UNSAVEABLE_TEXT_MESSAGE]);
  });

  it("refuse a saved search's name with a control character or a lone surrogate", () => {
    expect(CreateSavedSearchRequestSchema.safeParse({ name: "Bygg i Kalmar", serializedSearch: "x" }).success).toBe(true);
    expect(messages(CreateSavedSearchRequestSchema.safeParse({ name: "Bygg\u0000", serializedSearch: "x" }))).toEqual([
      UNSAVEABLE_TEXT_MESSAGE,
    ]);
    expect(messages(RenameSavedSearchRequestSchema.safeParse({ name: "\uDC00Bygg" }))).toEqual([UNSAVEABLE_TEXT_MESSAGE]);
  });
});
