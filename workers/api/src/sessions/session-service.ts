import { AppError, unauthorized } from "#shared/errors";
import { log } from "#shared/log";
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from "../auth/access-token";
import { generateRefreshToken, parseRefreshToken, sha256Base64Url } from "../auth/refresh-token";
import { bytesEqual } from "../auth/password-hash";
import { assertAccountUsable, type AccountStatusRow } from "../account/account-status";

/**
 * Session model (docs/decisions/0010-session-model.md): a sign-in opens a family; each refresh uses up its token and
 * issues the next one in the family; presenting a used token again revokes the family (theft detection).
 */
export const REFRESH_IDLE_SECONDS = 12 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;

export interface SessionGrant {
  accessToken: string;
  accessMaxAgeSeconds: number;
  refreshToken: string;
  refreshMaxAgeSeconds: number;
  expiresAt: Date;
  familyId: string;
}

interface RefreshRow extends AccountStatusRow {
  id: string;
  family_id: string;
  secret_hash: string;
  expires_at: number;
  used_at: number | null;
  user_id: string;
  family_expires_at: number;
  revoked_at: number | null;
}

const sessionEnded = () => unauthorized("SESSION_EXPIRED", "Din session har upphört. Logga in igen.");

async function grantInFamily(db: D1Database, signingKey: string, family: { id: string; userId: string; expiresAt: number }, now: number) {
  const refresh = await generateRefreshToken();
  const refreshExpires = Math.min(now + REFRESH_IDLE_SECONDS * 1000, family.expiresAt);
  const insert = db
    .prepare("INSERT INTO refresh_tokens (id, family_id, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
    .bind(refresh.id, family.id, refresh.secretHash, now, refreshExpires);
  const access = await issueAccessToken(signingKey, { userId: family.userId, familyId: family.id }, now);
  return {
    insert,
    grant: {
      accessToken: access.token,
      accessMaxAgeSeconds: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken: refresh.token,
      refreshMaxAgeSeconds: Math.max(1, Math.floor((refreshExpires - now) / 1000)),
      expiresAt: access.expiresAt,
      familyId: family.id,
    } satisfies SessionGrant,
  };
}

/** Opens a new session family for a signed-in user. */
export async function startSession(db: D1Database, signingKey: string, userId: string, now = Date.now()): Promise<SessionGrant> {
  const family = { id: crypto.randomUUID(), userId, expiresAt: now + SESSION_ABSOLUTE_SECONDS * 1000 };
  const { insert, grant } = await grantInFamily(db, signingKey, family, now);
  await db.batch([
    db
      .prepare("INSERT INTO session_families (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(family.id, userId, now, family.expiresAt),
    insert,
  ]);
  return grant;
}

export async function revokeFamily(db: D1Database, familyId: string, reason: string, now = Date.now()): Promise<void> {
  await db
    .prepare("UPDATE session_families SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL")
    .bind(now, reason, familyId)
    .run();
}

async function findRefreshRow(db: D1Database, tokenId: string) {
  return db
    .prepare(
      `SELECT t.id, t.family_id, t.secret_hash, t.expires_at, t.used_at, f.user_id, f.expires_at AS family_expires_at,
              f.revoked_at, u.disabled, u.subscription_expires_at
         FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id JOIN users u ON u.id = f.user_id
        WHERE t.id = ?`,
    )
    .bind(tokenId)
    .first<RefreshRow>();
}

/** Looks up a presented refresh token and checks its secret; undefined when unknown or forged. */
async function authenticRefreshRow(db: D1Database, presented: string | undefined) {
  const parsed = presented ? parseRefreshToken(presented) : undefined;
  if (!parsed) return undefined;
  const row = await findRefreshRow(db, parsed.id);
  if (!row) return undefined;
  const hash = await sha256Base64Url(parsed.secret);
  return bytesEqual(new TextEncoder().encode(hash), new TextEncoder().encode(row.secret_hash)) ? row : undefined;
}

/** Uses up a refresh token and issues the next one; reuse of a used token revokes the whole family. */
export async function rotateSession(db: D1Database, signingKey: string, presented: string | undefined, now = Date.now()) {
  const row = await authenticRefreshRow(db, presented);
  if (!row || row.revoked_at !== null) throw sessionEnded();
  if (row.used_at !== null) return reuseDetected(db, row, now);
  if (row.expires_at <= now || row.family_expires_at <= now) throw sessionEnded();
  try {
    assertAccountUsable(row, now);
  } catch (error) {
    await revokeFamily(db, row.family_id, error instanceof AppError ? error.code : "account", now);
    throw error;
  }
  const claimed = await db.prepare("UPDATE refresh_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL").bind(now, row.id).run();
  if (claimed.meta.changes !== 1) return reuseDetected(db, row, now);
  const family = { id: row.family_id, userId: row.user_id, expiresAt: row.family_expires_at };
  const { insert, grant } = await grantInFamily(db, signingKey, family, now);
  await insert.run();
  return grant;
}

async function reuseDetected(db: D1Database, row: RefreshRow, now: number): Promise<never> {
  await revokeFamily(db, row.family_id, "refresh-token-reuse", now);
  log("warn", "refresh token reuse: session family revoked", { familyId: row.family_id, userId: row.user_id });
  throw unauthorized("REFRESH_TOKEN_REUSED", "Din session har upphört. Logga in igen.");
}

/** Sign-out: revokes the family of the presented refresh token (if authentic) and of the access token's sid. */
export async function endSession(db: D1Database, refreshToken: string | undefined, familyId: string | undefined, now = Date.now()) {
  const row = await authenticRefreshRow(db, refreshToken);
  const families = new Set([row?.family_id, familyId].filter((id): id is string => Boolean(id)));
  for (const id of families) await revokeFamily(db, id, "sign-out", now);
}
