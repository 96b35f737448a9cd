import { AppError, unauthorized } from "#shared/errors";
import { log } from "#shared/log";
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from "../auth/access-token";
import { generateRefreshToken, parseRefreshToken, sha256Base64Url } from "../auth/refresh-token";
import { bytesEqual } from "../auth/password-hash";
import { openSuccessor, sealSuccessor, type SuccessorPair } from "../auth/successor-seal";
import { assertAccountUsable, type AccountStatusRow } from "../account/account-status";

/**
 * Session model (docs/decisions/0010-session-model.md): a sign-in opens a family; each refresh uses up its token and
 * issues the next one in the family; presenting a used token again revokes the family (theft detection), except
 * within REFRESH_REUSE_GRACE_MS of its rotation while its successor is unused: then it hands back that same successor
 * pair, so two tabs refreshing at once both stay signed in (docs/decisions/0038).
 */
export const REFRESH_IDLE_SECONDS = 12 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;
export const REFRESH_REUSE_GRACE_MS = 10_000;

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
  successor_sealed: string | null;
  successor_used_at: number | null;
  user_id: string;
  family_expires_at: number;
  revoked_at: number | null;
}

/** An authentic presented token: its row and its secret (the key to the sealed successor). */
interface PresentedToken {
  row: RefreshRow;
  secret: string;
}

const sessionEnded = () => unauthorized("SESSION_EXPIRED", "Din session har upphört. Logga in igen.");

const secondsUntil = (at: number, now: number) => Math.max(1, Math.floor((at - now) / 1000));

/** The grant of a (new or handed back) pair. */
const grantOf = (pair: SuccessorPair, familyId: string, now: number): SessionGrant => ({
  accessToken: pair.accessToken,
  accessMaxAgeSeconds: Math.min(ACCESS_TOKEN_TTL_SECONDS, secondsUntil(pair.accessExpiresAt, now)),
  refreshToken: pair.refreshToken,
  refreshMaxAgeSeconds: secondsUntil(pair.refreshExpiresAt, now),
  expiresAt: new Date(pair.accessExpiresAt),
  familyId,
});

/**
 * The next pair of a family and the statement that stores its refresh token; with `successorOf`, the statement stores
 * it only if that token's row names it as its successor (so only the request that claimed the old token adds one).
 */
async function pairInFamily(
  db: D1Database,
  signingKey: string,
  family: { id: string; userId: string; expiresAt: number },
  now: number,
  successorOf?: string,
) {
  const refresh = await generateRefreshToken();
  const refreshExpires = Math.min(now + REFRESH_IDLE_SECONDS * 1000, family.expiresAt);
  const values = [refresh.id, family.id, refresh.secretHash, now, refreshExpires];
  const insert = successorOf
    ? db
        .prepare(
          `INSERT INTO refresh_tokens (id, family_id, secret_hash, created_at, expires_at) SELECT ?, ?, ?, ?, ?
            WHERE EXISTS (SELECT 1 FROM refresh_tokens WHERE id = ? AND successor_id = ?)`,
        )
        .bind(...values, successorOf, refresh.id)
    : db.prepare("INSERT INTO refresh_tokens (id, family_id, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)").bind(...values);
  const access = await issueAccessToken(signingKey, { userId: family.userId, familyId: family.id }, now);
  const pair: SuccessorPair = {
    accessToken: access.token,
    accessExpiresAt: access.expiresAt.getTime(),
    refreshToken: refresh.token,
    refreshExpiresAt: refreshExpires,
  };
  return { insert, pair, refreshId: refresh.id };
}

/** Opens a new session family for a signed-in user. */
export async function startSession(db: D1Database, signingKey: string, userId: string, now = Date.now()): Promise<SessionGrant> {
  const family = { id: crypto.randomUUID(), userId, expiresAt: now + SESSION_ABSOLUTE_SECONDS * 1000 };
  const { insert, pair } = await pairInFamily(db, signingKey, family, now);
  await db.batch([
    db
      .prepare("INSERT INTO session_families (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(family.id, userId, now, family.expiresAt),
    insert,
  ]);
  return grantOf(pair, family.id, now);
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
      `SELECT t.id, t.family_id, t.secret_hash, t.expires_at, t.used_at, t.successor_sealed, s.used_at AS successor_used_at,
              f.user_id, f.expires_at AS family_expires_at, f.revoked_at, u.disabled, u.subscription_expires_at
         FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id JOIN users u ON u.id = f.user_id
         LEFT JOIN refresh_tokens s ON s.id = t.successor_id
        WHERE t.id = ?`,
    )
    .bind(tokenId)
    .first<RefreshRow>();
}

/** Looks up a presented refresh token and checks its secret; undefined when unknown or forged. */
async function authenticRefreshRow(db: D1Database, presented: string | undefined): Promise<PresentedToken | undefined> {
  const parsed = presented ? parseRefreshToken(presented) : undefined;
  if (!parsed) return undefined;
  const row = await findRefreshRow(db, parsed.id);
  if (!row) return undefined;
  const hash = await sha256Base64Url(parsed.secret);
  return bytesEqual(new TextEncoder().encode(hash), new TextEncoder().encode(row.secret_hash)) ? { row, secret: parsed.secret } : undefined;
}

/** The account may still be used; otherwise the family is revoked and the account's 403 thrown. */
async function assertUsableOrRevoke(db: D1Database, row: RefreshRow, now: number): Promise<void> {
  try {
    assertAccountUsable(row, now);
  } catch (error) {
    await revokeFamily(db, row.family_id, error instanceof AppError ? error.code : "account", now);
    throw error;
  }
}

/**
 * Uses up a refresh token and issues the next one. The claim and the successor's row are one batch: of parallel
 * refreshes with one token exactly one claims it, and the others get its pair back within the grace. Reuse after the
 * grace, or after the successor was used, revokes the whole family.
 */
export async function rotateSession(db: D1Database, signingKey: string, presented: string | undefined, now = Date.now()) {
  const token = await authenticRefreshRow(db, presented);
  if (!token || token.row.revoked_at !== null) throw sessionEnded();
  const { row, secret } = token;
  if (row.used_at !== null) return handBackOrRevoke(db, token, now);
  if (row.expires_at <= now || row.family_expires_at <= now) throw sessionEnded();
  await assertUsableOrRevoke(db, row, now);
  const family = { id: row.family_id, userId: row.user_id, expiresAt: row.family_expires_at };
  const { insert, pair, refreshId } = await pairInFamily(db, signingKey, family, now, row.id);
  const sealed = await sealSuccessor(secret, row.id, pair);
  const [claim] = await db.batch([
    db
      .prepare("UPDATE refresh_tokens SET used_at = ?, successor_id = ?, successor_sealed = ? WHERE id = ? AND used_at IS NULL")
      .bind(now, refreshId, sealed, row.id),
    insert,
  ]);
  if (claim?.meta.changes === 1) return grantOf(pair, family.id, now);
  // Another request with the same token claimed it a moment ago: its pair, read again.
  const claimed = await authenticRefreshRow(db, presented);
  if (!claimed || claimed.row.revoked_at !== null) throw sessionEnded();
  return handBackOrRevoke(db, claimed, now);
}

/** A used token: within the grace and while its successor is unused, that successor pair; otherwise theft. */
async function handBackOrRevoke(db: D1Database, { row, secret }: PresentedToken, now: number): Promise<SessionGrant> {
  const inGrace =
    row.used_at !== null && now - row.used_at <= REFRESH_REUSE_GRACE_MS && row.successor_used_at === null && row.successor_sealed !== null;
  const pair = inGrace && row.successor_sealed ? await openSuccessor(secret, row.id, row.successor_sealed) : undefined;
  if (!pair) return reuseDetected(db, row, now);
  if (row.family_expires_at <= now) throw sessionEnded();
  await assertUsableOrRevoke(db, row, now);
  return grantOf(pair, row.family_id, now);
}

async function reuseDetected(db: D1Database, row: RefreshRow, now: number): Promise<never> {
  await revokeFamily(db, row.family_id, "refresh-token-reuse", now);
  log("warn", "refresh token reuse: session family revoked", { familyId: row.family_id, userId: row.user_id });
  throw unauthorized("REFRESH_TOKEN_REUSED", "Din session har upphört. Logga in igen.");
}

/** Sign-out: revokes the family of the presented refresh token (if authentic) and of the access token's sid. */
export async function endSession(db: D1Database, refreshToken: string | undefined, familyId: string | undefined, now = Date.now()) {
  const token = await authenticRefreshRow(db, refreshToken);
  const families = new Set([token?.row.family_id, familyId].filter((id): id is string => Boolean(id)));
  for (const id of families) await revokeFamily(db, id, "sign-out", now);
}
