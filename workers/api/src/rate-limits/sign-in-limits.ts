import type { AuthConfig } from "../auth/auth-config";
import type { ParsedIdentity } from "../auth/identity";
import { consume, pruneEvents, type RateLimit } from "./rate-limiter";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const ONE_TIME_CODE_SENDS_PER_HOUR = 3;
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** Every sign-in attempt (password, code request, code confirmation) counts against the client's IP. */
export const ipAttemptRule = (config: AuthConfig, ip: string): RateLimit => ({
  bucket: `ip:${ip}`,
  limit: config.AUTH_IP_ATTEMPTS_PER_MINUTE,
  windowMs: MINUTE,
});

/** Failed password attempts per account, whatever the IP; a slot is reserved before checking and released on success. */
export const accountFailureRule = (config: AuthConfig, accountKey: string): RateLimit => ({
  bucket: `account:${accountKey}`,
  limit: config.AUTH_ACCOUNT_FAILURES_PER_HOUR,
  windowMs: HOUR,
});

/** One-time codes sent to one recipient (e-mail address or phone number). */
export const codeSendRule = (recipient: string): RateLimit => ({
  bucket: `code-send:${recipient}`,
  limit: ONE_TIME_CODE_SENDS_PER_HOUR,
  windowMs: HOUR,
});

export const contactRule = (ip: string): RateLimit => ({ bucket: `contact:${ip}`, limit: CONTACT_MESSAGES_PER_HOUR, windowMs: HOUR });

/** The key an unknown identity is counted under, so unknown and known accounts hit the limit alike. */
export function accountKeyFor(userId: string | undefined, identity: ParsedIdentity): string {
  return userId ?? `unknown:${identity.email ?? identity.personalId ?? identity.phone ?? identity.username.toLowerCase()}`;
}

/** Counts a sign-in attempt for the IP; about one call in fifty also deletes events older than a day. */
export async function consumeIpAttempt(db: D1Database, config: AuthConfig, ip: string, now: number) {
  if (Math.random() < 0.02) await pruneEvents(db, undefined, now);
  return consume(db, ipAttemptRule(config, ip), now);
}
