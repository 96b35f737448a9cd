/** Shared helpers of the conformance cases: parse a search and its page (the edge's one parse), run it, read ids. */
import { expect } from "vitest";
import type { ListFileMap, SearchBackend } from "#search-index/backend";
import { parseSearch, visiblePage } from "#search-index/search-model";
import type { SearchResults } from "#shared/search/result-schemas";
import type { SearchInput } from "#shared/search/search-schema";
import { fixtureOrgNo } from "../../fixtures/search/fixture-dataset";
import { COMPANY_ROWS } from "../../fixtures/search/fixture-rows";

export type BackendRef = () => SearchBackend;

export const orgNoOf = (id: number) => fixtureOrgNo(COMPANY_ROWS.find((row) => row.id === id) ?? { id });

/** Record ids of a result page: orgSeqNo for companies, cfarNo for worksites. */
export function idsOf(results: SearchResults): (number | string)[] {
  return results.records.map((record) => ("cfarNo" in record ? record.cfarNo : record.orgSeqNo));
}

export async function run(backend: SearchBackend, input: SearchInput, options: { page?: number; listFiles?: ListFileMap } = {}) {
  const page = options.page === undefined ? undefined : visiblePage(options.page);
  return backend.search(parseSearch(input), { ...options, page });
}

/** Every hit of a search (at most 1000), by paging. */
export async function allIds(backend: SearchBackend, input: SearchInput, listFiles?: ListFileMap): Promise<(number | string)[]> {
  const first = await run(backend, input, { listFiles });
  const ids = idsOf(first);
  for (let page = 1; page * 20 < Math.min(first.hitCount, 1000); page++) ids.push(...idsOf(await run(backend, input, { page, listFiles })));
  return ids;
}

export async function expectHits(backend: SearchBackend, input: SearchInput, expected: (number | string)[], listFiles?: ListFileMap) {
  const results = await run(backend, input, { listFiles });
  expect(results.hitCount).toBe(expected.length);
  expect([...(await allIds(backend, input, listFiles))].sort()).toEqual([...expected].sort());
}

/** Rejects with a VALIDATION error naming the given paths. */
export async function expectValidation(promise: Promise<unknown>, paths: string[]) {
  await expect(promise).rejects.toMatchObject({
    type: "VALIDATION",
    status: 400,
    issues: paths.map((path) => expect.objectContaining({ path })),
  });
}
