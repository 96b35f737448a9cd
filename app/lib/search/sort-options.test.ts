import { describe, expect, it } from "vitest";
import { sortOptions } from "./sort-options";

describe("sortOptions", () => {
  it("lists each field in its natural direction first: amounts high to low, dates newest, names A–Ö, random 1 before 2", () => {
    const labels = sortOptions("COMPANY").map((option) => option.label);
    expect(labels.slice(0, 2)).toEqual(["Omsättning, högst först", "Omsättning, lägst först"]);
    expect(labels.indexOf("Registreringsdatum, nyast först")).toBeLessThan(labels.indexOf("Registreringsdatum, äldst först"));
    expect(labels.indexOf("Namn, A–Ö")).toBeLessThan(labels.indexOf("Namn, Ö–A"));
    expect(labels.slice(-2)).toEqual(["Slumpvis, ordning 1", "Slumpvis, ordning 2"]);
  });

  it("offers every sort field of the result type in both directions, once each", () => {
    for (const type of ["COMPANY", "WORKSITE"] as const) {
      const values = sortOptions(type).map((option) => option.value);
      expect(new Set(values).size).toBe(values.length);
      expect(values.filter((value) => value.endsWith(":asc")).length).toBe(values.length / 2);
    }
  });
});
