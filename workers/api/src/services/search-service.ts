/**
 * POST /sapi/search/page/{n} (spec §3 "Search response", §7): resolves the search's list files for the user, asks the
 * SearchBackend for the page (hit count, records, disjunctive aggregations with `_all`, nameForOrgSeqNo) and shapes the
 * answer with the normalised search, its `vad` serialisation and the client's request id.
 */
import type { SearchBackend } from "../../../../search-index/backend";
import { PAGE_TOO_DEEP_MESSAGE, type SearchPageAnswer } from "../../../shared/api-contracts/search-api";
import { AppError } from "../../../shared/errors";
import { MAX_PAGE } from "../../../shared/search/search-fields";
import type { Search } from "../../../shared/search/search-schema";
import { serializeSearch } from "../../../shared/search/search-serialize";
import { listFilesForSearch } from "../list-files/list-file-numbers";
import { elapsedMs } from "./timed-backend";

export interface SearchPageInput {
  userId: string;
  search: Search;
  page: number;
  /** The client's X-Search-Request-Id, echoed. */
  requestId: number | null;
  /** This call's X-Request-Id. */
  serverRequestId: string;
}

/** Pages run 0 … MAX_PAGE: 20 records each, at most 1000 visible (spec §6, §9). */
export function assertPageVisible(page: number): void {
  if (page > MAX_PAGE) {
    throw new AppError("PAGE_TOO_DEEP", 400, PAGE_TOO_DEEP_MESSAGE, {
      type: "VALIDATION",
      issues: [{ path: "page", message: PAGE_TOO_DEEP_MESSAGE }],
    });
  }
}

export async function searchPage(db: D1Database, backend: SearchBackend, input: SearchPageInput): Promise<SearchPageAnswer> {
  assertPageVisible(input.page);
  const listFiles = await listFilesForSearch(db, input.userId, input.search.numSet);
  const started = performance.now();
  const results = await backend.search(input.search, { page: input.page, listFiles });
  const backendMs = elapsedMs(started);
  return {
    results,
    page: input.page,
    search: input.search,
    serializedSearch: serializeSearch(input.search),
    requestId: input.requestId,
    response: { serverRequestId: input.serverRequestId, backendMs },
  };
}
