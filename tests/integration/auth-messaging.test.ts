/**
 * Contracts of the delivery adapters: the SMS adapter against a local fake of the 46elks API (directly and through
 * the real API worker with the dev mailbox off), and the e-mail adapter's message read back by Python's email parser.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailSender } from "#api/messaging/email-adapter";
import { createSmsSender } from "#api/messaging/sms-adapter";
import { startFakeSmsGateway } from "../support/fakes/sms-gateway-server";
import { authedFetch, createTestUser } from "../support/factories";
import { createUrvalHarness, ROOT } from "../support/worker-harness";

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

/** Python's standard e-mail parser as the independent reader of a raw RFC 5322 message. */
function parseMime(raw: string): Record<string, string | null> {
  const script = `import sys, json, email, email.policy
m = email.message_from_string(sys.stdin.read(), policy=email.policy.default)
print(json.dumps({"from": m["From"], "to": m["To"], "subject": m["Subject"], "replyTo": m["Reply-To"], "bcc": m["Bcc"], "body": m.get_content(), "type": m.get_content_type(), "id": m["Message-ID"]}))`;
  return JSON.parse(execFileSync("python3", ["-c", script], { input: raw }).toString()) as Record<string, string | null>;
}

/** .eml files the local runtime's send_email binding wrote (under .wrangler/tmp/email) since `since`. */
function sentEmlFiles(since: number): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".eml") && statSync(full).mtimeMs >= since) found.push(full);
    }
  };
  try {
    walk(path.join(ROOT, ".wrangler/tmp/email"));
  } catch {
    return found;
  }
  return found;
}

async function waitForEmail(since: number, marker: string) {
  for (let i = 0; i < 50; i++) {
    for (const file of sentEmlFiles(since)) {
      const parsed = parseMime(readFileSync(file, "utf8"));
      if (parsed.body?.includes(marker)) return parsed;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail containing ${marker}`);
}

describe("e-mail through the send_email binding of the local runtime", () => {
  it("sends the sign-in code as a MIME message the runtime accepts, and the code signs in", async () => {
    const since = Date.now() - 1000;
    const user = await createTestUser(harness, { signIn: false });
    const created = await authedFetch(harness, "", "/api/auth/sign-in/one-time-code/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: user.email, type: "EMAIL", secret: "" }),
    });
    expect(created.status).toBe(200);
    const { codeId } = (await created.json()) as { codeId: string };
    const mail = await waitForEmail(since, `/e/${codeId}`);
    expect(mail).toMatchObject({ from: "noreply@urval.se", to: user.email, subject: "Din engångskod till Urval", type: "text/plain" });
    const code = /\b(\d{6})\b/.exec(mail.body ?? "")?.[1];
    const confirmed = await authedFetch(harness, "", "/api/auth/login/one-time-code/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ codeId, code }),
    });
    expect(confirmed.status).toBe(200);
  });

  it("forwards a contact message to the staff address with the sender as Reply-To", async () => {
    const since = Date.now() - 1000;
    const tag = crypto.randomUUID();
    const response = await authedFetch(harness, "", "/api/contact/message", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Örjan Ås", company: "Fjäll AB", phone: "", email: "orjan@fjall.se", message: `Hej ${tag}` }),
    });
    expect(response.status).toBe(200);
    const mail = await waitForEmail(since, tag);
    expect(mail).toMatchObject({ to: "kundtjanst@urval.se", replyTo: "orjan@fjall.se", subject: "Kontaktformulär: Fjäll AB" });
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
    const parsed = parseMime(sent[0]!.raw);
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
