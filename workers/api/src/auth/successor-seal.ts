import { z } from "zod";
import { toBase64Url } from "./refresh-token";

/**
 * The pair a refresh issued, sealed under the secret of the token it replaced (docs/decisions/0038): AES-256-GCM with
 * a key derived by HKDF-SHA-256 from that secret (salt: the token's id). Only the secret's SHA-256 is stored, so the
 * database alone cannot open it; whoever presents the replaced token again within the grace can.
 */
export const SuccessorPairSchema = z.object({
  accessToken: z.string().min(1),
  accessExpiresAt: z.number().int(),
  refreshToken: z.string().min(1),
  refreshExpiresAt: z.number().int(),
});
export type SuccessorPair = z.infer<typeof SuccessorPairSchema>;

const IV_BYTES = 12;
const encoder = new TextEncoder();

async function sealKey(secret: string, tokenId: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode(tokenId), info: encoder.encode("urval refresh successor") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

/** "<iv>.<ciphertext>", both base64url. */
export async function sealSuccessor(secret: string, tokenId: string, pair: SuccessorPair): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = encoder.encode(JSON.stringify(pair));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealKey(secret, tokenId), plain));
  return `${toBase64Url(iv)}.${toBase64Url(sealed)}`;
}

/** The sealed pair, or undefined when the secret does not open it or the text is not one of ours. */
export async function openSuccessor(secret: string, tokenId: string, sealed: string): Promise<SuccessorPair | undefined> {
  const [iv, data] = sealed.split(".");
  if (!iv || !data) return undefined;
  try {
    const key = await sealKey(secret, tokenId);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv) }, key, fromBase64Url(data));
    const parsed = SuccessorPairSchema.safeParse(JSON.parse(new TextDecoder().decode(plain)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
