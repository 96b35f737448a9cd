import { CROSS_SITE_MESSAGE, mayChangeState } from "#shared/same-origin";
import { applySecurityFloor, HSTS, NON_DOCUMENT_CSP, PRIVATE_NO_STORE } from "#shared/security-floor";

export { NON_DOCUMENT_CSP };

/**
 * Security headers of every HTML page: a nonce-based Content-Security-Policy that fits Remix (its inline hydration
 * scripts carry the nonce; module scripts and styles come from this origin), no framing, no MIME sniffing, a strict
 * referrer policy, cross-origin isolation of the window, and no powerful browser features.
 */

/** A fresh random nonce (128 bits, base64). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, isDev: boolean, isHttps: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    isDev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    isDev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  if (isHttps) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string, isDev: boolean, isHttps: boolean): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, isDev, isHttps));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  if (isHttps) headers.set("Strict-Transport-Security", HSTS);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_NO_STORE);
}

/**
 * Every answer of the web worker that did not come through entry.server (redirects, Remix data and resource routes,
 * the web worker's own answers on API paths) gets the same floor (workers/shared/security-floor.ts). The API worker's
 * answers already carry it and pass through unchanged (app/lib/api-forward.server.ts).
 */
export function withSecurityHeaders(response: Response, isHttps: boolean): Response {
  const secured = new Response(response.body, response);
  applySecurityFloor(secured.headers, isHttps);
  return secured;
}

/**
 * Remix actions (the sign-in and contact forms) take posts from this site's own pages only. Remix would refuse a
 * foreign Origin itself, but by throwing: a 500 and an error log line that any other site could trigger at will.
 */
export function refuseCrossSitePost(request: Request): Response | null {
  if (mayChangeState(request)) return null;
  return new Response(CROSS_SITE_MESSAGE, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
