import { describe, expect, it } from "vitest";
import { apiKeyHmacKey, hashApiKey, keyIdOf, newApiKey, previousApiKeyHmacKey, sameHash } from "./api-key-secret";

const env = { APP_ENV: "test", API_KEY_SECRET: "a-test-secret-of-at-least-thirty-two-characters" };

describe("API key format and hash (docs/decisions/0054)", () => {
  it("makes keys of one shape whose id is read back, and refuses any other text", () => {
    const { keyId, key } = newApiKey();
    expect(key).toMatch(/^urv_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}$/);
    expect(keyIdOf(key)).toBe(keyId);
    for (const bad of [
      "",
      key.slice(0, -1),
      `${key}x`,
      key.replace("urv_", "urx_"),
      ` ${key}`,
      key.replace("_", "-"),
      `urv_${"A".repeat(12)}_${"ä".repeat(32)}`,
    ]) {
      expect(keyIdOf(bad)).toBeNull();
    }
    expect(new Set(Array.from({ length: 100 }, () => newApiKey().key)).size).toBe(100);
  });

  it("hashes with the server's secret: another secret gives another hash", async () => {
    const { key } = newApiKey();
    const hash = await hashApiKey(await apiKeyHmacKey(env), key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashApiKey(await apiKeyHmacKey(env), key)).toBe(hash);
    expect(await hashApiKey(await apiKeyHmacKey({ ...env, API_KEY_SECRET: `${env.API_KEY_SECRET}!` }), key)).not.toBe(hash);
  });

  it("refuses a missing or short secret, and the development one in production", () => {
    expect(() => apiKeyHmacKey({})).toThrow(/API_KEY_SECRET/);
    expect(() => apiKeyHmacKey({ API_KEY_SECRET: "short" })).toThrow(/API_KEY_SECRET/);
    expect(() => apiKeyHmacKey({ APP_ENV: "production", API_KEY_SECRET: "dev-only-api-key-secret-not-for-production-71d0c5" })).toThrow(
      /development value/,
    );
  });

  it("reads the previous secret of a rotation when set, checked as the current one", async () => {
    expect(previousApiKeyHmacKey(env)).toBeNull();
    expect(previousApiKeyHmacKey({ ...env, API_KEY_SECRET_PREVIOUS: "" })).toBeNull();
    const previous = "the-previous-secret-of-thirty-two-characters";
    const { key } = newApiKey();
    const rotated = { ...env, API_KEY_SECRET_PREVIOUS: previous };
    expect(await hashApiKey((await previousApiKeyHmacKey(rotated))!, key)).toBe(
      await hashApiKey(await apiKeyHmacKey({ ...env, API_KEY_SECRET: previous }), key),
    );
    expect(() => previousApiKeyHmacKey({ ...env, API_KEY_SECRET_PREVIOUS: "short" })).toThrow(/API_KEY_SECRET_PREVIOUS invalid/);
    expect(() =>
      apiKeyHmacKey({ ...env, APP_ENV: "production", API_KEY_SECRET_PREVIOUS: "dev-only-api-key-secret-not-for-production-71d0c5" }),
    ).toThrow(/API_KEY_SECRET_PREVIOUS is the development value/);
  });

  it("compares hashes in full, whatever differs and where", () => {
    const a = "0".repeat(64);
    expect(sameHash(a, a)).toBe(true);
    expect(sameHash(a, `1${a.slice(1)}`)).toBe(false);
    expect(sameHash(a, `${a.slice(1)}1`)).toBe(false);
    expect(sameHash(a, a.slice(1))).toBe(false);
    expect(sameHash(a, `${a}0`)).toBe(false);
    expect(sameHash("", "")).toBe(true);
  });

  it("reads every character whatever differs and where (no early exit)", () => {
    const stored = "a".repeat(64);
    /** A string that counts the characters read from it. */
    class Counted extends String {
      reads = 0;
      override charCodeAt(index: number) {
        this.reads += 1;
        return super.charCodeAt(index);
      }
    }
    const readsFor = (other: string) => {
      const counted = new Counted(other);
      sameHash(stored, counted as unknown as string);
      return counted.reads;
    };
    expect([
      readsFor(`b${stored.slice(1)}`),
      readsFor(`${stored.slice(0, 32)}b${stored.slice(33)}`),
      readsFor(`${stored.slice(0, 63)}b`),
      readsFor(stored),
    ]).toEqual([64, 64, 64, 64]);
  });
});
