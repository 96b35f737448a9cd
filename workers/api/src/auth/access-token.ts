import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";

/** Short-lived access token: HS256 JWT, issuer and audience fixed and checked, algorithm list explicit. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const TOKEN_ISSUER = "urval-api";
export const TOKEN_AUDIENCE = "urval-web";
const ALGORITHM = "HS256";

export const AccessClaimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  exp: z.number().int(),
});
export type AccessClaims = z.infer<typeof AccessClaimsSchema>;

const encoder = new TextEncoder();

/**
 * The signing key imported once per isolate and key, not on every request: given raw bytes, jose imports a
 * CryptoKey for each sign and verify call, and every signed-in request verifies a token.
 */
let importedKey: { secret: string; key: Promise<CryptoKey> } | undefined;
function hmacKey(secret: string): Promise<CryptoKey> {
  if (importedKey?.secret !== secret) {
    const key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    importedKey = { secret, key };
  }
  return importedKey.key;
}

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
}

/** Signs a token for a user (sub) and session family (sid). */
export async function issueAccessToken(
  signingKey: string,
  subject: { userId: string; familyId: string },
  now = Date.now(),
): Promise<IssuedAccessToken> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAtSeconds = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ sid: subject.familyId })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(subject.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAtSeconds)
    .setJti(crypto.randomUUID())
    .sign(await hmacKey(signingKey));
  return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
}

/**
 * Tokens this isolate has verified, keyed by the exact token string, per signing key (docs/decisions/0027). Every
 * signed-in request presents the same token for up to 15 minutes; the signature, algorithm, issuer and audience checks
 * are pure functions of key and token, so they need to pass once. Only expiry depends on the clock and is checked on
 * every hit, exactly as jose checks it. Whether the session is still live (sign-out, reuse, disabled account) is not a
 * property of the token and is read from D1 on every request (session-check.ts), as before.
 */
const VERIFIED_MAX_ENTRIES = 2_000;
let verified: { secret: string; tokens: Map<string, AccessClaims> } = { secret: "", tokens: new Map() };

function rememberVerified(secret: string, token: string, claims: AccessClaims): void {
  if (verified.secret !== secret) verified = { secret, tokens: new Map() };
  const { tokens } = verified;
  if (tokens.size >= VERIFIED_MAX_ENTRIES) {
    // Oldest first (insertion order): tokens live 15 minutes, so the oldest are the first to expire anyway.
    const oldest = tokens.keys().next();
    if (!oldest.done) tokens.delete(oldest.value);
  }
  tokens.set(token, Object.freeze({ ...claims }));
}

function knownVerified(secret: string, token: string, nowSeconds: number): AccessClaims | undefined {
  if (verified.secret !== secret) return undefined;
  const claims = verified.tokens.get(token);
  if (!claims) return undefined;
  // jose: expired when exp <= now - clockTolerance (0).
  if (claims.exp > nowSeconds) return claims;
  verified.tokens.delete(token);
  return undefined;
}

/** Verifies signature, algorithm, issuer, audience and expiry; undefined for any invalid token. */
export async function verifyAccessToken(signingKey: string, token: string, now = Date.now()): Promise<AccessClaims | undefined> {
  const nowSeconds = Math.floor(now / 1000);
  const known = knownVerified(signingKey, token, nowSeconds);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(signingKey), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 0,
      currentDate: new Date(now),
    });
    const claims = AccessClaimsSchema.safeParse(payload);
    if (!claims.success) return undefined;
    // A token with a not-before claim would make validity depend on the clock twice; ours never carry one.
    if (payload.nbf === undefined) rememberVerified(signingKey, token, claims.data);
    return claims.data;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
