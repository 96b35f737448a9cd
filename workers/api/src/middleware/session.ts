import type { Context, MiddlewareHandler } from "hono";
import { authConfig } from "../auth/auth-config";
import { readAccessCookie } from "../auth/session-cookies";
import type { ApiBindings } from "../env";
import { assertTermsSigned, verifySession, type VerifiedSession } from "../sessions/session-check";

/** Routes a signed-in user may call before accepting the terms of use (the terms modal needs them). */
const TERMS_EXEMPT_PATHS = new Set(["/sapi/subscription/active-user", "/sapi/subscription/accept-terms", "/sapi/preflight"]);

const sessions = new WeakMap<Request, VerifiedSession>();

/**
 * Guards every /sapi route except /sapi/health: 401 UNAUTHENTICATED without a valid session, 403
 * ACCOUNT_DISABLED / SUBSCRIPTION_EXPIRED, 403 TERMS_NOT_ACCEPTED until the terms are signed. Sets c.var.userId.
 */
export const requireSubscriber = (): MiddlewareHandler<ApiBindings> => async (c, next) => {
  const { JWT_SIGNING_KEY } = authConfig(c.env);
  const session = await verifySession(c.env.DB, JWT_SIGNING_KEY, readAccessCookie(c));
  if (!TERMS_EXEMPT_PATHS.has(c.req.path)) assertTermsSigned(session);
  sessions.set(c.req.raw, session);
  c.set("userId", session.userId);
  await next();
};

/** The session verified by requireSubscriber for this request (throws if the route is not behind it). */
export function currentSession(c: Context<ApiBindings>): VerifiedSession {
  const session = sessions.get(c.req.raw);
  if (!session) throw new Error("currentSession() used on a route without requireSubscriber()");
  return session;
}
