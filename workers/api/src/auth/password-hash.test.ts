import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, PBKDF2_ITERATIONS, verifyPassword } from "./password-hash";

const pepper = { id: "p1", secret: "pepper-secret-of-thirty-two-characters!" };

async function legacyHash(password: string) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: PBKDF2_ITERATIONS }, key, 256);
  const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${b64(salt)}$${b64(new Uint8Array(bits))}`;
}

describe("password hashing", () => {
  it("stores algorithm, iterations and pepper id with a random salt", async () => {
    const [a, b] = [await hashPassword("Sommar-2026", pepper), await hashPassword("Sommar-2026", pepper)];
    expect(a).toMatch(/^pbkdf2-sha256-hmac\$100000\$p1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Sommar-2026", a, [pepper])).toBe(true);
    expect(await verifyPassword("sommar-2026", a, [pepper])).toBe(false);
  });

  it("needs the pepper: the same hash does not verify under another pepper", async () => {
    const stored = await hashPassword("Sommar-2026", pepper);
    expect(await verifyPassword("Sommar-2026", stored, [{ id: "p1", secret: "another-pepper-of-thirty-two-chars!!" }])).toBe(false);
    expect(await verifyPassword("Sommar-2026", stored, [{ id: "p2", secret: pepper.secret }])).toBe(false);
  });

  it("treats composed and decomposed Unicode alike", async () => {
    const stored = await hashPassword("Gr\u00e4ddfil-99", pepper);
    expect(await verifyPassword("Gra\u0308ddfil-99", stored, [pepper])).toBe(true);
  });

  it("verifies the earlier unpeppered format and asks for a rehash; current hashes need none", async () => {
    const legacy = await legacyHash("Gammalt-lösen-1");
    expect(await verifyPassword("Gammalt-lösen-1", legacy, [pepper])).toBe(true);
    expect(needsRehash(legacy, "p1")).toBe(true);
    const current = await hashPassword("x-123456789", pepper);
    expect(needsRehash(current, "p1")).toBe(false);
    expect(needsRehash(current, "p2")).toBe(true);
  });

  it("never matches malformed or over-costly stored values", async () => {
    for (const stored of ["", "plain", "md5$1$a$b", "pbkdf2-sha256-hmac$999999999$p1$AAAA$AAAA", "pbkdf2-sha256-hmac$100000$p1$!!$!!"]) {
      expect(await verifyPassword("x", stored, [pepper]), stored).toBe(false);
    }
  });
});
