/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, issue 47 point 4): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, signed with HMAC-SHA256 under the base64-decoded part of a `whsec_`
 * secret; the `webhook-signature` header lists `v1,<base64>` once per valid secret, separated by spaces (two during a
 * rotation's overlap).
 */

export const SECRET_PREFIX = "whsec_";

const encoder = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A new signing secret: 24 random bytes (Standard Webhooks asks for 24–64). */
export function newSigningSecret(): string {
  return SECRET_PREFIX + base64(crypto.getRandomValues(new Uint8Array(24)));
}

async function sign(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64(secret.slice(SECRET_PREFIX.length)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return base64(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(content))));
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three headers of one attempt: signed by every secret given (the current one first). */
export async function signedHeaders(id: string, timestampSeconds: number, body: string, secrets: string[]): Promise<SignedHeaders> {
  const content = `${id}.${timestampSeconds}.${body}`;
  const signatures = await Promise.all(secrets.map(async (secret) => `v1,${await sign(secret, content)}`));
  return { "webhook-id": id, "webhook-timestamp": String(timestampSeconds), "webhook-signature": signatures.join(" ") };
}
