/**
 * The open detail pane in the search screen's address (issue 38): /sok?vad=<search>&visa=<record id>. The record is a
 * view of the search, not part of it: `vad` alone is what shared links (Dela urval), exports and Bevakning take
 * (docs/decisions/0039). An id the API would refuse is read as no record.
 */
import { ENTITY_ID_PATTERN } from "#shared/api-contracts/entity-id";

export const DETAIL_PARAM = "visa";

/** The record the address opens (`location.search`), or null. */
export function detailIdOf(locationSearch: string): string | null {
  const id = new URLSearchParams(locationSearch).get(DETAIL_PARAM);
  return id !== null && ENTITY_ID_PATTERN.test(id) ? id : null;
}

/** The query `locationSearch` with the record `id` open (or none): every other parameter kept, in order. */
export function withDetail(locationSearch: string, id: string | null): string {
  const params = new URLSearchParams(locationSearch);
  if (id === null) params.delete(DETAIL_PARAM);
  else params.set(DETAIL_PARAM, id);
  const query = params.toString();
  return query ? `?${query}` : "";
}
