/**
 * The API key itself (docs/decisions/0054): "urv_" + a 12-character id + "_" + a 32-character secret, all base62
 * (about 190 random bits in the secret). The id finds the row; the row holds HMAC-SHA256(API_KEY_SECRET, key), never
 * the key, so a copy of the database does not let anyone call /v1 and a guessed key cannot be checked offline without
 * the server's secret. Hashes are compared in constant time.
 */
import { z } from "zod";
import { API_KEY_PREFIX } from "#shared/api-contracts/api-keys";
import { AppError } from "#shared/errors";
import { DEV_SECRET_MARKER, SecretSchema } from "../auth/auth-config";
import { newSharedLinkId as randomBase62 } from "../search/shared-link-service";

export const API_KEY_ID_LENGTH = 12;
export const API_KEY_SECRET_LENGTH = 32;
/** Longest Authorization header value looked at; anything longer is refused before any work. */
export const MAX_AUTHORIZATION_LENGTH = 200;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([A-Za-z0-9]{${API_KEY_ID_LENGTH}})_[A-Za-z0-9]{${API_KEY_SECRET_LENGTH}}$`);

export interface NewApiKey {
  keyId: string;
  /** The whole key, handed to the user once. */
  key: string;
}

export function newApiKey(): NewApiKey {
  const keyId = randomBase62(API_KEY_ID_LENGTH);
  return { keyId, key: `${API_KEY_PREFIX}${keyId}_${randomBase62(API_KEY_SECRET_LENGTH)}` };
}

/** The key's id when the text has the key's exact shape, else null (nothing about the text is logged). */
export function keyIdOf(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** What a list shows of a key: its prefix and id, never the secret. */
export const displayPrefix = (keyId: string) => `${API_KEY_PREFIX}${keyId}`;

const ApiKeySecretSchema = z.object({
  APP_ENV: z.string().optional(),
  API_KEY_SECRET: SecretSchema,
  /**
   * The secret before the last rotation, while keys hashed under it are still in use: a key that matches it is accepted
   * and its stored hash rewritten under API_KEY_SECRET (requireApiKey). Unset (or empty) when no rotation is under way.
   */
  API_KEY_SECRET_PREVIOUS: z.union([z.literal(""), SecretSchema]).optional(),
});

const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKeyOf(value: string): Promise<CryptoKey> {
  let key = hmacKeys.get(value);
  if (!key) {
    const material = new TextEncoder().encode(value);
    key = crypto.subtle.importKey("raw", material, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(value, key);
  }
  return key;
}

function parsedSecrets(env: object) {
  const parsed = ApiKeySecretSchema.safeParse(env);
  if (!parsed.success) {
    const name = parsed.error.issues[0]?.path[0] === "API_KEY_SECRET_PREVIOUS" ? "API_KEY_SECRET_PREVIOUS" : "API_KEY_SECRET";
    throw new AppError("API_KEYS_MISCONFIGURED", 500, `${name} invalid`, { expose: false });
  }
  const { APP_ENV, API_KEY_SECRET, API_KEY_SECRET_PREVIOUS } = parsed.data;
  for (const [name, value] of [
    ["API_KEY_SECRET", API_KEY_SECRET],
    ["API_KEY_SECRET_PREVIOUS", API_KEY_SECRET_PREVIOUS ?? ""],
  ] as const) {
    if (APP_ENV === "production" && value.startsWith(DEV_SECRET_MARKER)) {
      throw new AppError("API_KEYS_MISCONFIGURED", 500, `${name} is the development value`, { expose: false });
    }
  }
  return { current: API_KEY_SECRET, previous: API_KEY_SECRET_PREVIOUS || null };
}

/**
 * The server's HMAC key from env.API_KEY_SECRET (a var in development, a secret in production): misconfiguration and
 * the development value in production fail closed with a 500.
 */
export function apiKeyHmacKey(env: object): Promise<CryptoKey> {
  return hmacKeyOf(parsedSecrets(env).current);
}

/**
 * The HMAC key of env.API_KEY_SECRET_PREVIOUS during a rotation (README, "API keys"), else null; checked as
 * API_KEY_SECRET is.
 */
export function previousApiKeyHmacKey(env: object): Promise<CryptoKey> | null {
  const { previous } = parsedSecrets(env);
  return previous === null ? null : hmacKeyOf(previous);
}

const toHex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** HMAC-SHA256 of the whole key under the server's secret, as 64 hex digits (what api_keys.key_hash holds). */
export async function hashApiKey(hmacKey: CryptoKey, key: string): Promise<string> {
  return toHex(await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(key)));
}

/**
 * Whether two hashes are equal, in time that depends only on their length: every character is compared, the
 * differences OR-ed together, no early exit. Both are 64 hex digits here (a stored hash of another length is unequal).
 */
export function sameHash(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i++) difference |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return difference === 0;
}
