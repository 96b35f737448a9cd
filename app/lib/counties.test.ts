import { describe, expect, it } from "vitest";
import { COUNTY_SHAPES } from "./counties";

describe("county shapes", () => {
  it("has the 21 counties with codes, names and outlines", () => {
    expect(COUNTY_SHAPES).toHaveLength(21);
    expect(new Set(COUNTY_SHAPES.map((c) => c.code)).size).toBe(21);
    expect(COUNTY_SHAPES.find((c) => c.code === "01")?.name).toBe("Stockholms län");
    expect(COUNTY_SHAPES.find((c) => c.code === "25")?.name).toBe("Norrbottens län");
    for (const county of COUNTY_SHAPES) expect(county.d).toMatch(/^M[\d. ]+/);
  });
});
