/**
 * Contracts of the delivery adapters: the SMS adapter against a local fake of the 46elks API (directly and through
 * the real API worker with the dev mailbox off), and the e-mail adapter's message read back by Python's email parser.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailSender } from "../../workers/api/src/messaging/email-adapter";
import { createSmsSender } from "../../workers/api/src/messaging/sms-adapter";
import { startFakeSmsGateway } from "../fakes/sms-gateway-server";
import { authedFetch, createTestUser } from "./factories";
import { createUrvalHarness } from "./harness";

const credentials = { username: "u0123456789abcdef", password: "fake-gateway-password" };
const gateway = await startFakeSmsGateway(credentials);
const harness = createUrvalHarness();

beforeAll(async () => {
  await harness.server.update((options) => ({
    ...options,
    workers: options.workers.map((worker) =>
      "configPath" in worker && String(worker.configPath).includes("workers/api")
        ? {
            ...worker,
            vars: { DEV_MAILBOX: "false", SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_USER: credentials.username, SMS_SENDER: "Urval" },
            secrets: { SMS_GATEWAY_PASSWORD: credentials.password },
          }
        : worker,
    ),
  }));
  await harness.start();
});
afterAll(async () => {
  await harness.server.close();
  await gateway.close();
});

describe("SMS adapter (46elks API shape)", () => {
  it("posts from, to and message as a form with Basic auth and accepts status created", async () => {
    const send = createSmsSender({ url: gateway.url, ...credentials, sender: "Urval" });
    await send({ to: "+46701234567", text: "Din kod är 123456. Åäö fungerar." });
    expect(gateway.received.at(-1)).toEqual({
      authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`,
      contentType: "application/x-www-form-urlencoded",
      from: "Urval",
      to: "+46701234567",
      message: "Din kod är 123456. Åäö fungerar.",
    });
  });

  it("turns a refused login, a refused number and a server error into SMS_SEND_FAILED", async () => {
    const wrongAuth = createSmsSender({ url: gateway.url, username: credentials.username, password: "wrong", sender: "Urval" });
    await expect(wrongAuth({ to: "+46701234567", text: "x" })).rejects.toMatchObject({ code: "SMS_SEND_FAILED", status: 502 });
    const send = createSmsSender({ url: gateway.url, ...credentials, sender: "Urval" });
    await expect(send({ to: "0701234567", text: "x" })).rejects.toMatchObject({ code: "SMS_SEND_FAILED" });
    gateway.failNextRequest();
    await expect(send({ to: "+46701234567", text: "x" })).rejects.toMatchObject({ code: "SMS_SEND_FAILED" });
  });

  it("delivers a sign-in code from the API worker through the gateway, and the code signs in", async () => {
    const user = await createTestUser(harness, { signIn: false });
    const created = await authedFetch(harness, "", "/api/auth/sign-in/one-time-code/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: user.username, type: "SMS", secret: "" }),
    });
    expect(created.status).toBe(200);
    const { codeId } = (await created.json()) as { codeId: string };
    const sms = gateway.received.at(-1)!;
    expect(sms.to).toBe(user.phone);
    expect(sms.message).toContain(`/e/${codeId}`);
    const env = await harness.api().getEnv();
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM dev_mailbox").first<{ n: number }>())?.n).toBe(0);
    const code = /\b(\d{6})\b/.exec(sms.message ?? "")?.[1];
    const confirmed = await authedFetch(harness, "", "/api/auth/login/one-time-code/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ codeId, code }),
    });
    expect(confirmed.status).toBe(200);
  });

  it("answers 502 with the generic message when the gateway fails", async () => {
    const user = await createTestUser(harness, { signIn: false });
    gateway.failNextRequest();
    const response = await authedFetch(harness, "", "/api/auth/sign-in/one-time-code/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: user.username, type: "SMS", secret: "" }),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: "SMS_SEND_FAILED", message: "Något gick fel. Prova gärna igen." });
  });
});

describe("e-mail adapter (send_email binding)", () => {
  it("hands the binding a MIME message that a standard parser reads back with Swedish subject and body intact", async () => {
    const sent: { from: string; to: string; raw: string }[] = [];
    const binding = { send: async (message: unknown) => void sent.push(message as { from: string; to: string; raw: string }) };
    const send = createEmailSender(binding, (from, to, raw) => ({ from, to, raw }), "noreply@urval.se");
    const subject = "Din engångskod till Urval – gäller i tio minuter för användaren Åsa Öberg";
    const text = "Hej!\nDin engångskod är 654321.\nÖppna https://urval.se/e/abc.\n";
    await send({ to: "asa@foretag.se", subject, text, replyTo: "kund@foretag.se\r\nBcc: evil@example.com" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: "noreply@urval.se", to: "asa@foretag.se" });
    const parsed = JSON.parse(
      execFileSync(
        "python3",
        [
          "-c",
          `import sys, json, email, email.policy
m = email.message_from_string(sys.stdin.read(), policy=email.policy.default)
print(json.dumps({"from": m["From"], "to": m["To"], "subject": m["Subject"], "replyTo": m["Reply-To"], "bcc": m["Bcc"], "body": m.get_content(), "type": m.get_content_type(), "id": m["Message-ID"]}))`,
        ],
        { input: sent[0]!.raw },
      ).toString(),
    ) as Record<string, string | null>;
    expect(parsed).toMatchObject({ from: "noreply@urval.se", to: "asa@foretag.se", subject, type: "text/plain", bcc: null });
    expect(parsed.body?.replace(/\r\n/g, "\n")).toBe(text);
    expect(parsed.id).toMatch(/^<[0-9a-f-]{36}@urval\.se>$/);
    expect(sent[0]!.raw.split("\r\n\r\n")[0]).not.toMatch(/\r\nBcc:/);
  });

  it("reports a failing binding as EMAIL_SEND_FAILED", async () => {
    const send = createEmailSender(
      { send: () => Promise.reject(new Error("destination not verified")) },
      (f, t, r) => ({ f, t, r }),
      "noreply@urval.se",
    );
    await expect(send({ to: "a@b.se", subject: "x", text: "y" })).rejects.toMatchObject({ code: "EMAIL_SEND_FAILED", status: 502 });
  });
});
