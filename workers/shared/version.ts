/**
 * Client version protocol (spec §7): every call sends its version in CLIENT_VERSION_HEADER and every answer carries
 * the server's. A client older than the server gets 418 and reloads ("Ny version").
 * Bump CLIENT_VERSION when the API contract changes in a way an open browser tab must not keep using.
 */
export const CLIENT_VERSION_HEADER = "X-Client-Version";
// 2: a search answer's `response` no longer carries `cached` and `backendMs` (docs/decisions/0051).
// 3: a histogram carries `missing` and `allMissing` ("uppgift saknas", issue 48).
export const CLIENT_VERSION = 3;
export const APP_VERSION = "0.1.0";

/** Parses a version header; undefined when absent or malformed. */
export function parseClientVersion(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,6}$/.test(value)) return undefined;
  return Number(value);
}
