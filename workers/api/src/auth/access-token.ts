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

/** Verifies signature, algorithm, issuer, audience and expiry; undefined for any invalid token. */
export async function verifyAccessToken(signingKey: string, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(signingKey), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 0,
    });
    const claims = AccessClaimsSchema.safeParse(payload);
    return claims.success ? claims.data : undefined;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
