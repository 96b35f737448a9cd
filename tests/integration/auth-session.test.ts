import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedFetch, cookieHeaderFrom, createTestUser, sameOriginHeaders, uniqueClientIp } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();

beforeAll(() => harness.start());
afterAll(() => harness.server.close());

async function post(path: string, body: unknown, cookie = "") {
  return authedFetch(harness, cookie, path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("password sign-in and the session cookie", () => {
  it("signs in with the username and sets __Host- cookies HttpOnly, Secure, SameSite=Lax, Path=/", async () => {
    const user = await createTestUser(harness, { signIn: false });
    const response = await post("/api/auth/sign-in/username-password", { id: user.username, secret: user.password });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { expiresAt: string };
    const expiresIn = Date.parse(body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-urval-(session|refresh)=/);
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("Path=/");
      expect(cookie).not.toContain("Domain");
    }
  });

  it("loads the active user with the session and answers 401 without one", async () => {
    const user = await createTestUser(harness, { firstName: "Åsa", lastName: "Öberg", quota: 4321 });
    const response = await authedFetch(harness, user.cookie, "/sapi/subscription/active-user");
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      endUser: { firstName: "Åsa", lastName: "Öberg", email: user.email, signedTerms: true },
      subscription: { extractionRecordsLeft: 4321 },
    });
    expect(Date.parse(String(body.expiresAt))).toBeGreaterThan(Date.now());

    const anonymous = await authedFetch(harness, "", "/sapi/subscription/active-user");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ type: "UNAUTHORIZED", code: "UNAUTHENTICATED" });
  });

  it("signs in with the e-mail address in any case and with the personal identity number in any common form", async () => {
    const user = await createTestUser(harness, { personalId: "198112189876", signIn: false });
    const forms = [user.email.toUpperCase(), "19811218-9876", "811218-9876", "8112189876", "198112189876"];
    for (const id of forms) {
      const response = await post("/api/auth/sign-in/username-password", { id: ` ${id} `, secret: user.password });
      expect(response.status, id).toBe(200);
    }
  });

  it("refuses an empty identity with the spec's message and a malformed personal identity number", async () => {
    const empty = await post("/api/auth/sign-in/username-password", { id: "   ", secret: "whatever-123" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ type: "USER_MESSAGE", message: "Ange e-post, personnummer eller telefonnummer" });
    const badLuhn = await post("/api/auth/sign-in/username-password", { id: "811218-9875", secret: "whatever-123" });
    expect(badLuhn.status).toBe(400);
    expect(await badLuhn.json()).toMatchObject({ type: "USER_MESSAGE", code: "INVALID_PERSONAL_ID" });
  });

  it("gives the same status and message for an unknown user and a wrong password", async () => {
    const user = await createTestUser(harness, { signIn: false });
    const unknown = await post("/api/auth/sign-in/username-password", { id: `nobody-${crypto.randomUUID()}`, secret: "Fel-lösenord-1" });
    const wrong = await post("/api/auth/sign-in/username-password", { id: user.username, secret: "Fel-lösenord-1" });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    const [a, b] = [(await unknown.json()) as Record<string, unknown>, (await wrong.json()) as Record<string, unknown>];
    expect({ ...a, requestId: "" }).toEqual({ ...b, requestId: "" });
    expect(a).toMatchObject({ type: "USER_MESSAGE", code: "INVALID_CREDENTIALS" });
  });

  it("refuses sign-in to a disabled account and to an expired subscription", async () => {
    const disabled = await createTestUser(harness, { disabled: true });
    const expired = await createTestUser(harness, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const a = await post("/api/auth/sign-in/username-password", { id: disabled.username, secret: disabled.password });
    const b = await post("/api/auth/sign-in/username-password", { id: expired.username, secret: expired.password });
    expect([a.status, b.status]).toEqual([403, 403]);
    expect(await a.json()).toMatchObject({ code: "ACCOUNT_DISABLED", type: "USER_MESSAGE" });
    expect(await b.json()).toMatchObject({ code: "SUBSCRIPTION_EXPIRED", type: "USER_MESSAGE" });
  });

  it("blocks /sapi routes with 403 TERMS_NOT_ACCEPTED until the terms are accepted, except active-user and accept-terms", async () => {
    const user = await createTestUser(harness, { signedTerms: false });
    const blocked = await authedFetch(harness, user.cookie, "/sapi/preflight");
    expect(blocked.status).toBe(200);
    const other = await authedFetch(harness, user.cookie, "/sapi/search/page/0", { method: "POST", body: "{}" });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: "TERMS_NOT_ACCEPTED", type: "USER_MESSAGE" });
    const before = await authedFetch(harness, user.cookie, "/sapi/subscription/active-user");
    expect(((await before.json()) as { endUser: { signedTerms: boolean } }).endUser.signedTerms).toBe(false);
    const accept = await post("/sapi/subscription/accept-terms", {}, user.cookie);
    expect(accept.status).toBe(200);
    const after = await authedFetch(harness, user.cookie, "/sapi/subscription/active-user");
    expect(((await after.json()) as { endUser: { signedTerms: boolean } }).endUser.signedTerms).toBe(true);
    const env = await harness.api().getEnv();
    const row = await env.DB.prepare("SELECT signed_terms_at FROM users WHERE id = ?")
      .bind(user.userId)
      .first<{ signed_terms_at: string }>();
    expect(Date.parse(row!.signed_terms_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers 403 on /sapi once the subscription has expired or the account is disabled, even with a valid token", async () => {
    const user = await createTestUser(harness);
    const env = await harness.api().getEnv();
    await env.DB.prepare("UPDATE users SET subscription_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.userId)
      .run();
    const expired = await authedFetch(harness, user.cookie, "/sapi/subscription/active-user");
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: "SUBSCRIPTION_EXPIRED" });
    await env.DB.prepare("UPDATE users SET subscription_expires_at = ?, disabled = 1 WHERE id = ?")
      .bind(new Date(Date.now() + 86_400_000).toISOString(), user.userId)
      .run();
    const disabled = await authedFetch(harness, user.cookie, "/sapi/subscription/active-user");
    expect(disabled.status).toBe(403);
    expect(await disabled.json()).toMatchObject({ code: "ACCOUNT_DISABLED" });
  });

  it("upgrades an old-format (unpeppered) hash to the current algorithm at sign-in", async () => {
    const user = await createTestUser(harness, { signIn: false, password: "Gammalt-Lösen-2019" });
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("Gammalt-Lösen-2019"), "PBKDF2", false, ["deriveBits"]);
    const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 100_000 }, key, 256);
    const legacy = `pbkdf2-sha256$100000$${Buffer.from(salt).toString("base64")}$${Buffer.from(bits).toString("base64")}`;
    const env = await harness.api().getEnv();
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind(legacy, user.userId).run();

    expect((await post("/api/auth/sign-in/username-password", { id: user.username, secret: user.password })).status).toBe(200);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(user.userId).first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256-hmac\$100000\$dev1\$/);
    expect((await post("/api/auth/sign-in/username-password", { id: user.username, secret: user.password })).status).toBe(200);
  });

  it("leaves /sapi/health public", async () => {
    const response = await harness.server.fetch("/sapi/health");
    expect(response.status).toBe(200);
  });

  it("honours CF-Connecting-IP through the web worker (rate limits are keyed by it)", async () => {
    const user = await createTestUser(harness, { signIn: false });
    const headers = { "Content-Type": "application/json", ...(await sameOriginHeaders(harness)), "CF-Connecting-IP": uniqueClientIp() };
    const response = await harness.server.fetch("/api/auth/sign-in/username-password", {
      method: "POST",
      headers,
      body: JSON.stringify({ id: user.username, secret: user.password }),
    });
    expect(cookieHeaderFrom(response)).toContain("__Host-urval-session=");
    const env = await harness.api().getEnv();
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limit_events WHERE bucket = ?")
      .bind(`ip:${headers["CF-Connecting-IP"]}`)
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
  });
});
