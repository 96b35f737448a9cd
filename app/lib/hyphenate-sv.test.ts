import { describe, expect, it } from "vitest";
import { hyphenateSv } from "./hyphenate-sv";

const shown = (text: string) => hyphenateSv(text).replaceAll("\u00ad", "-");

describe("hyphenateSv", () => {
  it("breaks long Swedish words between syllables", () => {
    expect(shown("Fastighetsverksamhet")).toBe("Fas-tig-hets-verk-sam-het");
    expect(shown("Informations- och kommunikationsverksamhet")).toBe("In-for-ma-tions- och kom-mu-ni-ka-tions-verk-sam-het");
    expect(shown("Bostadsrättsföreningar")).toBe("Bos-tads-rätts-fö-re-ningar");
    expect(shown("Tillverkning")).toBe("Till-verk-ning");
    expect(shown("pensionsstiftelser")).toBe("pen-sions-stif-tel-ser");
  });

  it("keeps short words, pieces of at least two letters before and three after a break, and other characters", () => {
    expect(shown("Bank och Stockholm")).toBe("Bank och Stock-holm");
    expect(shown("Aktiebolag 41, 49 (AB)")).toBe("Ak-tie-bo-lag 41, 49 (AB)");
    expect(shown("Oasen")).toBe("Oasen");
    expect(shown("Ekonomiska")).toBe("Eko-no-miska");
  });

  it("reads the same without its soft hyphens", () => {
    const text = "Samfällighetsföreningar, vägföreningar, vägsamfälligheter";
    expect(hyphenateSv(text).replaceAll("\u00ad", "")).toBe(text);
    expect(hyphenateSv(hyphenateSv(text))).toBe(hyphenateSv(text));
  });
});
