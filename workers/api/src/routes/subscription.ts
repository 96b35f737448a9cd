import { Hono } from "hono";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { acceptTerms, loadActiveUser } from "../account/subscription-service";
import { termsOfUseParagraphs } from "../account/terms-of-use";

/** /api/subscription: public. */
export const publicSubscriptionRoutes = new Hono<ApiBindings>().get("/terms-of-use", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(termsOfUseParagraphs());
});

/** /sapi/subscription: behind requireSubscriber (both work before the terms are accepted). */
export const subscriptionRoutes = new Hono<ApiBindings>()
  .get("/active-user", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await loadActiveUser(c.env.DB, currentSession(c)));
  })
  .post("/accept-terms", async (c) => c.json(await acceptTerms(c.env.DB, currentSession(c).userId)));

/** GET /sapi/preflight: lets the client refresh a session about to expire before it opens a link (spec §7). */
export const preflightRoutes = new Hono<ApiBindings>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ expiresAt: currentSession(c).expiresAt.toISOString() });
});
