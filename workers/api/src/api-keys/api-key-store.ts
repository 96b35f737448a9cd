/**
 * The user's API keys in D1 (migration 0062, docs/decisions/0054): create (at most MAX_API_KEYS live keys, checked by
 * the insert itself so two creates at once cannot pass the limit together), list, revoke, and the lookup /v1 makes on
 * every call.
 */
import {
  API_KEY_LIMIT_MESSAGE,
  ApiKeyScopeSchema,
  MAX_API_KEYS,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from "#shared/api-contracts/api-keys";
import { AppError, notFound } from "#shared/errors";
import type { FinancialType } from "#shared/api-contracts/search-api";
import { displayPrefix, hashApiKey, newApiKey } from "./api-key-secret";

const DAY_MS = 86_400_000;

interface ApiKeyRow {
  id: string;
  name: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const parseScopes = (text: string): ApiKeyScope[] => text.split(",").flatMap((s) => ApiKeyScopeSchema.safeParse(s).data ?? []);

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    keyId: row.id,
    name: row.name,
    displayPrefix: displayPrefix(row.id),
    scopes: parseScopes(row.scopes),
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
  };
}

const COLUMNS = "id, name, scopes, created_at, last_used_at, expires_at, revoked_at";

export const apiKeyLimitReached = () => new AppError("API_KEY_LIMIT", 400, API_KEY_LIMIT_MESSAGE, { type: "USER_MESSAGE" });

/**
 * A new key for the user; the key is in the answer only. A live key is one neither revoked nor expired: an expired
 * key does not hold a place.
 */
export async function createApiKey(
  db: D1Database,
  hmacKey: CryptoKey,
  userId: string,
  request: { name: string; scopes: ApiKeyScope[]; expiresInDays: NonNullable<CreateApiKeyRequest["expiresInDays"]> | null },
  now = Date.now(),
): Promise<CreatedApiKey> {
  const { keyId, key } = newApiKey();
  const expiresAt = request.expiresInDays === null ? null : now + request.expiresInDays * DAY_MS;
  const scopes = [...request.scopes].sort().join(",");
  const row = await db
    .prepare(
      `INSERT INTO api_keys (id, user_id, name, key_hash, scopes, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
        WHERE (SELECT COUNT(*) FROM api_keys
                WHERE user_id = ?2 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?6)) < ?8
       RETURNING ${COLUMNS}`,
    )
    .bind(keyId, userId, request.name, await hashApiKey(hmacKey, key), scopes, now, expiresAt, MAX_API_KEYS)
    .first<ApiKeyRow>();
  if (!row) throw apiKeyLimitReached();
  return { apiKey: toApiKey(row), key };
}

export async function listApiKeys(db: D1Database, userId: string): Promise<ApiKey[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM api_keys WHERE user_id = ? ORDER BY created_at DESC, id`)
    .bind(userId)
    .all<ApiKeyRow>();
  return results.map(toApiKey);
}

export const apiKeyNotFound = () => notFound("API_KEY_NOT_FOUND", "Nyckeln finns inte.");

/** Revokes the user's key at once (a key already revoked stays as it was); another user's key is 404. */
export async function revokeApiKey(db: D1Database, userId: string, keyId: string, now = Date.now()): Promise<void> {
  const row = await db
    .prepare("UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND user_id = ? RETURNING id")
    .bind(now, keyId, userId)
    .first<{ id: string }>();
  if (!row) throw apiKeyNotFound();
}

/** What /v1 needs of a key and its account, read in one query on every call. */
export interface ApiKeyAccountRow {
  user_id: string;
  key_hash: string;
  scopes: string;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
  disabled: number;
  subscription_expires_at: string;
  signed_terms_at: string | null;
  company_financial_type: FinancialType | null;
}

export function readApiKeyAccount(db: D1Database, keyId: string): Promise<ApiKeyAccountRow | null> {
  return db
    .prepare(
      `SELECT k.user_id, k.key_hash, k.scopes, k.last_used_at, k.expires_at, k.revoked_at,
              u.disabled, u.subscription_expires_at, u.signed_terms_at, c.company_financial_type
         FROM api_keys k JOIN users u ON u.id = k.user_id LEFT JOIN user_config c ON c.user_id = u.id
        WHERE k.id = ?`,
    )
    .bind(keyId)
    .first<ApiKeyAccountRow>();
}

/** How often a key's last use is written: at most once a minute per key (no D1 write per call). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Records the key's use when the stored time is older than LAST_USED_RESOLUTION_MS (the condition holds in D1 too). */
export async function touchApiKey(db: D1Database, keyId: string, now = Date.now()): Promise<void> {
  await db
    .prepare("UPDATE api_keys SET last_used_at = ?1 WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at <= ?1 - ?3)")
    .bind(now, keyId, LAST_USED_RESOLUTION_MS)
    .run();
}

/**
 * A key that matched the secret before the last rotation gets its hash under the current one (requireApiKey), only if
 * the stored hash is still the old one: a parallel call that rewrote it first, or a revocation, is left alone.
 */
export async function rehashApiKey(db: D1Database, keyId: string, previousHash: string, currentHash: string): Promise<void> {
  await db.prepare("UPDATE api_keys SET key_hash = ?1 WHERE id = ?2 AND key_hash = ?3").bind(currentHash, keyId, previousHash).run();
}
