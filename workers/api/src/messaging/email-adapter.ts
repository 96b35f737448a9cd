import { AppError } from "#shared/errors";
import { buildMimeMessage } from "./mime-message";
import type { OutboundEmail } from "./outbound-message";

/** The part of Cloudflare's send_email binding we use: send(new EmailMessage(from, to, raw)). */
export interface SendEmailBinding {
  send(message: unknown): Promise<unknown>;
}

/** Builds the binding's message object; in the worker this is `new EmailMessage(from, to, raw)` from cloudflare:email. */
export type EmailMessageFactory = (from: string, to: string, raw: string) => unknown;

export function isSendEmailBinding(value: unknown): value is SendEmailBinding {
  return typeof value === "object" && value !== null && typeof (value as { send?: unknown }).send === "function";
}

/** E-mail through the send_email binding. Failures become a 502 with the generic message (details logged). */
export function createEmailSender(binding: SendEmailBinding, makeMessage: EmailMessageFactory, from: string) {
  return async (message: OutboundEmail): Promise<void> => {
    const domain = from.split("@")[1] ?? "urval.se";
    const raw = buildMimeMessage(message, { from, messageId: `${crypto.randomUUID()}@${domain}` });
    try {
      await binding.send(makeMessage(from, message.to, raw));
    } catch (cause) {
      throw new AppError("EMAIL_SEND_FAILED", 502, "e-mail could not be sent", { expose: false, cause });
    }
  };
}
