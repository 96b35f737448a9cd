/**
 * Test factories: each test gets its own account (unique username, e-mail, phone, personal id) and a real session
 * obtained through POST /api/auth/sign-in/username-password, never a forged token.
 *
 *   const user = await createTestUser(harness);                      // terms accepted, quota 1000, expires in a year
 *   const res = await authedFetch(harness, user.cookie, "/sapi/subscription/active-user");
 */
import { authConfig, hashPassword } from "#api/tooling";
import { sameOriginHeadersOf, signInWith } from "./stack-client";
import type { TestUser } from "./test-user";
import type { createUrvalHarness } from "./worker-harness";

export { cookieHeaderFrom } from "./stack-client";
export type { TestUser } from "./test-user";

export type UrvalHarness = ReturnType<typeof createUrvalHarness>;
/** The harness's Response type (undici's, not the Workers one). */
export type HarnessResponse = Awaited<ReturnType<UrvalHarness["server"]["fetch"]>>;
type HarnessInit = NonNullable<Parameters<UrvalHarness["server"]["fetch"]>[1]>;

export interface TestUserOverrides {
  username?: string;
  email?: string;
  phone?: string | null;
  /** 12 digits (use randomPersonalId() for a valid random one); default none, the column is unique. */
  personalId?: string | null;
  firstName?: string;
  lastName?: string;
  password?: string;
  quota?: number;
  /** ISO instant; default one year ahead. */
  expiresAt?: string;
  /** Default true. */
  signedTerms?: boolean;
  disabled?: boolean;
  /** Sign in through the API (default: when the account is usable). */
  signIn?: boolean;
}

let sequence = 0;

/** A documentation-range IPv6 address per call, so per-IP sign-in limits of one test never affect another. */
export function uniqueClientIp(): string {
  sequence += 1;
  return `2001:db8::${process.pid.toString(16)}:${sequence.toString(16)}`;
}

/** Headers a same-origin browser request carries (what the API's CSRF check requires on mutating calls). */
export async function sameOriginHeaders(harness: UrvalHarness): Promise<Record<string, string>> {
  const { url } = await harness.server.listen();
  return sameOriginHeadersOf(url.origin);
}

/** Random 12-digit personal identity number with a valid Luhn check digit (born 1950–1999). */
export function randomPersonalId(): string {
  const rnd = (n: number) => Math.floor(Math.random() * n);
  const yy = String(50 + rnd(50));
  const mm = String(1 + rnd(12)).padStart(2, "0");
  const dd = String(1 + rnd(28)).padStart(2, "0");
  const serial = String(rnd(1000)).padStart(3, "0");
  const nine = `${yy}${mm}${dd}${serial}`;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `19${nine}${(10 - (sum % 10)) % 10}`;
}

async function insertUser(harness: UrvalHarness, overrides: TestUserOverrides) {
  const env = await harness.api().getEnv();
  const tag = crypto.randomUUID().slice(0, 12);
  const username = overrides.username ?? `user-${tag}`;
  const email = overrides.email ?? `${username}@test.urval.se`;
  const phone = overrides.phone === undefined ? `+4670${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}` : overrides.phone;
  const password = overrides.password ?? `Testlösen-${tag}`;
  const firstName = overrides.firstName ?? "Test";
  const lastName = overrides.lastName ?? "Användare";
  const config = authConfig(env);
  const pepper = { id: config.PASSWORD_PEPPER_ID, secret: config.PASSWORD_PEPPER };
  const userId = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO users (id, username, email, phone, personal_id, first_name, last_name, password_hash,
                        extraction_records_left, subscription_expires_at, signed_terms_at, disabled)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      userId,
      username,
      email,
      phone,
      overrides.personalId ?? null,
      firstName,
      lastName,
      await hashPassword(password, pepper),
      overrides.quota ?? 1000,
      overrides.expiresAt ?? new Date(Date.now() + 365 * 86_400_000).toISOString(),
      overrides.signedTerms === false ? null : new Date().toISOString(),
      overrides.disabled ? 1 : 0,
    )
    .run();
  return { userId, username, email, phone, firstName, lastName, password };
}

/** Signs in with username and password through the API; returns the Cookie header value. */
export async function signIn(harness: UrvalHarness, id: string, password: string, clientIp = uniqueClientIp()): Promise<string> {
  const { url } = await harness.server.listen();
  const credentials = { username: id, password };
  return signInWith((path, init) => harness.server.fetch(path, init), url.origin, credentials, {
    headers: { "CF-Connecting-IP": clientIp },
  });
}

export async function createTestUser(harness: UrvalHarness, overrides: TestUserOverrides = {}): Promise<TestUser> {
  const user = await insertUser(harness, overrides);
  const usable = !overrides.disabled && (overrides.expiresAt === undefined || Date.parse(overrides.expiresAt) > Date.now());
  const cookie = (overrides.signIn ?? usable) ? await signIn(harness, user.username, user.password) : "";
  return { ...user, cookie };
}

/** fetch through the web worker with the session cookie and same-origin headers (plus any given in init). */
export async function authedFetch(
  harness: UrvalHarness,
  cookie: string,
  path: string,
  init: Omit<HarnessInit, "headers"> & { headers?: Record<string, string> } = {},
): Promise<HarnessResponse> {
  const headers: Record<string, string> = {
    ...(await sameOriginHeaders(harness)),
    "CF-Connecting-IP": uniqueClientIp(),
    ...(cookie ? { Cookie: cookie } : {}),
    ...init.headers,
  };
  return harness.server.fetch(path, { ...init, headers });
}
