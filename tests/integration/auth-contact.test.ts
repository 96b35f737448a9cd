import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_EMAIL_MESSAGE } from "#shared/api-contracts/subscription";
import { authedFetch, uniqueClientIp } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();

beforeAll(() => harness.start());
afterAll(() => harness.server.close());

const sendContact = (body: unknown, ip = uniqueClientIp()) =>
  authedFetch(harness, "", "/api/contact/message", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const message = (tag: string) => ({
  name: "Åsa Öberg",
  company: `Bolaget ${tag} AB`,
  phone: "070-123 45 67",
  email: "asa@bolaget.se",
  message: `Hej! Vi vill gärna boka en demo. <script>alert(1)</script> ${tag}`,
});

describe("contact messages", () => {
  it("stores the message in D1 and sends it to the staff address", async () => {
    const tag = crypto.randomUUID();
    const response = await sendContact(message(tag));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const env = await harness.api().getEnv();
    const stored = await env.DB.prepare("SELECT company, message, forwarded_at FROM contact_messages WHERE id = ?").bind(id).first<{
      company: string;
      message: string;
      forwarded_at: number | null;
    }>();
    expect(stored).toMatchObject({ company: `Bolaget ${tag} AB`, message: message(tag).message });
    expect(stored!.forwarded_at).toBeGreaterThan(0);
    const mail = await env.DB.prepare("SELECT recipient, subject, body FROM dev_mailbox WHERE body LIKE ?").bind(`%${tag}%`).first<{
      recipient: string;
      subject: string;
      body: string;
    }>();
    expect(mail).toMatchObject({ recipient: "kundtjanst@urval.se", subject: `Kontaktformulär: Bolaget ${tag} AB` });
    expect(mail!.body).toContain("Telefon: 070-123 45 67");
  });

  it("caps sizes: a 5001-character message is refused, and so is a body over 16 KiB", async () => {
    const long = await sendContact({ ...message("x"), message: "å".repeat(5001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ type: "VALIDATION" });
    const huge = await sendContact({ ...message("x"), name: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ type: "USER_MESSAGE", code: "BODY_TOO_LARGE" });
  });

  it("needs a message and a way to answer", async () => {
    const empty = await sendContact({ ...message("x"), message: "  " });
    expect(empty.status).toBe(400);
    const noReply = await sendContact({ ...message("x"), email: "", phone: "" });
    expect(noReply.status).toBe(400);
    expect(JSON.stringify(await noReply.json())).toContain("Ange e-post eller telefonnummer");
    const notAnEmail = await sendContact({ ...message("x"), email: "inte-en-epost" });
    expect(notAnEmail.status).toBe(400);
    expect(await notAnEmail.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "email", message: CONTACT_EMAIL_MESSAGE }] });
  });

  it("accepts 5 messages an hour from one IP, then 429 with a Swedish message", async () => {
    const ip = uniqueClientIp();
    for (let i = 0; i < 5; i++) expect((await sendContact(message(`rl-${i}`), ip)).status).toBe(200);
    const sixth = await sendContact(message("rl-6"), ip);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ type: "USER_MESSAGE", code: "RATE_LIMITED" });
  });
});

describe("terms of use", () => {
  it("is public and answers a list of sanitised HTML paragraphs in Swedish", async () => {
    const response = await harness.server.fetch("/api/subscription/terms-of-use");
    expect(response.status).toBe(200);
    const paragraphs = (await response.json()) as string[];
    expect(paragraphs.length).toBeGreaterThanOrEqual(8);
    for (const paragraph of paragraphs) {
      expect(paragraph).toMatch(/^<strong>[^<]+<\/strong> [^<>]+$/);
    }
    expect(paragraphs.join(" ")).toContain("Kontot är personligt");
  });
});
