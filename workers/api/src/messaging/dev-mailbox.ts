import type { Messenger, OutboundEmail, OutboundSms } from "./outbound-message";

/** Development mailbox: messages are stored in D1 (dev_mailbox) instead of being sent. Never in production. */
export function createDevMailbox(db: D1Database): Messenger {
  const store = async (channel: "EMAIL" | "SMS", recipient: string, subject: string | null, body: string) => {
    await db
      .prepare("INSERT INTO dev_mailbox (channel, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(channel, recipient, subject, body, Date.now())
      .run();
  };
  return {
    sendEmail: (message: OutboundEmail) => store("EMAIL", message.to, message.subject, message.text),
    sendSms: (message: OutboundSms) => store("SMS", message.to, null, message.text),
  };
}
