import { Hono } from "hono";
import { authConfig } from "../auth/auth-config";
import { clientIp, readJson } from "../auth/request-input";
import type { ApiBindings } from "../env";
import { messengerFor } from "../messaging/messenger";
import { ContactMessageSchema } from "#shared/api-contracts/subscription";
import { submitContactMessage } from "../contact/contact-service";

/** POST /api/contact/message {name, company, phone, email, message} (public; rate-limited per IP; sizes capped). */
export const contactRoutes = new Hono<ApiBindings>().post("/message", async (c) => {
  const message = await readJson(c, ContactMessageSchema);
  const config = authConfig(c.env);
  const sent = await submitContactMessage(c.env.DB, messengerFor(c.env, config), config.STAFF_EMAIL, { message, clientIp: clientIp(c) });
  return c.json({ ok: true, id: sent.id });
});
