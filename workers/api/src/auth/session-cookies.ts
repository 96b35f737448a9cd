import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

/**
 * Session cookies: "__Host-" prefixed (Secure, Path=/, no Domain), HttpOnly, SameSite=Lax.
 * Chromium and Firefox treat http://localhost as a secure context, so these work in local development too.
 */
export const ACCESS_COOKIE = "urval-session";
export const REFRESH_COOKIE = "urval-refresh";

const base = { prefix: "host", httpOnly: true, secure: true, sameSite: "Lax", path: "/" } as const;

export interface SessionCookieValues {
  accessToken: string;
  accessMaxAgeSeconds: number;
  refreshToken: string;
  refreshMaxAgeSeconds: number;
}

export function setSessionCookies(c: Context, values: SessionCookieValues): void {
  setCookie(c, ACCESS_COOKIE, values.accessToken, { ...base, maxAge: values.accessMaxAgeSeconds });
  setCookie(c, REFRESH_COOKIE, values.refreshToken, { ...base, maxAge: values.refreshMaxAgeSeconds });
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, ACCESS_COOKIE, base);
  deleteCookie(c, REFRESH_COOKIE, base);
}

export const readAccessCookie = (c: Context) => getCookie(c, ACCESS_COOKIE, "host");
export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE, "host");
