import { z } from "zod";
import type { ContactMessage } from "#shared/api-contracts/subscription";
import { log } from "#shared/log";
import type { Messenger } from "../messaging/outbound-message";
import { consume } from "../rate-limits/rate-limiter";
import { contactRule } from "../rate-limits/sign-in-limits";

export const CONTACT_RATE_MESSAGE = "Du har skickat många meddelanden. Vänta en stund och försök igen, eller ring kundtjänst.";

function staffMailText(message: ContactMessage, id: string): string {
  return [
    `Nytt meddelande via kontaktformuläret (${id})`,
    "",
    `Namn: ${message.name}`,
    `Företag: ${message.company}`,
    `Telefon: ${message.phone}`,
    `E-post: ${message.email}`,
    "",
    message.message,
  ].join("\n");
}

/** Stores the message, then forwards it to the staff address; a failed forward is logged and kept for follow-up. */
export async function submitContactMessage(
  db: D1Database,
  messenger: Messenger,
  staffEmail: string,
  input: { message: ContactMessage; clientIp: string },
  now = Date.now(),
): Promise<{ id: string }> {
  await consume(db, contactRule(input.clientIp), now, CONTACT_RATE_MESSAGE);
  const id = crypto.randomUUID();
  const { name, company, phone, email, message } = input.message;
  await db
    .prepare(
      "INSERT INTO contact_messages (id, name, company, phone, email, message, client_ip, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(id, name, company, phone, email, message, input.clientIp, now)
    .run();
  try {
    const replyTo = z.email().safeParse(email).success ? email : undefined;
    await messenger.sendEmail({
      to: staffEmail,
      subject: `Kontaktformulär: ${company || name || "meddelande"}`,
      text: staffMailText(input.message, id),
      ...(replyTo ? { replyTo } : {}),
    });
    await db.prepare("UPDATE contact_messages SET forwarded_at = ? WHERE id = ?").bind(Date.now(), id).run();
  } catch (error) {
    log("error", "contact message stored but not forwarded", { contactMessageId: id, error: String(error) });
  }
  return { id };
}
