/**
 * When the current session ends (epoch ms), as last told by the API (sign-in, refresh, active user). Used for the
 * preflight before opening a link (spec §7: when the session expires within 2 s).
 */
import type { ExpiresAt } from "#shared/api-contracts/auth";
import { expiresAtToMs } from "#shared/api-contracts/session-expiry";

let expiresAtMs: number | undefined;

export function noteSessionExpiry(value: ExpiresAt | undefined): void {
  if (value === undefined) return;
  const ms = expiresAtToMs(value);
  if (ms !== undefined) expiresAtMs = ms;
}

export function clearSessionExpiry(): void {
  expiresAtMs = undefined;
}

/** True when the session is unknown or ends within `withinMs` from now. */
export function sessionExpiresWithin(withinMs: number, now = Date.now()): boolean {
  return expiresAtMs === undefined || expiresAtMs - now < withinMs;
}
