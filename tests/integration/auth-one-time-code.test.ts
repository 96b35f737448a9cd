import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedFetch, cookieHeaderFrom, createTestUser, uniqueClientIp, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();

beforeAll(() => harness.start());
afterAll(() => harness.server.close());

async function post(path: string, body: unknown, ip = uniqueClientIp()) {
  return authedFetch(harness, "", path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(body),
  });
}

async function requestCode(id: string, type: "EMAIL" | "SMS") {
  const response = await post("/api/auth/sign-in/one-time-code/create", { id, type, secret: "" });
  return { response, body: (await response.json()) as { codeId: string; obfuscatedIdentity: string } };
}

/** The newest message for a recipient in the development mailbox (D1). */
async function lastMessage(recipient: string) {
  const env = await harness.api().getEnv();
  return env.DB.prepare("SELECT channel, subject, body FROM dev_mailbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(recipient)
    .first<{ channel: string; subject: string | null; body: string }>();
}

async function codeFor(recipient: string): Promise<string> {
  const message = await lastMessage(recipient);
  const code = /\b(\d{6})\b/.exec(message?.body ?? "")?.[1];
  if (!code) throw new Error(`no code in the mailbox of ${recipient}`);
  return code;
}

const confirm = (codeId: string, code: string) => post("/api/auth/login/one-time-code/confirm", { codeId, code });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("one-time codes", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser(harness, { signIn: false, email: `kod-${crypto.randomUUID().slice(0, 8)}@foretag.se` });
  });

  it("e-mails a 6-digit code with the /e/{codeId} link, shows an obfuscated address, and signs in once with it", async () => {
    const { response, body } = await requestCode(user.username, "EMAIL");
    expect(response.status).toBe(200);
    expect(body.codeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.obfuscatedIdentity).toMatch(/^k\*\*\*.@f\*\*\*\.se$/);
    const message = await lastMessage(user.email);
    expect(message).toMatchObject({ channel: "EMAIL", subject: "Din engångskod till Urval" });
    expect(message!.body).toContain(`/e/${body.codeId}`);
    const code = await codeFor(user.email);

    const env = await harness.api().getEnv();
    const stored = await env.DB.prepare("SELECT code_hash, expires_at - created_at AS ttl FROM one_time_codes WHERE id = ?")
      .bind(body.codeId)
      .first<{ code_hash: string; ttl: number }>();
    expect(stored!.code_hash).not.toContain(code);
    expect(stored!.ttl).toBe(10 * 60_000);

    const ok = await confirm(body.codeId, code);
    expect(ok.status).toBe(200);
    expect(cookieHeaderFrom(ok)).toContain("__Host-urval-session=");
    const again = await confirm(body.codeId, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ type: "USER_MESSAGE", code: "CODE_REJECTED" });
  });

  it("sends the code by SMS to the account's phone when the identity is the phone number", async () => {
    const smsUser = await createTestUser(harness, { signIn: false });
    const national = `0${smsUser.phone!.slice(3)}`;
    const { response, body } = await requestCode(national, "SMS");
    expect(response.status).toBe(200);
    expect(body.obfuscatedIdentity).toBe(`+46 ${smsUser.phone!.slice(3, 5)}*** **${smsUser.phone!.slice(-2)}`);
    expect((await lastMessage(smsUser.phone!))?.channel).toBe("SMS");
    expect((await confirm(body.codeId, await codeFor(smsUser.phone!))).status).toBe(200);
  });

  it("rejects a code one second after it expired", async () => {
    const { body } = await requestCode(user.email, "EMAIL");
    const code = await codeFor(user.email);
    const env = await harness.api().getEnv();
    await env.DB.prepare("UPDATE one_time_codes SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, body.codeId)
      .run();
    const response = await confirm(body.codeId, code);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "CODE_REJECTED" });
  });

  it("kills a code after 5 wrong attempts: the sixth is rejected even with the right code", async () => {
    const other = await createTestUser(harness, { signIn: false });
    const { body } = await requestCode(other.username, "EMAIL");
    const code = await codeFor(other.email);
    for (let i = 0; i < 5; i++) expect((await confirm(body.codeId, wrongCode(code))).status).toBe(400);
    const sixth = await confirm(body.codeId, code);
    expect(sixth.status).toBe(400);
    expect(await sixth.json()).toMatchObject({ code: "CODE_REJECTED" });
  });

  it("accepts the right code on the fifth attempt", async () => {
    const other = await createTestUser(harness, { signIn: false });
    const { body } = await requestCode(other.username, "EMAIL");
    const code = await codeFor(other.email);
    for (let i = 0; i < 4; i++) expect((await confirm(body.codeId, wrongCode(code))).status).toBe(400);
    expect((await confirm(body.codeId, code)).status).toBe(200);
  });

  it("an aborted code can no longer be used (abort takes { codeId }, a JSON string or the bare id)", async () => {
    const bodies = [(id: string) => JSON.stringify({ codeId: id }), (id: string) => JSON.stringify(id), (id: string) => id];
    for (const makeBody of bodies) {
      const other = await createTestUser(harness, { signIn: false });
      const { body } = await requestCode(other.username, "EMAIL");
      const code = await codeFor(other.email);
      const abort = await authedFetch(harness, "", "/api/auth/login/one-time-code/abort", { method: "POST", body: makeBody(body.codeId) });
      expect(abort.status).toBe(200);
      expect((await confirm(body.codeId, code)).status).toBe(400);
    }
    const garbage = await authedFetch(harness, "", "/api/auth/login/one-time-code/abort", { method: "POST", body: "nonsense" });
    expect(garbage.status).toBe(400);
  });

  it("sends at most 3 codes per recipient and hour (fourth: 429 with a Swedish message)", async () => {
    const other = await createTestUser(harness, { signIn: false });
    for (let i = 0; i < 3; i++) expect((await requestCode(other.email, "EMAIL")).response.status).toBe(200);
    const fourth = await requestCode(other.username, "EMAIL");
    expect(fourth.response.status).toBe(429);
    expect(fourth.body).toMatchObject({ type: "USER_MESSAGE", code: "RATE_LIMITED" });
    expect((fourth.body as unknown as { message: string }).message).toMatch(/engångskoder/);
  });

  it("answers an unknown identity like a known one, sends nothing, and the decoy code never confirms", async () => {
    const email = `okand-${crypto.randomUUID().slice(0, 8)}@exempel.se`;
    const { response, body } = await requestCode(email, "EMAIL");
    expect(response.status).toBe(200);
    expect(body.codeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.obfuscatedIdentity).toMatch(/^o\*\*\*.@e\*\*\*\.se$/);
    expect(await lastMessage(email)).toBeNull();
    const byName = await requestCode(`okand-${crypto.randomUUID()}`, "SMS");
    expect(byName.response.status).toBe(200);
    expect(byName.body.obfuscatedIdentity).toMatch(/^\+46 7\d\*\*\* \*\*\d\d$/);
    expect((await confirm(body.codeId, "123456")).status).toBe(400);
  });

  it("refuses an empty identity and an unknown channel", async () => {
    const empty = await requestCode("  ", "EMAIL");
    expect(empty.response.status).toBe(400);
    expect(empty.body).toMatchObject({ message: "Ange e-post, personnummer eller telefonnummer" });
    const badType = await post("/api/auth/sign-in/one-time-code/create", { id: user.username, type: "FAX", secret: "" });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ type: "VALIDATION" });
  });

  it("does not sign in an expired subscription even with the right code", async () => {
    const expired = await createTestUser(harness, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const { body } = await requestCode(expired.username, "EMAIL");
    const response = await confirm(body.codeId, await codeFor(expired.email));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "SUBSCRIPTION_EXPIRED" });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
