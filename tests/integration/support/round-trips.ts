/** What one request did before its answer, as the round-trip counting API worker reports it (issue 48 point 1). */
export const ROUND_TRIPS_HEADER = "X-Test-Round-Trips";

export interface RoundTrips {
  "DB reads": number;
  "DB writes": number;
  "SEARCH_DB reads": number;
  "SEARCH_DB writes": number;
  "Cache API": number;
}
