import { describe, expect, it } from "vitest";
import { REPORT_FIGURE_NAMES } from "../types";
import { companyDataOf, FIGURES, figureOf } from "./concepts";

const gen = (local: string, version = "2021-10-31") => ({ ns: `http://www.taxonomier.se/se/fr/gen-base/${version}`, local });

describe("concepts", () => {
  it("map se-gen-base concepts of any taxonomy version to figures, synonyms ranked after the preferred one", () => {
    expect(figureOf(gen("Nettoomsattning"))).toEqual({ figure: "turnover", rank: 0 });
    expect(figureOf(gen("Nettoomsattning", "2017-09-30"))).toEqual({ figure: "turnover", rank: 0 });
    expect(figureOf(gen("EgetKapitalSkulder"))).toEqual({ figure: "totalAssets", rank: 1 });
    expect(figureOf(gen("KassaBankExklRedovisningsmedel"))).toEqual({ figure: "cashAndBank", rank: 1 });
    expect(figureOf(gen("AretsResultatEgetKapital"))).toBeNull();
    expect(figureOf(gen("constructor"))).toBeNull();
  });

  it("recognise concepts by namespace URI only", () => {
    expect(figureOf({ ns: "http://example.com/gen-base", local: "Nettoomsattning" })).toBeNull();
    expect(figureOf({ ns: "http://www.taxonomier.se/se/fr/cd-base/2021-10-31", local: "Nettoomsattning" })).toBeNull();
    expect(companyDataOf({ ns: "http://www.taxonomier.se/se/fr/cd-base/2021-10-31", local: "Organisationsnummer" })).toBe("orgNo");
    expect(companyDataOf(gen("Organisationsnummer"))).toBeNull();
    expect(companyDataOf({ ns: "http://www.taxonomier.se/se/fr/cd-base/2021-10-31", local: "toString" })).toBeNull();
  });

  it("cover every figure of the contract", () => {
    expect(Object.keys(FIGURES).sort()).toEqual([...REPORT_FIGURE_NAMES].sort());
  });
});
