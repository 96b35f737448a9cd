/**
 * Refresh tokens: "<id>.<secret>", the id a random UUID used for lookup, the secret 32 random bytes (base64url).
 * Only SHA-256 of the secret is stored; it has 256 bits of entropy, so no slow hash is needed.
 */
const SECRET_BYTES = 32;
const TOKEN_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export async function sha256Base64Url(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

export async function generateRefreshToken() {
  const id = crypto.randomUUID();
  const secret = toBase64Url(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
  return { id, token: `${id}.${secret}`, secretHash: await sha256Base64Url(secret) };
}

export function parseRefreshToken(token: string): { id: string; secret: string } | undefined {
  const match = TOKEN_PATTERN.exec(token);
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : undefined;
}
