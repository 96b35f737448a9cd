import type { CodeChannel } from "../auth/auth-schemas";
import type { ParsedIdentity } from "../auth/identity";
import { obfuscateEmail, obfuscatePhone } from "../auth/one-time-code";

const LETTERS = "abcdefghijklmnoprstuv";
const DOMAINS = [".se", ".se", ".se", ".com", ".nu"];

/**
 * The obfuscated identity answered for a decoy code: the typed e-mail or phone when that is what was given, else a
 * stable pseudo-random one derived with HMAC from the identity (the same every time, like a real account's).
 */
export async function decoyIdentity(secret: string, identity: ParsedIdentity, channel: CodeChannel): Promise<string> {
  if (channel === "EMAIL" && identity.email) return obfuscateEmail(identity.email);
  if (channel === "SMS" && identity.phone) return obfuscatePhone(identity.phone);
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const bytes = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`decoy:${identity.raw.toLowerCase()}`)));
  const pick = (i: number, from: string) => from[(bytes[i] ?? 0) % from.length] ?? "a";
  if (channel === "SMS") return `+46 7${(bytes[0] ?? 0) % 10}*** **${String((bytes[1] ?? 0) % 100).padStart(2, "0")}`;
  return `${pick(2, LETTERS)}***${pick(3, LETTERS)}@${pick(4, LETTERS)}***${DOMAINS[(bytes[5] ?? 0) % DOMAINS.length]}`;
}
