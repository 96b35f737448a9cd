/**
 * Password hashing on Workers (docs/decisions/0009-password-hashing.md): the password (NFC) is first keyed with
 * HMAC-SHA256 under a secret pepper, then stretched with WebCrypto PBKDF2-HMAC-SHA256 at 100 000 iterations (the
 * Workers cap). Stored as "pbkdf2-sha256-hmac$<iterations>$<pepperId>$<salt b64>$<hash b64>", so algorithm,
 * iterations and pepper are known per hash and can be upgraded at sign-in (needsRehash).
 * The earlier unpeppered form "pbkdf2-sha256$<iterations>$<salt>$<hash>" still verifies and is rehashed at sign-in.
 */
export const PBKDF2_ITERATIONS = 100_000;
export const CURRENT_ALGORITHM = "pbkdf2-sha256-hmac";
const LEGACY_ALGORITHM = "pbkdf2-sha256";
const HASH_BYTES = 32;
const SALT_BYTES = 16;

export interface Pepper {
  id: string;
  secret: string;
}

interface ParsedHash {
  algorithm: string;
  iterations: number;
  pepperId: string | undefined;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

async function hmacSha256(secret: string, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

async function pbkdf2(input: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey("raw", input, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BYTES * 8);
  return new Uint8Array(bits);
}

/** Constant-time comparison of two byte arrays of equal length. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function hashPassword(password: string, pepper: Pepper): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const keyed = await hmacSha256(pepper.secret, password.normalize("NFC"));
  const hash = await pbkdf2(keyed, salt, PBKDF2_ITERATIONS);
  return [CURRENT_ALGORITHM, PBKDF2_ITERATIONS, pepper.id, toBase64(salt), toBase64(hash)].join("$");
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split("$");
  try {
    if (parts[0] === CURRENT_ALGORITHM && parts.length === 5) {
      const [algorithm, iterations, pepperId, salt, hash] = parts as [string, string, string, string, string];
      return { algorithm, iterations: Number(iterations), pepperId, salt: fromBase64(salt), hash: fromBase64(hash) };
    }
    if (parts[0] === LEGACY_ALGORITHM && parts.length === 4) {
      const [algorithm, iterations, salt, hash] = parts as [string, string, string, string];
      return { algorithm, iterations: Number(iterations), pepperId: undefined, salt: fromBase64(salt), hash: fromBase64(hash) };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** True when the password matches. Unknown formats, peppers or parameters never match. */
export async function verifyPassword(password: string, stored: string, peppers: Pepper[]): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || !Number.isInteger(parsed.iterations) || parsed.iterations < 1 || parsed.iterations > PBKDF2_ITERATIONS) {
    return false;
  }
  let input: Uint8Array<ArrayBuffer>;
  if (parsed.algorithm === LEGACY_ALGORITHM) {
    input = encoder.encode(password.normalize("NFC"));
  } else {
    const pepper = peppers.find((p) => p.id === parsed.pepperId);
    if (!pepper) return false;
    input = await hmacSha256(pepper.secret, password.normalize("NFC"));
  }
  return bytesEqual(await pbkdf2(input, parsed.salt, parsed.iterations), parsed.hash);
}

/** Whether a verified hash should be replaced by one with the current algorithm, iterations and pepper. */
export function needsRehash(stored: string, currentPepperId: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.algorithm !== CURRENT_ALGORITHM || parsed.iterations !== PBKDF2_ITERATIONS || parsed.pepperId !== currentPepperId;
}

/** A hash of a random password, verified against when the account is unknown so timing does not tell. */
export async function dummyVerify(password: string, pepper: Pepper): Promise<void> {
  const keyed = await hmacSha256(pepper.secret, password.normalize("NFC"));
  await pbkdf2(keyed, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS);
}
