/**
 * Conformance cases for range-filter histograms (issue 39, workers/shared/search/histogram.ts): every bin of the
 * selection (the search without the field's own range) and of the whole index, and the records of each without a figure
 * ("uppgift saknas", issue 48), equal the brute-force reference, on
 * both result types, with the field free or constrained, with facets, text, list files and the limited-company rule.
 */
import { describe, expect, it } from "vitest";
import type { ListFileMap } from "#search-index/backend";
import { parseSearch, visiblePage } from "#search-index/search-model";
import { HISTOGRAM_FIELDS, histogramApplies, histogramEdges, type HistogramField } from "#shared/search/histogram";
import { RESULT_TYPES } from "#shared/search/search-fields";
import type { SearchInput } from "#shared/search/search-schema";
import { type BackendRef, orgNoOf, run } from "./contract-helpers";
import { referenceHistogram } from "./reference-model";

async function expectHistogram(backend: BackendRef, input: SearchInput, field: HistogramField, listFiles?: ListFileMap) {
  const search = parseSearch(input);
  const results = await backend().search(search, { page: visiblePage(0), histogram: field, ...(listFiles ? { listFiles } : {}) });
  const edges = histogramEdges(field);
  const expected = referenceHistogram(search.normalised, field, edges, listFiles);
  expect(results.histogram, `${field} of ${JSON.stringify(input)}`).toEqual({ field, edges, ...expected });
  return results;
}

export function histogramCases(backend: BackendRef) {
  describe("range-filter histograms", () => {
    it("counts every field of each result type over the whole index when nothing is constrained", async () => {
      for (const resultType of RESULT_TYPES) {
        for (const field of HISTOGRAM_FIELDS.filter((f) => histogramApplies(f, resultType))) {
          const results = await expectHistogram(backend, { resultType }, field);
          expect(results.histogram?.counts).toEqual(results.histogram?.all);
        }
      }
    });

    it("counts the selection's bins when the search leaves the field free", async () => {
      const turnover = await expectHistogram(backend, { codeSet: { location: ["01"] }, bool: { fTax: true } }, "turnover");
      const filled = (turnover.histogram?.counts ?? []).filter((n) => n > 0).length;
      expect(filled).toBeGreaterThan(1);
      // The fixture has companies without a turnover: counted apart, in no bin.
      expect(turnover.histogram?.allMissing).toBeGreaterThan(0);
      await expectHistogram(backend, { codeSet: { sni: ["F"] } }, "numEmployees");
      await expectHistogram(backend, { range: { numEmployees: "10_" } }, "createdDate");
      await expectHistogram(backend, { resultType: "WORKSITE", codeSet: { location: ["01"] } }, "numEmployees");
      await expectHistogram(backend, { text: "bygg" }, "scoring");
    });

    it("leaves the field's own range out, so the bars outside the chosen range stay", async () => {
      const input: SearchInput = { range: { turnover: "10000000_50000000" }, codeSet: { location: ["01"] } };
      const results = await expectHistogram(backend, input, "turnover");
      const inside = (results.histogram?.counts ?? []).reduce((a, b) => a + b, 0);
      expect(inside).toBeGreaterThan(results.hitCount);
      await expectHistogram(backend, { range: { turnover: "10000000_", earnings: "0_" } }, "earnings");
      await expectHistogram(backend, { resultType: "WORKSITE", range: { numEmployees: "1_9" }, bool: { hasPhone: true } }, "numEmployees");
    });

    it("drops the limited-company rule with the field's own range, and keeps it for another field's", async () => {
      const alone = await expectHistogram(backend, { range: { totalAssets: "80000000_" } }, "totalAssets");
      expect(alone.histogram?.counts).toEqual(alone.histogram?.all);
      await expectHistogram(backend, { range: { totalAssets: "80000000_" } }, "turnover");
      await expectHistogram(backend, { range: { dividend: "1_" } }, "totalEquity");
    });

    it("honours list files and an empty range elsewhere", async () => {
      const listFiles: ListFileMap = new Map([[7, [1, 2, 3, 9, 26].map(orgNoOf)]]);
      await expectHistogram(backend, { numSet: { includeFile: [7] } }, "turnover", listFiles);
      await expectHistogram(backend, { numSet: { excludeFile: [7] }, range: { turnover: "1_" } }, "turnover", listFiles);
      const none = await expectHistogram(backend, { range: { numEmployees: "9000_9000" } }, "turnover");
      expect(none.histogram?.counts.every((n) => n === 0)).toBe(true);
    });

    it("answers without a histogram unless one is asked for", async () => {
      const results = await run(backend(), { codeSet: { location: ["01"] } });
      expect(results.histogram).toBeUndefined();
    });
  });
}
