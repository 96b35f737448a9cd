import { AppError } from "#shared/errors";
import { log } from "#shared/log";
import type { AuthConfig } from "../auth/auth-config";
import type { ParsedIdentity } from "../auth/identity";
import { dummyVerify, hashPassword, needsRehash, verifyPassword, type Pepper } from "../auth/password-hash";
import { assertAccountUsable } from "../account/account-status";
import { consume, release } from "../rate-limits/rate-limiter";
import { startSession, type SessionGrant } from "./session-service";
import { accountFailureRule, accountKeyFor, consumeIpAttempt } from "../rate-limits/sign-in-limits";
import { findUserByIdentity, type UserRow } from "../account/user-lookup";

/** One message and status for an unknown identity and a wrong password (no account enumeration). */
export const INVALID_CREDENTIALS_MESSAGE = "Felaktiga inloggningsuppgifter. Kontrollera och försök igen.";

export const invalidCredentials = () => new AppError("INVALID_CREDENTIALS", 400, INVALID_CREDENTIALS_MESSAGE, { type: "USER_MESSAGE" });

export function currentPepper(config: AuthConfig): Pepper {
  return { id: config.PASSWORD_PEPPER_ID, secret: config.PASSWORD_PEPPER };
}

/** The peppers a stored hash may name: the current one, and during a rotation the previous one (README). */
export function knownPeppers(config: AuthConfig): Pepper[] {
  const previous =
    config.PASSWORD_PEPPER_PREVIOUS && config.PASSWORD_PEPPER_PREVIOUS_ID
      ? [{ id: config.PASSWORD_PEPPER_PREVIOUS_ID, secret: config.PASSWORD_PEPPER_PREVIOUS }]
      : [];
  return [currentPepper(config), ...previous];
}

async function passwordMatches(config: AuthConfig, user: UserRow | undefined, password: string): Promise<boolean> {
  if (!user?.password_hash) {
    await dummyVerify(password, currentPepper(config));
    return false;
  }
  return verifyPassword(password, user.password_hash, knownPeppers(config));
}

async function upgradeHashIfNeeded(db: D1Database, config: AuthConfig, user: UserRow, password: string) {
  if (!user.password_hash || !needsRehash(user.password_hash, config.PASSWORD_PEPPER_ID)) return;
  const upgraded = await hashPassword(password, currentPepper(config));
  await db
    .prepare("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?")
    .bind(upgraded, user.id, user.password_hash)
    .run();
}

export interface PasswordSignIn {
  identity: ParsedIdentity;
  password: string;
  clientIp: string;
}

/**
 * Checks the IP limit, reserves a failure slot for the account (so parallel guesses cannot overshoot the limit),
 * verifies the password, and on success releases the slot, upgrades the hash and opens a session.
 */
export async function signInWithPassword(
  db: D1Database,
  config: AuthConfig,
  input: PasswordSignIn,
  now = Date.now(),
): Promise<SessionGrant> {
  await consumeIpAttempt(db, config, input.clientIp, now);
  const user = await findUserByIdentity(db, input.identity);
  const slot = await consume(db, accountFailureRule(config, accountKeyFor(user?.id, input.identity)), now);
  const matches = await passwordMatches(config, user, input.password);
  if (!user || !matches) {
    log("warn", "sign-in failed", { method: "password", userId: user?.id, knownAccount: Boolean(user), clientIp: input.clientIp });
    throw invalidCredentials();
  }
  await release(db, slot);
  assertAccountUsable(user, now);
  await upgradeHashIfNeeded(db, config, user, input.password);
  log("info", "signed in", { method: "password", userId: user.id, clientIp: input.clientIp });
  return startSession(db, config.JWT_SIGNING_KEY, user.id, now);
}
