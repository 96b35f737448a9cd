import { toBase64Url } from "./refresh-token";

/** One-time codes: 6 decimal digits from the CSPRNG (rejection sampling, no modulo bias), stored as an HMAC. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
const RANGE = 1_000_000;
const UINT32_LIMIT = 2 ** 32 - (2 ** 32 % RANGE);

export function generateCode(): string {
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? UINT32_LIMIT;
    if (value < UINT32_LIMIT) return String(value % RANGE).padStart(6, "0");
  }
}

/** HMAC-SHA256 keyed with the pepper over "codeId:code": a leaked table alone cannot be brute-forced offline. */
export async function hashCode(secret: string, codeId: string, code: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${codeId}:${code}`))));
}

/** "anna.svensson@foretag.se" → "a***n@f***.se" */
export function obfuscateEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  const shownLocal = local.length > 2 ? `${local[0]}***${local.at(-1)}` : `${local[0] ?? ""}***`;
  return `${shownLocal}@${host[0] ?? ""}***${tld}`;
}

/** "+46701234567" → "+46 70*** **67" */
export function obfuscatePhone(phone: string): string {
  return `${phone.slice(0, 3)} ${phone.slice(3, 5)}*** **${phone.slice(-2)}`;
}
