import { describe, expect, it } from "vitest";
import { emptySearch } from "./empty-search";
import { RESULT_TYPES } from "./search-fields";
import { SearchSchema } from "./search-schema";

describe("emptySearch", () => {
  it.each(RESULT_TYPES)("is what SearchSchema makes of { resultType: %s }", (resultType) => {
    expect(emptySearch(resultType)).toStrictEqual(SearchSchema.parse({ resultType }));
  });

  it("gives each call its own sort", () => {
    const first = emptySearch();
    first.sort.push({ field: "name", ascending: true });
    expect(emptySearch().sort).toHaveLength(1);
  });
});
