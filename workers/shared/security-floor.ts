/**
 * The security headers every answer that is not an HTML page carries (API JSON, files, redirects, Remix data): no
 * sniffing, no framing, the referrer policy, HSTS over https, a deny-all policy unless the answer brings its own
 * (the annual-report page), and `Cache-Control: private, no-store` unless the answer says how it may be cached (the
 * reference data's private revalidation, the public subscription texts): a signed-in answer carries the user's data. The web worker applies it to what it answers itself; the API worker applies it to each of
 * its answers in the same pass that stamps the request id (workers/api/src/middleware/request-context.ts), so the web
 * worker can hand the API's answer to the browser as it is (docs/decisions/0027).
 */

/** The policy of answers that are not pages: nothing in them may run or embed. */
export const NON_DOCUMENT_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const HSTS = "max-age=31536000; includeSubDomains";

/** What an answer that does not say how it may be cached gets: no cache anywhere may keep it (issue 25). */
export const PRIVATE_NO_STORE = "private, no-store";

/** Sets the floor on mutable headers (keeps a policy, framing rule, referrer or cache policy the answer brings itself). */
export function applySecurityFloor(headers: Headers, isHttps: boolean): void {
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NON_DOCUMENT_CSP);
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "same-origin");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_NO_STORE);
  if (isHttps) headers.set("Strict-Transport-Security", HSTS);
}

/** Whether a request URL is https (string test: the API worker runs this on every request). */
export function isHttpsUrl(url: string): boolean {
  return url.startsWith("https:");
}
