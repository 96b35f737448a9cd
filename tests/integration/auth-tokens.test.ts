import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authConfig } from "#api/auth/auth-config";
import { rotateSession } from "#api/sessions/session-service";
import { authedFetch, cookieHeaderFrom, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();

beforeAll(() => harness.start());
afterAll(() => harness.server.close());

const cookieValue = (cookie: string, name: string) => new RegExp(`__Host-urval-${name}=([^;]+)`).exec(cookie)?.[1] ?? "";
const activeUser = (cookie: string) => authedFetch(harness, cookie, "/sapi/subscription/active-user");
const refresh = (cookie: string) => authedFetch(harness, cookie, "/api/auth/refresh", { method: "POST" });
async function revokeReason(userId: string) {
  const env = await harness.api().getEnv();
  const family = await env.DB.prepare("SELECT revoke_reason FROM session_families WHERE user_id = ?")
    .bind(userId)
    .first<{ revoke_reason: string | null }>();
  return family?.revoke_reason;
}
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function signingKey() {
  return authConfig(await harness.api().getEnv()).JWT_SIGNING_KEY;
}

/** The claims of a user's real token (sub, sid), re-signed with the given changes. */
async function forge(user: TestUser, options: { key?: string; audience?: string; issuer?: string; expiresAt?: number }) {
  const payload = JSON.parse(Buffer.from(cookieValue(user.cookie, "session").split(".")[1]!, "base64url").toString()) as {
    sub: string;
    sid: string;
  };
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: payload.sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(payload.sub)
    .setIssuer(options.issuer ?? "urval-api")
    .setAudience(options.audience ?? "urval-web")
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(new TextEncoder().encode(options.key ?? (await signingKey())));
}

const withSession = (token: string) => `__Host-urval-session=${token}`;

describe("access tokens", () => {
  it("accepts a correctly signed token (control for the tampering cases below)", async () => {
    const user = await createTestUser(harness);
    expect((await activeUser(withSession(await forge(user, {})))).status).toBe(200);
  });

  it("rejects alg none, a wrong key, a wrong audience, a wrong issuer and an expired token", async () => {
    const user = await createTestUser(harness);
    const [, payload] = cookieValue(user.cookie, "session").split(".");
    const tampered = {
      algNone: `${b64url({ alg: "none", typ: "JWT" })}.${payload}.`,
      algNoneSigned: `${b64url({ alg: "none", typ: "JWT" })}.${payload}.${cookieValue(user.cookie, "session").split(".")[2]}`,
      wrongKey: await forge(user, { key: "another-key-of-sufficient-length-0123456789" }),
      wrongAudience: await forge(user, { audience: "someone-else" }),
      wrongIssuer: await forge(user, { issuer: "evil" }),
      expired: await forge(user, { expiresAt: Math.floor(Date.now() / 1000) - 1 }),
      garbage: "not-a-jwt",
    };
    for (const [name, token] of Object.entries(tampered)) {
      const response = await activeUser(withSession(token));
      expect(response.status, name).toBe(401);
      expect(await response.json(), name).toMatchObject({ type: "UNAUTHORIZED", code: "UNAUTHENTICATED" });
    }
  });
});

describe("refresh tokens", () => {
  it("rotates on every use: new cookies work, and the old pair is stored only as a hash", async () => {
    const user = await createTestUser(harness);
    const response = await refresh(user.cookie);
    expect(response.status).toBe(200);
    expect(Date.parse(((await response.json()) as { expiresAt: string }).expiresAt)).toBeGreaterThan(Date.now());
    const rotated = cookieHeaderFrom(response);
    expect(cookieValue(rotated, "refresh")).not.toBe(cookieValue(user.cookie, "refresh"));
    expect((await activeUser(rotated)).status).toBe(200);

    const env = await harness.api().getEnv();
    const secret = cookieValue(rotated, "refresh").split(".")[1]!;
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM refresh_tokens WHERE secret_hash LIKE ?")
      .bind(`%${secret}%`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("revokes the whole family when a rotated token comes back after its successor was used", async () => {
    const user = await createTestUser(harness);
    const first = cookieHeaderFrom(await refresh(user.cookie));
    const second = cookieHeaderFrom(await refresh(first));
    expect((await activeUser(second)).status).toBe(200);

    const reuse = await refresh(user.cookie); // the stolen, already rotated token
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ code: "REFRESH_TOKEN_REUSED" });
    expect((await refresh(second)).status).toBe(401);
    expect((await activeUser(second)).status).toBe(401);
    expect(await revokeReason(user.userId)).toBe("refresh-token-reuse");
  });

  it("hands parallel refreshes with one token (two tabs at once) one and the same new pair; the session lives on", async () => {
    const user = await createTestUser(harness);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(user.cookie)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const pairs = answers.map((r) => cookieHeaderFrom(r));
    const expiresAts = await Promise.all(answers.map(async (r) => ((await r.json()) as { expiresAt: string }).expiresAt));
    expect(new Set(pairs.map((p) => cookieValue(p, "refresh"))).size).toBe(1);
    expect(new Set(pairs.map((p) => cookieValue(p, "session"))).size).toBe(1);
    expect(new Set(expiresAts).size).toBe(1);
    expect(cookieValue(pairs[0]!, "refresh")).not.toBe(cookieValue(user.cookie, "refresh"));

    // A late tab within the grace gets the same pair again; only one successor was stored, and not in the clear.
    expect(cookieHeaderFrom(await refresh(user.cookie))).toBe(pairs[0]);
    const env = await harness.api().getEnv();
    const rows = await env.DB.prepare(
      "SELECT t.successor_sealed FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id WHERE f.user_id = ?",
    )
      .bind(user.userId)
      .all<{ successor_sealed: string | null }>();
    expect(rows.results).toHaveLength(2);
    const sealed = rows.results.map((r) => r.successor_sealed ?? "").join(" ");
    expect(sealed).not.toContain(cookieValue(pairs[0]!, "refresh").split(".")[1]);
    expect(sealed).not.toContain(cookieValue(pairs[0]!, "session").split(".")[1]);

    expect((await activeUser(pairs[0]!)).status).toBe(200);
    const next = await refresh(pairs[0]!);
    expect(next.status).toBe(200);
    expect((await activeUser(cookieHeaderFrom(next))).status).toBe(200);
    expect(await revokeReason(user.userId)).toBeNull();
  });

  it("hands the same pair back even when every refresh reads the token before any of them claims it", async () => {
    // Called on the real D1 from here, the five calls interleave at each await: all five read the unused token first,
    // one claim wins, and the four that lose read the winner's sealed pair back (through the worker, the requests
    // mostly arrive one after another and take the used-token path instead).
    const user = await createTestUser(harness);
    const env = await harness.api().getEnv();
    const token = cookieValue(user.cookie, "refresh");
    const grants = await Promise.all(Array.from({ length: 5 }, () => rotateSession(env.DB, authConfig(env).JWT_SIGNING_KEY, token)));
    expect(new Set(grants.map((g) => `${g.accessToken} ${g.refreshToken} ${g.expiresAt.getTime()}`)).size).toBe(1);
    // The losers' own successors were never stored: the family holds the first token and the one successor.
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM refresh_tokens WHERE family_id = ?")
      .bind(grants[0]!.familyId)
      .first<{ n: number }>();
    expect(stored?.n).toBe(2);
    expect((await activeUser(`__Host-urval-session=${grants[0]!.accessToken}`)).status).toBe(200);
    expect(await revokeReason(user.userId)).toBeNull();
  });

  it("revokes the family when the rotated token comes back after the 10 s grace, though its successor is unused", async () => {
    const user = await createTestUser(harness);
    const rotated = cookieHeaderFrom(await refresh(user.cookie));
    const env = await harness.api().getEnv();
    await env.DB.prepare("UPDATE refresh_tokens SET used_at = used_at - 10001 WHERE id = ?")
      .bind(cookieValue(user.cookie, "refresh").split(".")[0])
      .run();
    const late = await refresh(user.cookie);
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ code: "REFRESH_TOKEN_REUSED" });
    expect((await activeUser(rotated)).status).toBe(401);
    expect((await refresh(rotated)).status).toBe(401);
    expect(await revokeReason(user.userId)).toBe("refresh-token-reuse");
  });

  it("refuses a refresh token past its expiry and a forged secret", async () => {
    const user = await createTestUser(harness);
    const token = cookieValue(user.cookie, "refresh");
    const forged = `${token.split(".")[0]}.${"A".repeat(43)}`;
    expect((await refresh(`__Host-urval-refresh=${forged}`)).status).toBe(401);
    const env = await harness.api().getEnv();
    await env.DB.prepare("UPDATE refresh_tokens SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, token.split(".")[0])
      .run();
    const expired = await refresh(user.cookie);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: "SESSION_EXPIRED" });
  });

  it("does not refresh once the subscription has expired, and ends that session", async () => {
    const user = await createTestUser(harness);
    const env = await harness.api().getEnv();
    await env.DB.prepare("UPDATE users SET subscription_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.userId)
      .run();
    const response = await refresh(user.cookie);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "SUBSCRIPTION_EXPIRED" });
    expect(response.headers.getSetCookie().join("\n")).toMatch(/__Host-urval-session=;.*Max-Age=0/);
  });
});

describe("sign-out", () => {
  it("revokes the session in the same request: the old access and refresh tokens stop working at once", async () => {
    const user = await createTestUser(harness);
    const response = await authedFetch(harness, user.cookie, "/api/auth/sign-out", { method: "POST" });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().filter((c) => /Max-Age=0/.test(c))).toHaveLength(2);
    expect((await activeUser(user.cookie)).status).toBe(401);
    expect((await refresh(user.cookie)).status).toBe(401);
  });

  it("answers sign-out without a session with 200 (the client goes to /logga-in regardless)", async () => {
    expect((await authedFetch(harness, "", "/api/auth/sign-out", { method: "POST" })).status).toBe(200);
  });
});
