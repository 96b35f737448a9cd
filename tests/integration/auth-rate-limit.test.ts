import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#api/app";
import { authedFetch, createTestUser, uniqueClientIp } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();

beforeAll(async () => {
  // The production limit (the schema default); workers/api/wrangler.toml raises it for local development only.
  await harness.server.update((options) => ({
    ...options,
    workers: options.workers.map((worker) =>
      "configPath" in worker && String(worker.configPath).includes("workers/api")
        ? { ...worker, vars: { AUTH_IP_ATTEMPTS_PER_MINUTE: "10" } }
        : worker,
    ),
  }));
  await harness.start();
});
afterAll(() => harness.server.close());

const signInAttempt = (id: string, secret: string, ip = uniqueClientIp(), extra: Record<string, string> = {}) =>
  authedFetch(harness, "", "/api/auth/sign-in/username-password", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, ...extra },
    body: JSON.stringify({ id, secret }),
  });

async function countEvents(bucket: string) {
  const env = await harness.api().getEnv();
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limit_events WHERE bucket = ?").bind(bucket).first<{ n: number }>();
  return row?.n ?? 0;
}

describe("brute-force limits", () => {
  it("never lets 50 parallel wrong passwords (50 IPs) exceed the per-account limit of 100 failures an hour", async () => {
    const user = await createTestUser(harness, { signIn: false });
    const env = await harness.api().getEnv();
    const now = Date.now();
    const seed = Array.from({ length: 90 }, () =>
      env.DB.prepare("INSERT INTO rate_limit_events (bucket, at) VALUES (?, ?)").bind(`account:${user.userId}`, now - 60_000),
    );
    await env.DB.batch(seed);

    const responses = await Promise.all(Array.from({ length: 50 }, () => signInAttempt(user.username, "Fel-lösenord-9")));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    expect(await countEvents(`account:${user.userId}`)).toBe(100);

    const limited = await signInAttempt(user.username, user.password);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { type: string; message: string };
    expect(body.type).toBe("USER_MESSAGE");
    expect(body.message).toBe("För många försök. Vänta en stund och försök igen.");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3000);

    // No permanent lockout: once the failures are older than an hour, the right password works again.
    await env.DB.prepare("UPDATE rate_limit_events SET at = at - 3600000 WHERE bucket = ?").bind(`account:${user.userId}`).run();
    expect((await signInAttempt(user.username, user.password)).status).toBe(200);
  });

  it("counts an unknown identity the same way, so the limit does not reveal which accounts exist", async () => {
    const id = `ingen-${crypto.randomUUID()}`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => signInAttempt(id, "Fel-lösenord-9")));
    expect(responses.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await countEvents(`account:unknown:${id}`)).toBe(5);
  });

  it("releases the reserved failure slot on a successful sign-in", async () => {
    const user = await createTestUser(harness, { signIn: false });
    expect((await signInAttempt(user.username, user.password)).status).toBe(200);
    expect(await countEvents(`account:${user.userId}`)).toBe(0);
  });

  it("limits one IP to 10 sign-in attempts a minute, then 429 with Retry-After", async () => {
    const ip = uniqueClientIp();
    const user = await createTestUser(harness, { signIn: false });
    for (let i = 0; i < 10; i++) expect((await signInAttempt(user.username, "Fel-lösenord-9", ip)).status).toBe(400);
    const eleventh = await signInAttempt(user.username, user.password, ip);
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toMatchObject({ type: "USER_MESSAGE", code: "RATE_LIMITED" });
    const retryAfter = Number(eleventh.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await signInAttempt(user.username, user.password)).status).toBe(200); // another IP is not affected
  });
});

describe("cross-site requests", () => {
  // /v1 takes an API key and never reads a cookie (docs/decisions/0054), so a forged cross-site request has nothing to
  // ride on: with the victim's cookie it is API_KEY_MISSING (checked below), not a call made in their name.
  const allMutating = createApp()
    .routes.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method))
    .map((r) => ({ method: r.method, path: r.path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, "x1") }));
  const mutatingRoutes = allMutating.filter((r) => !r.path.startsWith("/v1/"));
  const keyRoutes = allMutating.filter((r) => r.path.startsWith("/v1/"));

  it("finds the mutating routes of the API (sanity check of the route listing)", () => {
    expect(mutatingRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/api/auth/sign-in/username-password", "/api/contact/message", "/sapi/subscription/accept-terms"]),
    );
  });

  const attacks: Record<string, Record<string, string>> = {
    "Sec-Fetch-Site cross-site": { "Sec-Fetch-Site": "cross-site", Origin: "https://angripare.example" },
    "Sec-Fetch-Site same-site": { "Sec-Fetch-Site": "same-site", Origin: "https://sub.urval.se" },
    "foreign Origin without Sec-Fetch-Site": { Origin: "https://angripare.example" },
    "neither header": {},
  };

  for (const [attack, headers] of Object.entries(attacks)) {
    it(`refuses ${attack} on every mutating route with 403, even with a valid session`, async () => {
      const user = await createTestUser(harness, { signedTerms: false });
      for (const route of mutatingRoutes) {
        const response = await harness.server.fetch(route.path, {
          method: route.method,
          headers: { Cookie: user.cookie, "Content-Type": "application/json", "CF-Connecting-IP": uniqueClientIp(), ...headers },
          body: JSON.stringify({ id: user.username, secret: user.password }),
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(403);
        expect(await response.json()).toMatchObject({ code: "CROSS_SITE_REQUEST", type: "USER_MESSAGE" });
      }
      expect(keyRoutes.length).toBeGreaterThan(0);
      for (const route of keyRoutes) {
        const response = await harness.server.fetch(route.path, {
          method: route.method,
          headers: { Cookie: user.cookie, "Content-Type": "application/json", "CF-Connecting-IP": uniqueClientIp(), ...headers },
          body: JSON.stringify({}),
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(401);
        expect(await response.json()).toMatchObject({ code: "API_KEY_MISSING" });
      }
      const env = await harness.api().getEnv();
      const row = await env.DB.prepare("SELECT signed_terms_at FROM users WHERE id = ?")
        .bind(user.userId)
        .first<{ signed_terms_at: null }>();
      expect(row?.signed_terms_at).toBeNull();
    });
  }

  it("accepts a same-origin request identified by Origin alone (browsers without Sec-Fetch-Site)", async () => {
    const user = await createTestUser(harness, { signIn: false });
    const { url } = await harness.server.listen();
    const response = await harness.server.fetch("/api/auth/sign-in/username-password", {
      method: "POST",
      headers: { Origin: url.origin, "Content-Type": "application/json", "CF-Connecting-IP": uniqueClientIp() },
      body: JSON.stringify({ id: user.username, secret: user.password }),
    });
    expect(response.status).toBe(200);
  });
});
