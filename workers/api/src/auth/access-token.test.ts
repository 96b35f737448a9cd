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
});
