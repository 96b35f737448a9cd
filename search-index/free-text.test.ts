import { describe, expect, it } from "vitest";
import { indexWords, MAX_TEXT_WORDS, parseTextQuery, placeWords } from "./free-text";

const words = (text: string) => parseTextQuery(text)?.words.map((w) => ({ word: w.word, prefix: w.prefix }));
const codes = (list: { code: string }[] | undefined) => (list ?? []).map((c) => c.code);

describe("parseTextQuery", () => {
  it("has no query without a text, and an empty one for stop words, punctuation or symbols only", () => {
    expect(parseTextQuery(null)).toBeNull();
    expect(parseTextQuery("   ")).toBeNull();
    for (const text of ["AB", "i och", "&", "– ...", "\u200b", "Aktiebolaget i"]) expect(parseTextQuery(text)?.words).toEqual([]);
  });

  it("leaves out stop words, keeps each word once, and makes only the last word a prefix", () => {
    expect(words("Pizzeria i Kalmar AB")).toEqual([
      { word: "pizzeria", prefix: false },
      { word: "kalmar", prefix: false },
    ]);
    expect(words("Pizzeria i Kal")).toEqual([
      { word: "pizzeria", prefix: false },
      { word: "kal", prefix: true },
    ]);
    expect(words("berg BERG Berg")).toEqual([{ word: "berg", prefix: true }]);
    expect(words("Café Ångström")).toEqual([
      { word: "cafe", prefix: false },
      { word: "ångström", prefix: true },
    ]);
  });

  it("finds organisation numbers written whole in any common format, and 6–9 leading digits of the last word", () => {
    for (const text of ["556036-0793", "5560360793", "16556036-0793", "19556036 0793", " 556036-0793 "]) {
      expect(parseTextQuery(text)?.words).toEqual([
        { word: null, prefix: false, orgNo: { from: 5560360793, to: 5560360793, digits: "5560360793" }, industries: [], places: [] },
      ]);
    }
    const [orgNo, alfa] = parseTextQuery("alfa 556036-0793")?.words ?? [];
    expect(orgNo?.orgNo?.digits).toBe("5560360793");
    expect(alfa?.word).toBe("alfa");
    expect(parseTextQuery("556036")?.words[0]?.orgNo).toEqual({ from: 5560360000, to: 5560369999, digits: "556036" });
    // Issue 38: four or five leading digits find their companies too; three are still street numbers.
    expect(parseTextQuery("5560")?.words[0]?.orgNo).toEqual({ from: 5560000000, to: 5560999999, digits: "5560" });
    expect(parseTextQuery("55603")?.words[0]?.orgNo).toEqual({ from: 5560300000, to: 5560399999, digits: "55603" });
    expect(parseTextQuery("556")?.words[0]?.orgNo).toBeNull();
    expect(parseTextQuery("556036 kalmar")?.words[0]?.orgNo).toBeNull();
    // Issue 48 point 8: a start written with dashes is one number ("5560-1" is 55601…, "556036-07" is 55603607…).
    expect(parseTextQuery("5560-1")?.words).toHaveLength(1);
    expect(parseTextQuery("5560-1")?.words[0]?.orgNo).toEqual({ from: 5560100000, to: 5560199999, digits: "55601" });
    expect(parseTextQuery("556036-07")?.words[0]?.orgNo?.digits).toBe("55603607");
    expect(parseTextQuery("bygg 5560-1")?.words.map((w) => w.orgNo?.digits ?? w.word)).toEqual(["bygg", "55601"]);
  });

  it("resolves industries by their texts and search words, and places by their names without 'län'", () => {
    const [pizzeria, kalmar] = parseTextQuery("pizzeria kalmar")?.words ?? [];
    expect(codes(pizzeria?.industries)).toContain("56100");
    expect(codes(kalmar?.places)).toEqual(["0880", "08"].sort());
    expect(parseTextQuery("län")?.words[0]?.places).toEqual([]);
    // A prefix finds industries only from three letters; places from the first.
    expect(parseTextQuery("pi")?.words[0]?.industries.every((c) => c.score === 2)).toBe(true);
    expect(parseTextQuery("piz")?.words[0]?.industries.map((c) => c.code)).toContain("56100");
    expect(codes(parseTextQuery("stockholms")?.words[0]?.places)).toEqual(["01"]);
  });

  it("takes at most MAX_TEXT_WORDS words", () => {
    expect(parseTextQuery("a b c d e f g h j k l m")?.words).toHaveLength(MAX_TEXT_WORDS);
  });
});

describe("index words", () => {
  it("splits on anything but letters and digits, folds accents but å, ä, ö, and drops stop words", () => {
    expect(indexWords("AB:s Hårvård & Co HB")).toEqual(["s", "hårvård", "co"]);
    expect(indexWords("Crème brûlée i Malmö")).toEqual(["creme", "brulee", "malmö"]);
    expect(placeWords("0880", "08")).toEqual(["kalmar"]);
  });
});
