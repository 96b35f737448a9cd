/**
 * Free text (issue 26) on every backend: each text's hit count and, under the relevance sort, its first page in
 * order equal the brute-force reference (reference-model.ts), so both backends answer alike; plus the cases a
 * subscriber types (a trade and a town, a street, a person, an organisation number in parts) and bad input.
 */
import { describe, expect, it } from "vitest";
import type { SearchBackend } from "#search-index/backend";
import { parseSearch } from "#search-index/search-model";
import { forgivingOffer, forgivingTextQuery } from "#search-index/forgiving";
import { sniDetailGroupToKeywords } from "#search-index/refdata/index";
import type { CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import { RESULT_TYPES, type ResultType } from "#shared/search/search-fields";
import { referenceRelevanceOrder, referenceSearch } from "./reference-model";

const RELEVANCE = [{ field: "relevance" as const, ascending: false }];

/** Texts as people type them: trades, towns, streets, people, numbers, stop words, oddities. */
const TEXTS = [
  "restaurang",
  "restaurang stockholm",
  "Epsilon i Stockholm",
  "epsilon restaurang ab",
  "bageri upplands väsby",
  "bageri upplands v",
  "upplands",
  "stockholms",
  "stockholm",
  "testgatan 12",
  "testgatan",
  "nummer1",
  "chef nummer",
  "anna",
  "556000-0019",
  "5560000019",
  "556000 0019",
  "5560000",
  "556000",
  "5560",
  "55600",
  "data sto",
  "bygg gamma",
  "kons",
  "c",
  "ö",
  "café",
  "CAFE",
  "AB",
  "i och",
  "&&&",
  "–",
  "\u200b",
  "ab bank",
];

/** Texts typed without å/ä/ö, with a genitive -s or with typing errors, that find nothing as typed (issues 38, 48). */
const FORGIVING_TEXTS = [
  "data goteborg",
  "cafe asa",
  "phi vard",
  "Epsilons restaurang",
  "lulea hotell",
  "goteborgs data",
  "bank lulea",
  "angens forskola",
  "malmo",
  // Typing errors (issue 48 point 7): a letter left out, swapped, replaced or added; in a name, a trade, a town.
  "restarang",
  "Epsilno restaurang",
  "bgaeri",
  "iotta bageri",
  "stokholm data",
  "restaurrang stockholm",
];
const TYPO_TEXTS = FORGIVING_TEXTS.slice(FORGIVING_TEXTS.indexOf("restarang"));

const idOf = (record: CompanyRecord | WorksiteRecord) => ("cfarNo" in record ? Number(record.cfarNo) : record.orgSeqNo);

export function freeTextCases(backend: () => SearchBackend) {
  describe("free text", () => {
    for (const type of RESULT_TYPES) {
      it(`${type}: every text's hits and relevance order equal the reference`, async () => {
        for (const text of TEXTS) {
          const search = parseSearch({ resultType: type, text, sort: RELEVANCE });
          const answer = await backend().search(search);
          const order = referenceRelevanceOrder(search.normalised);
          expect({ text, hitCount: answer.hitCount }).toEqual({ text, hitCount: referenceSearch(search.normalised).hitCount });
          expect({ text, ids: answer.records.map(idOf) }).toEqual({ text, ids: order.slice(0, 20) });
          const suggested = await backend().suggestRecords(search, 5);
          expect({ text, ids: suggested.map(idOf) }).toEqual({ text, ids: order.slice(0, 5) });
        }
      });
    }

    const hits = async (text: string, type: ResultType = "COMPANY", extra: object = {}) => {
      const answer = await backend().search(parseSearch({ resultType: type, text, sort: RELEVANCE, ...extra }));
      return { count: answer.hitCount, names: answer.records.map((r) => r.name) };
    };

    it("finds a trade in a town, the name match first", async () => {
      const { names } = await hits("restaurang stockholm");
      expect(names[0]).toBe("Epsilon Restaurang AB");
    });

    it("finds a trade by its search words, which no name has", async () => {
      const keyword = (sniDetailGroupToKeywords["10710"] ?? []).find((word) => !/bageri/i.test(word));
      expect(keyword).toBeTruthy();
      expect((await hits(keyword as string)).names).toContain("Iota Bageri AB");
    });

    it("finds a street with its number, a board member and an organisation number typed in parts", async () => {
      expect((await hits("testgatan 12")).names[0]).toBe("Iota Bageri AB");
      expect((await hits("chef nummer12")).names).toEqual(["Iota Bageri AB"]);
      expect((await hits("556000 0019")).names).toEqual(["Alfa Data AB"]);
      expect((await hits("alfa 556000-0019")).names).toEqual(["Alfa Data AB"]);
    });

    it("keeps facet counts exact for the matched set and applies an explicit sort", async () => {
      const search = parseSearch({ text: "stockholm", sort: [{ field: "turnover", ascending: true }] });
      const answer = await backend().search(search);
      expect(answer.hitCount).toBe(referenceSearch(search.normalised).hitCount);
      expect(answer.aggregations.companyForm).toEqual(referenceSearch(search.normalised).aggregations.companyForm);
      const turnovers = answer.records.map((r) => (r as CompanyRecord).turnover).filter((t): t is number => t !== null);
      expect(turnovers).toEqual([...turnovers].sort((a, b) => a - b));
    });

    it("finds nothing for a text of stop words or punctuation only", async () => {
      for (const text of ["AB", "i", "och i", "&", "–", "..."]) expect((await hits(text)).count).toBe(0);
    });

    it("retries a text that found nothing with å/ä/ö folded, without a genitive -s and with its typing errors forgiven, as the reference (issues 38, 48)", async () => {
      for (const type of RESULT_TYPES) {
        for (const text of FORGIVING_TEXTS) {
          const search = parseSearch({ resultType: type, text, sort: RELEVANCE });
          expect({ text, type, exact: (await backend().search(search)).hitCount }).toEqual({ text, type, exact: 0 });
          const textQuery = forgivingTextQuery(search.textQuery);
          expect(textQuery).not.toBeNull();
          const answer = await backend().search({ ...search, textQuery });
          const order = referenceRelevanceOrder(search.normalised, undefined, textQuery);
          expect({ text, type, hitCount: answer.hitCount }).toEqual({ text, type, hitCount: order.length });
          if (type === "COMPANY" && TYPO_TEXTS.includes(text)) expect({ text, found: answer.hitCount > 0 }).toEqual({ text, found: true });
          expect({ text, type, ids: answer.records.map(idOf) }).toEqual({ text, type, ids: order.slice(0, 20) });
          const suggested = await backend().suggestRecords({ ...search, textQuery }, 5);
          expect({ text, type, ids: suggested.map(idOf) }).toEqual({ text, type, ids: order.slice(0, 5) });
        }
      }
    });

    it("offers the text the retry found, which then finds its best record as typed (issue 38)", async () => {
      const offered = async (text: string, resultType: ResultType = "COMPANY") =>
        (await forgivingOffer(backend(), parseSearch({ resultType, text, sort: RELEVANCE }), 5))?.text ?? null;
      expect(await offered("data goteborg", "WORKSITE")).toBe("data göteborg");
      expect(await offered("Epsilons restaurang")).toBe("Epsilon restaurang");
      expect(await offered("cafe asa")).toBe("cafe åsa");
      expect(await offered("PHI VARD")).toBe("PHI VÅRD");
      expect(await offered("angens forskola")).toBe("ängens förskola");
      expect(await offered("restarang")).toBe("restaurang");
      expect(await offered("Epsilno restaurang")).toBe("Epsilon restaurang");
      expect(await offered("bgaeri")).toBe("bageri");
      // Nothing to offer: no variants, or variants that find nothing.
      expect(await offered("zzzz")).toBeNull();
      expect(await offered("data goteborg")).toBeNull();
      expect((await hits("data göteborg", "WORKSITE")).names).toEqual(["Alfa Data Göteborg"]);
      expect((await hits("Epsilon restaurang")).names[0]).toBe("Epsilon Restaurang AB");
    });

    it("refuses a text over the limit with a Swedish message", () => {
      expect(() => parseSearch({ text: "a".repeat(201) })).toThrowError(/ogiltig/i);
    });
  });
}
