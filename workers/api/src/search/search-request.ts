/** Reading a search request at the edge: the JSON body (size-capped) and the client's X-Search-Request-Id. */
import type { Context } from "hono";
import {
  HELD_INDEX_VERSION_HEADER,
  HeldIndexVersionSchema,
  SEARCH_REQUEST_ID_HEADER,
  SearchRequestIdSchema,
} from "#shared/api-contracts/search-api";
import { AppError, parseOrThrow } from "#shared/errors";
import { readCappedText } from "../http/capped-body";

/** A search with every code set full is about 100 KB; anything larger is not a search. */
export const MAX_SEARCH_BODY_BYTES = 256 * 1024;

/** The body as JSON (an empty body is the default search, {}); VALIDATION when it is not JSON or too large. */
export async function readSearchBody(c: Context): Promise<unknown> {
  const tooLarge = () => new AppError("BODY_TOO_LARGE", 413, "Sökningen är för stor.", { type: "VALIDATION" });
  const text = await readCappedText(c.req.raw, MAX_SEARCH_BODY_BYTES, tooLarge);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("INVALID_JSON", 400, "Sökningen kan inte läsas.", { type: "VALIDATION" });
  }
}

/** The client's incrementing search counter, or null when the header is absent. */
export function readSearchRequestId(c: Context): number | null {
  const header = c.req.header(SEARCH_REQUEST_ID_HEADER);
  return header === undefined ? null : parseOrThrow(SearchRequestIdSchema, header, SEARCH_REQUEST_ID_HEADER);
}

/** The index version whose all-of-Sweden counts the client holds (X-Held-Index-Version), or null. */
export function readHeldIndexVersion(c: Context): number | null {
  const header = c.req.header(HELD_INDEX_VERSION_HEADER);
  return header === undefined ? null : parseOrThrow(HeldIndexVersionSchema, header, HELD_INDEX_VERSION_HEADER);
}

/** A client may ask for fresh results, as in HTTP: Cache-Control: no-cache (or no-store) skips the result cache. */
export function wantsFreshResults(c: Context): boolean {
  return /\bno-(?:cache|store)\b/i.test(c.req.header("Cache-Control") ?? "");
}
