import { describe, expect, it } from "vitest";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { correctedText, forgivingTextQuery, MAX_VARIANTS, wordVariants } from "./forgiving";
import { parseTextQuery } from "./free-text";

const company = (fields: Partial<CompanyRecord>): CompanyRecord => ({
  orgSeqNo: 1,
  name: "",
  careOf: null,
  streetAddress: null,
  zip: null,
  city: null,
  phoneNumbers: [],
  orgNo: "556000-0001",
  municipalityName: "Stockholm",
  municipalityCode: "0180",
  countyName: "Stockholms län",
  countyCode: "01",
  managerTitle: null,
  managerName: null,
  managerAge: null,
  createdDate: "2000-01-01",
  companyGroupMotherName: null,
  sniCodes: [],
  sniNames: [],
  scoring: null,
  turnover: null,
  earnings: null,
  dividend: null,
  numEmployees: null,
  fTaxReg: false,
  vatReg: false,
  ...fields,
});

describe("forgiving retry (issue 38)", () => {
  it("spells a word with å, ä and ö, fewest changes first, and without a genitive -s", () => {
    expect(wordVariants("goteborg")).toEqual(["gotebörg", "göteborg", "götebörg"]);
    expect(wordVariants("frisor")).toEqual(["frisör"]);
    expect(wordVariants("göteborgs")).toEqual(["goteborgs", "götebörgs", "gotebörgs", "göteborg", "goteborg", "götebörg", "gotebörg"]);
    expect(wordVariants("malmo")).toEqual(["malmö", "mälmo", "målmo", "mälmö", "målmö"]);
  });

  it("gives short words and numbers no variants, and takes no genitive -s after s, x or z", () => {
    expect(wordVariants("ab")).toEqual([]);
    expect(wordVariants("12b")).toEqual([]);
    expect(wordVariants("bygg")).toEqual([]);
    expect(wordVariants("glass")).toEqual(["gläss", "glåss"]);
    expect(wordVariants("lars")).toEqual(["lärs", "lårs", "lar", "lär", "lår"]);
  });

  it("keeps the number of variants bounded on long words", () => {
    expect(wordVariants("karlavagsomradesgatan").length).toBeLessThanOrEqual(2 * MAX_VARIANTS);
  });

  it("retries only a text with variants, and finds the industries and places they name", () => {
    expect(forgivingTextQuery(parseTextQuery("el 556036"))).toBeNull();
    const query = forgivingTextQuery(parseTextQuery("frisor goteborg"));
    const [frisor, goteborg] = query?.words ?? [];
    expect(frisor?.variants).toContain("frisör");
    expect(frisor?.industries.length).toBeGreaterThan(0);
    // Göteborg the municipality, at the place field's prefix score: a place named as typed would score more.
    expect(goteborg?.places).toContainEqual({ code: "1480", score: 1 });
  });

  it("offers the text in the spellings the best record has, capitals and other words as typed", () => {
    const query = forgivingTextQuery(parseTextQuery("Epsilons restaurang Goteborg"));
    expect(query).not.toBeNull();
    const best = company({ name: "Epsilon Restaurang AB", city: "Göteborg", municipalityCode: "1480", countyCode: "14" });
    expect(correctedText("Epsilons restaurang Goteborg", query!, best)).toBe("Epsilon restaurang Göteborg");
    // A record that does not show a word cannot name the offer.
    expect(correctedText("Epsilons restaurang Goteborg", query!, company({ name: "Epsilon Restaurang AB" }))).toBeNull();
  });

  it("forgives typing errors as fuzziness AUTO does, in words, industries and places (issue 48 point 7)", () => {
    const [restarang, jonkoping, el] = forgivingTextQuery(parseTextQuery("restarang jonkoping el"))?.words ?? [];
    expect([restarang?.fuzzy, jonkoping?.fuzzy, el?.fuzzy]).toEqual([2, 2, undefined]);
    // "restaurang" is a search word of 56100 Restaurangverksamhet; Jönköping the municipality is two edits away.
    expect(restarang?.industries).toContainEqual({ code: "56100", score: 1 });
    expect(jonkoping?.places).toContainEqual({ code: "0680", score: 1 });
    expect(forgivingTextQuery(parseTextQuery("12345"))).toBeNull();
  });

  it("offers a mistyped word in the closest spelling the best record has", () => {
    const query = forgivingTextQuery(parseTextQuery("Epsilno restarang"));
    const best = company({ name: "Epsilon Restaurang AB", sniCodes: ["56100"] });
    expect(correctedText("Epsilno restarang", query!, best)).toBe("Epsilon restaurang");
    expect(correctedText("Epsilno restarang", query!, company({ name: "Zeta AB" }))).toBeNull();
  });
});
