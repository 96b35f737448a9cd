/**
 * /v1's authentication (issue 47, docs/decisions/0054): `Authorization: Bearer urv_…`. Every call reads the key and
 * its account in one D1 query (no cache of a key's validity), so a revoked or expired key, a disabled account or one
 * past its subscription is refused on the next call, everywhere. The stored hash is compared in constant time; a key
 * of the wrong shape is refused before any lookup. The key never reaches a log line: errors name codes only.
 * Beside the user's own call limits, each key has a burst limit of its own (API_KEY_BURST), counted while the key's
 * row is read (burstKeyOf).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { ApiKeyScope } from "#shared/api-contracts/api-keys";
import type { FinancialType } from "#shared/api-contracts/search-api";
import { AppError } from "#shared/errors";
import { describeError, log } from "#shared/log";
import { assertAccountUsable, TERMS_NOT_ACCEPTED_MESSAGE } from "../account/account-status";
import { DEFAULT_COMPANY_FINANCIAL_TYPE } from "../account/user-config-service";
import type { ApiBindings } from "../env";
import { searchLimitScale } from "../rate-limits/call-limits";
import { RateLimitedError } from "../rate-limits/rate-limiter";
import { apiKeyHmacKey, hashApiKey, keyIdOf, MAX_AUTHORIZATION_LENGTH, previousApiKeyHmacKey, sameHash } from "./api-key-secret";
import { LAST_USED_RESOLUTION_MS, parseScopes, readApiKeyAccount, rehashApiKey, touchApiKey } from "./api-key-store";

/** The per-key burst window (workers/api/wrangler.toml [[ratelimits]] API_KEY_BURST; a unit test compares them). */
export const API_KEY_BURST = { binding: "API_KEY_BURST", limit: 50, periodSeconds: 10 } as const;

export const API_KEY_MISSING_MESSAGE = "Ange API-nyckeln i Authorization: Bearer <nyckel>.";
export const API_KEY_INVALID_MESSAGE = "API-nyckeln är ogiltig.";
export const API_KEY_REVOKED_MESSAGE = "API-nyckeln är återkallad.";
export const API_KEY_EXPIRED_MESSAGE = "API-nyckeln har gått ut.";
export const SCOPE_MISSING_MESSAGE = "API-nyckeln saknar behörighet för anropet.";
export const TOO_MANY_KEY_CALLS_MESSAGE = "För många anrop med den här API-nyckeln. Vänta en stund och försök igen.";

/** Who is calling /v1: the key's user, the key and what it may do. */
export interface ApiKeyPrincipal {
  userId: string;
  keyId: string;
  scopes: readonly ApiKeyScope[];
  companyFinancialType: FinancialType;
}

const principals = new WeakMap<Request, ApiKeyPrincipal>();

const refused = (code: string, message: string) =>
  new AppError(code, 401, message, { type: "UNAUTHORIZED", headers: { "WWW-Authenticate": 'Bearer realm="urval"' } });

/**
 * The burst window's key: the key id and 64 bits of the presented key's keyed hash. The burst is counted before the
 * key is known to be valid (in parallel with its lookup), so a caller who knows a key's id but not its secret counts
 * against a window of its own and cannot use up the real key's; the true key always lands in the same window.
 */
export const burstKeyOf = (keyId: string, hash: string) => `${keyId}:${hash.slice(0, 16)}`;

/** The key from the Authorization header: "Bearer <key>" (the scheme in any case), else a 401 naming why. */
function bearerKey(header: string | undefined): string {
  if (header === undefined || header.trim() === "") throw refused("API_KEY_MISSING", API_KEY_MISSING_MESSAGE);
  if (header.length > MAX_AUTHORIZATION_LENGTH) throw refused("API_KEY_INVALID", API_KEY_INVALID_MESSAGE);
  const match = /^Bearer +(.*)$/is.exec(header);
  if (!match) throw refused("API_KEY_MISSING", API_KEY_MISSING_MESSAGE);
  return match[1]!.trim();
}

/** Checks the key and its account, sets c.var.userId and the principal; see the module's comment. */
export const requireApiKey = (): MiddlewareHandler<ApiBindings> => async (c, next) => {
  const key = bearerKey(c.req.header("Authorization"));
  const keyId = keyIdOf(key);
  if (keyId === null) throw refused("API_KEY_INVALID", API_KEY_INVALID_MESSAGE);
  // The key's row is read while the presented key is hashed and its burst counted (docs/decisions/0056): a call waits
  // for the slower of the D1 read and the rate limiter, not for both in turn.
  const counted = (async () => {
    const hash = await hashApiKey(await apiKeyHmacKey(c.env), key);
    // With SEARCH_LIMIT_SCALE (benchmarks, never production) the key's burst is left out, as the user's bursts are.
    if (searchLimitScale(c.env) > 1) return { hash, withinBurst: true };
    const { success } = await c.env.API_KEY_BURST.limit({ key: burstKeyOf(keyId, hash) });
    return { hash, withinBurst: success };
  })();
  const [row, { hash, withinBurst }] = await Promise.all([readApiKeyAccount(c.env.DB, keyId), counted]);
  if (!row) throw refused("API_KEY_INVALID", API_KEY_INVALID_MESSAGE);
  if (!sameHash(hash, row.key_hash)) {
    // During a rotation of API_KEY_SECRET a key stored under the previous secret still works, once per key: its hash is
    // rewritten under the current one after the answer (only if still the old one), so no key has to be remade.
    const previous = previousApiKeyHmacKey(c.env);
    const previousHash = previous === null ? null : await hashApiKey(await previous, key);
    if (previousHash === null || !sameHash(previousHash, row.key_hash)) throw refused("API_KEY_INVALID", API_KEY_INVALID_MESSAGE);
    c.executionCtx.waitUntil(
      rehashApiKey(c.env.DB, keyId, previousHash, hash).catch((error: unknown) =>
        log("error", "api key rehash failed", describeError(error)),
      ),
    );
  }
  const now = Date.now();
  if (row.revoked_at !== null) throw refused("API_KEY_REVOKED", API_KEY_REVOKED_MESSAGE);
  if (row.expires_at !== null && row.expires_at <= now) throw refused("API_KEY_EXPIRED", API_KEY_EXPIRED_MESSAGE);
  assertAccountUsable(row, now);
  if (row.signed_terms_at === null) {
    throw new AppError("TERMS_NOT_ACCEPTED", 403, TERMS_NOT_ACCEPTED_MESSAGE, { type: "USER_MESSAGE" });
  }
  c.set("userId", row.user_id);
  if (!withinBurst) throw new RateLimitedError(API_KEY_BURST.periodSeconds, TOO_MANY_KEY_CALLS_MESSAGE);
  principals.set(c.req.raw, {
    userId: row.user_id,
    keyId,
    scopes: parseScopes(row.scopes),
    companyFinancialType: row.company_financial_type ?? DEFAULT_COMPANY_FINANCIAL_TYPE,
  });
  if (row.last_used_at === null || now - row.last_used_at >= LAST_USED_RESOLUTION_MS) {
    c.executionCtx.waitUntil(
      touchApiKey(c.env.DB, keyId, now).catch((error: unknown) => log("error", "api key touch failed", describeError(error))),
    );
  }
  await next();
};

/** The principal requireApiKey set for this request (throws if the route is not behind it). */
export function currentApiKey(c: Context<ApiBindings>): ApiKeyPrincipal {
  const principal = principals.get(c.req.raw);
  if (!principal) throw new Error("currentApiKey() used on a route without requireApiKey()");
  return principal;
}

/** 403 SCOPE_MISSING unless the calling key has the scope. */
export const requireScope =
  (scope: ApiKeyScope): MiddlewareHandler<ApiBindings> =>
  async (c, next) => {
    if (!currentApiKey(c).scopes.includes(scope)) throw new AppError("SCOPE_MISSING", 403, SCOPE_MISSING_MESSAGE, { type: "FORBIDDEN" });
    await next();
  };
