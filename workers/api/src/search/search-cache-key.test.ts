import { describe, expect, it } from "vitest";
import { SearchSchema } from "#shared/search/search-schema";
import { searchCacheKey } from "./search-service";

const at = (range: Record<string, string>) => ({
  backend: "embedded",
  version: 7,
  page: 0,
  serializedSearch: JSON.stringify(range),
  search: SearchSchema.parse({ range }),
});
// 23:30 UTC is already the next day in Sweden (CET, UTC+1).
const evening = new Date("2026-11-29T23:30:00Z");
const earlier = new Date("2026-11-29T20:00:00Z");

describe("searchCacheKey", () => {
  it("names the Swedish day for a search with a range derived from today (company age), so tomorrow asks again", () => {
    const young = at({ companyAge: "_2" });
    expect(searchCacheKey(young, earlier)).not.toBe(searchCacheKey(young, evening));
    expect(searchCacheKey(young, evening)).toContain(":20261130:");
  });

  it("keeps one key all day and across days for a search without one", () => {
    const turnover = at({ turnover: "1000000_" });
    expect(searchCacheKey(turnover, earlier)).toBe(searchCacheKey(turnover, evening));
  });
});
