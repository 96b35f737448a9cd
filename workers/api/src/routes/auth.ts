import { Hono, type Context } from "hono";
import { authConfig } from "../auth/auth-config";
import { AbortCodeSchema, ConfirmCodeSchema, CreateCodeSchema, PasswordSignInSchema, requireIdentity } from "../auth/auth-schemas";
import { verifyAccessToken } from "../auth/access-token";
import { clientIp, readJson, readJsonOrText } from "../auth/request-input";
import { clearSessionCookies, readAccessCookie, readRefreshCookie, setSessionCookies } from "../auth/session-cookies";
import type { ApiBindings } from "../env";
import { messengerFor } from "../messaging/messenger";
import { abortSignInCode, confirmSignInCode, createSignInCode } from "../sessions/one-time-code-service";
import { signInWithPassword } from "../sessions/password-sign-in";
import { endSession, rotateSession, type SessionGrant } from "../sessions/session-service";

/** Sets the session cookies and answers { expiresAt } (spec §7). */
function grantSession(c: Context<ApiBindings>, grant: SessionGrant) {
  setSessionCookies(c, grant);
  c.header("Cache-Control", "no-store");
  return c.json({ expiresAt: grant.expiresAt.toISOString() });
}

/** /api/auth: sign-in by password or one-time code, token refresh and sign-out. */
export const authRoutes = new Hono<ApiBindings>()
  .post("/sign-in/username-password", async (c) => {
    const body = await readJson(c, PasswordSignInSchema);
    const identity = requireIdentity(body.id);
    const grant = await signInWithPassword(c.env.DB, authConfig(c.env), { identity, password: body.secret, clientIp: clientIp(c) });
    return grantSession(c, grant);
  })
  .post("/sign-in/one-time-code/create", async (c) => {
    const body = await readJson(c, CreateCodeSchema);
    const config = authConfig(c.env);
    const request = {
      identity: requireIdentity(body.id),
      channel: body.type,
      clientIp: clientIp(c),
      siteOrigin: config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin,
    };
    return c.json(await createSignInCode(c.env.DB, config, messengerFor(c.env, config), request));
  })
  .post("/login/one-time-code/confirm", async (c) => {
    const body = await readJson(c, ConfirmCodeSchema);
    return grantSession(c, await confirmSignInCode(c.env.DB, authConfig(c.env), { ...body, clientIp: clientIp(c) }));
  })
  .post("/login/one-time-code/abort", async (c) => {
    await abortSignInCode(c.env.DB, await readJsonOrText(c, AbortCodeSchema));
    return c.json({ ok: true });
  })
  .post("/refresh", async (c) => {
    try {
      return grantSession(c, await rotateSession(c.env.DB, authConfig(c.env).JWT_SIGNING_KEY, readRefreshCookie(c)));
    } catch (error) {
      clearSessionCookies(c);
      throw error;
    }
  })
  .post("/sign-out", async (c) => {
    const config = authConfig(c.env);
    const access = readAccessCookie(c);
    const claims = access ? await verifyAccessToken(config.JWT_SIGNING_KEY, access) : undefined;
    await endSession(c.env.DB, readRefreshCookie(c), claims?.sid);
    clearSessionCookies(c);
    return c.json({ ok: true });
  });
