import { describe, expect, it } from "vitest";
import { describeWorksiteChanges, MAX_WORKSITE_LINES, type WorksitePlace } from "./worksite-changes";

const lager = (change: Partial<WorksitePlace> = {}): WorksitePlace => ({
  cfarNo: "10000101",
  name: "Lagret",
  careOf: null,
  streetAddress: "Box 12",
  zip: "352 30",
  city: "Växjö",
  visitingStreetAddress: "Industrivägen 4",
  visitingZip: "352 46",
  visitingCity: "Växjö",
  municipalityCode: "0780",
  municipalityName: "Växjö",
  ...change,
});

describe("describeWorksiteChanges", () => {
  it("says nothing when the worksites' places and names are the same, whatever their order", () => {
    const kontor = lager({ cfarNo: "10000102", name: "Kontoret" });
    expect(describeWorksiteChanges([lager(), kontor], [kontor, lager()])).toEqual([]);
  });

  it("names a new and a closed worksite with its visiting address, or its postal one when it has none", () => {
    const butik = lager({
      cfarNo: "10000103",
      name: "Butiken",
      visitingStreetAddress: null,
      visitingZip: null,
      visitingCity: null,
      careOf: "Ek",
    });
    expect(describeWorksiteChanges([lager()], [butik])).toEqual([
      "Nytt arbetsställe: Butiken, c/o Ek, Box 12, 352 30 Växjö",
      "Arbetsställe nedlagt: Lagret, Industrivägen 4, 352 46 Växjö",
    ]);
  });

  it("describes a move by its addresses, or by the municipalities when only they changed", () => {
    const moved = lager({
      visitingStreetAddress: "Hamngatan 2",
      visitingZip: "211 22",
      visitingCity: "Malmö",
      municipalityCode: "1280",
      municipalityName: "Malmö",
    });
    expect(describeWorksiteChanges([lager()], [moved])).toEqual([
      "Arbetsställe flyttat: Lagret, Industrivägen 4, 352 46 Växjö → Hamngatan 2, 211 22 Malmö",
    ]);
    expect(describeWorksiteChanges([lager()], [lager({ municipalityCode: "0760", municipalityName: "Uppvidinge" })])).toEqual([
      "Arbetsställe flyttat: Lagret, Växjö → Uppvidinge",
    ]);
  });

  it("names a renamed worksite, and leaves out edits that are not its name or place", () => {
    expect(describeWorksiteChanges([lager()], [lager({ name: "Centrallagret" })])).toEqual([
      "Nytt namn på arbetsställe: Lagret → Centrallagret",
    ]);
    expect(describeWorksiteChanges([lager()], [lager({ streetAddress: "Box 99", zip: "352 31" })])).toEqual([]);
  });

  it(`keeps at most ${MAX_WORKSITE_LINES} lines and counts the rest`, () => {
    const opened = Array.from({ length: 14 }, (_, i) => lager({ cfarNo: String(20_000_000 + i), name: `Butik ${i + 1}` }));
    const lines = describeWorksiteChanges([], opened);
    expect(lines).toHaveLength(MAX_WORKSITE_LINES);
    expect(lines[0]).toBe("Nytt arbetsställe: Butik 1, Industrivägen 4, 352 46 Växjö");
    expect(lines.at(-1)).toBe("… och 5 ändringar till av arbetsställen");
  });
});
