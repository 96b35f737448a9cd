import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, verifyAccessToken } from "./access-token";

const KEY_A = "a".repeat(32);
const KEY_B = "b".repeat(32);
const subject = { userId: "user-1", familyId: "family-1" };

describe("access tokens", () => {
  it("verifies a token signed with the same key and gives its claims", async () => {
    const now = Date.now();
    const { token, expiresAt } = await issueAccessToken(KEY_A, subject, now);
    expect(expiresAt.getTime()).toBe((Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS) * 1000);
    expect(await verifyAccessToken(KEY_A, token)).toEqual({ sub: "user-1", sid: "family-1", exp: expiresAt.getTime() / 1000 });
  });

  it("refuses a token signed with another key, also right after the first key was used (the imported key is per secret)", async () => {
    const signedWithA = (await issueAccessToken(KEY_A, subject)).token;
    const signedWithB = (await issueAccessToken(KEY_B, subject)).token;
    expect(await verifyAccessToken(KEY_B, signedWithA)).toBeUndefined();
    expect(await verifyAccessToken(KEY_A, signedWithB)).toBeUndefined();
    expect(await verifyAccessToken(KEY_B, signedWithB)).toMatchObject({ sub: "user-1" });
    expect(await verifyAccessToken(KEY_A, signedWithA)).toMatchObject({ sub: "user-1" });
  });

  it("refuses a tampered, an expired and an unsigned token", async () => {
    const { token } = await issueAccessToken(KEY_A, subject);
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), sub: "user-2" }));
    expect(await verifyAccessToken(KEY_A, `${header}.${forged.toString("base64url")}.${signature}`)).toBeUndefined();
    const expired = await issueAccessToken(KEY_A, subject, Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000);
    expect(await verifyAccessToken(KEY_A, expired.token)).toBeUndefined();
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    expect(await verifyAccessToken(KEY_A, `${none}.${payload}.`)).toBeUndefined();
  });

  describe("the isolate's memory of verified tokens (docs/decisions/0027)", () => {
    it("still refuses a token once it has expired, after it was verified and remembered", async () => {
      const now = Date.now();
      const { token, expiresAt } = await issueAccessToken(KEY_A, subject, now);
      expect(await verifyAccessToken(KEY_A, token, now)).toMatchObject({ sid: "family-1" });
      expect(await verifyAccessToken(KEY_A, token, now + 1000)).toMatchObject({ sid: "family-1" });
      expect(await verifyAccessToken(KEY_A, token, expiresAt.getTime() - 1000)).toMatchObject({ sid: "family-1" });
      expect(await verifyAccessToken(KEY_A, token, expiresAt.getTime())).toBeUndefined();
      expect(await verifyAccessToken(KEY_A, token, expiresAt.getTime() + 60_000)).toBeUndefined();
    });

    it("never lets a remembered token pass under another key, nor a token that differs from it", async () => {
      const { token } = await issueAccessToken(KEY_A, subject);
      expect(await verifyAccessToken(KEY_A, token)).toMatchObject({ sub: "user-1" });
      expect(await verifyAccessToken(KEY_B, token)).toBeUndefined();
      const [header, payload, signature = ""] = token.split(".");
      // The second-to-last character carries whole signature bits; replace it by one that surely differs from it.
      const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.slice(-1)}`;
      expect(await verifyAccessToken(KEY_A, `${header}.${payload}.${flipped}`)).toBeUndefined();
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), sub: "user-2" }));
      expect(await verifyAccessToken(KEY_A, `${header}.${forged.toString("base64url")}.${signature}`)).toBeUndefined();
      expect(await verifyAccessToken(KEY_A, token)).toMatchObject({ sub: "user-1" });
    });

    it("gives each caller claims it cannot change for the next one", async () => {
      const { token } = await issueAccessToken(KEY_A, subject);
      const first = await verifyAccessToken(KEY_A, token);
      const second = await verifyAccessToken(KEY_A, token);
      expect(second).toEqual(first);
      expect(() => Object.assign(second ?? {}, { sub: "user-2" })).toThrow(TypeError);
      expect(await verifyAccessToken(KEY_A, token)).toMatchObject({ sub: "user-1" });
    });

    it("stays bounded: many tokens later, an early one is verified afresh and still passes", async () => {
      const first = (await issueAccessToken(KEY_A, subject)).token;
      await verifyAccessToken(KEY_A, first);
      for (let i = 0; i < 2_100; i++) {
        const { token } = await issueAccessToken(KEY_A, { userId: `user-${i}`, familyId: `family-${i}` });
        await verifyAccessToken(KEY_A, token);
      }
      expect(await verifyAccessToken(KEY_A, first)).toMatchObject({ sub: "user-1" });
    });
  });
});
