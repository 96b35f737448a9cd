import { AppError } from "#shared/errors";
import type { AuthConfig } from "../auth/auth-config";
import { createDevMailbox } from "./dev-mailbox";
import { createEmailSender, isSendEmailBinding } from "./email-adapter";
import type { Messenger } from "./outbound-message";
import { createSmsSender } from "./sms-adapter";

const notConfigured = (what: string) => new AppError("MESSAGING_MISCONFIGURED", 500, `${what} is not configured`, { expose: false });

/**
 * The messenger for this environment: the D1 dev mailbox when DEV_MAILBOX = "true" (development only, refused in
 * production), otherwise the send_email binding SEND_EMAIL and the SMS gateway from SMS_GATEWAY_* vars/secrets.
 */
export function messengerFor(env: { DB: D1Database; SEND_EMAIL?: unknown }, config: AuthConfig): Messenger {
  if (config.DEV_MAILBOX === "true") return createDevMailbox(env.DB);
  const binding = env.SEND_EMAIL;
  const { SMS_GATEWAY_USER: username, SMS_GATEWAY_PASSWORD: password } = config;
  return {
    sendEmail: async (message) => {
      if (!isSendEmailBinding(binding)) throw notConfigured("SEND_EMAIL binding");
      // Loaded on use, so modules importing the app (route listings in tests, scripts) do not need the Workers runtime.
      const { EmailMessage } = await import("cloudflare:email");
      const send = createEmailSender(binding, (from, to, raw) => new EmailMessage(from, to, raw), config.MAIL_FROM);
      return send(message);
    },
    sendSms: (message) => {
      if (!username || !password) throw notConfigured("SMS gateway credentials");
      return createSmsSender({ url: config.SMS_GATEWAY_URL, username, password, sender: config.SMS_SENDER })(message);
    },
  };
}
