import { CROSS_SITE_MESSAGE, mayChangeState } from "../../workers/shared/same-origin";

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

const HSTS = "max-age=31536000; includeSubDomains";

export function applySecurityHeaders(headers: Headers, nonce: string, isDev: boolean, isHttps: boolean): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, isDev, isHttps));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  if (isHttps) headers.set("Strict-Transport-Security", HSTS);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/** The policy of answers that are not pages (API JSON, files, redirects, Remix data): nothing in them may run or embed. */
export const NON_DOCUMENT_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Every answer of the web worker that did not come through entry.server (redirects, Remix data and resource routes,
 * everything forwarded to the API worker) gets the same floor: no sniffing, no framing, the referrer policy, HSTS over
 * https, and a deny-all policy unless the answer brings its own (the annual-report page, pages rendered by Remix).
 */
export function withSecurityHeaders(response: Response, isHttps: boolean): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NON_DOCUMENT_CSP);
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "same-origin");
  if (isHttps) headers.set("Strict-Transport-Security", HSTS);
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
