/**
 * Signing in to a stack the way the product's own pages do: POST /api/auth/sign-in/username-password with the
 * same-origin headers the API's CSRF check asks of mutating calls, the session from its Set-Cookie headers, and, for
 * an account that has not yet accepted the terms of use, POST /sapi/subscription/accept-terms. One request-building
 * code for every transport: a running stack over HTTP (benchmarks, the resilience suite) or the in-process harness's
 * `server.fetch` (integration tests, through factories.ts).
 *
 *   const cookie = await signInToStack(url, { username, password }, { acceptTerms: true });
 */

export const SIGN_IN_PATH = "/api/auth/sign-in/username-password";
export const ACCEPT_TERMS_PATH = "/sapi/subscription/accept-terms";

export interface Credentials {
  /** What the sign-in form's first field takes: username, e-mail or personal identity number. */
  username: string;
  password: string;
}

/** What the sign-in reads of an answer (both the global Response and the harness's undici one have it). */
interface StackResponse {
  status: number;
  headers: { getSetCookie(): string[] };
  text(): Promise<string>;
}

/** A POST to a path on one stack. */
export type StackFetch = (path: string, init: { method: "POST"; headers: Record<string, string>; body?: string }) => Promise<StackResponse>;

export interface SignInOptions {
  /** Accept the terms of use after signing in (a fresh account must before it may search; again changes nothing). */
  acceptTerms?: boolean;
  /** Further headers on both calls (say CF-Connecting-IP, so one test's sign-ins never count against another's). */
  headers?: Record<string, string>;
}

/** Headers a same-origin browser request carries (what the API's CSRF check requires on mutating calls). */
export function sameOriginHeadersOf(origin: string): Record<string, string> {
  return { Origin: origin, "Sec-Fetch-Site": "same-origin" };
}

/** The sign-in call's JSON body. */
export function signInBody(credentials: Credentials): { id: string; secret: string } {
  return { id: credentials.username, secret: credentials.password };
}

/** "name=value; name2=value2" from a response's Set-Cookie headers (attributes dropped, deletions skipped). */
export function cookieHeaderFrom(response: { headers: { getSetCookie(): string[] } }): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

/** Signs in through `fetch` on the stack at `origin`; returns the Cookie header value. Throws unless both calls answer 200. */
export async function signInWith(
  fetch: StackFetch,
  origin: string,
  credentials: Credentials,
  options: SignInOptions = {},
): Promise<string> {
  const headers = { ...sameOriginHeadersOf(origin), ...options.headers };
  const response = await fetch(SIGN_IN_PATH, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(signInBody(credentials)),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = cookieHeaderFrom(response);
  if (options.acceptTerms) {
    const terms = await fetch(ACCEPT_TERMS_PATH, { method: "POST", headers: { ...headers, Cookie: cookie } });
    if (terms.status !== 200) throw new Error(`accepting the terms failed: ${terms.status} ${await terms.text()}`);
  }
  return cookie;
}

/** Signs in to the running stack at `url` over HTTP; returns the Cookie header value. */
export function signInToStack(url: string, credentials: Credentials, options: SignInOptions = {}): Promise<string> {
  return signInWith((path, init) => fetch(`${url}${path}`, init), new URL(url).origin, credentials, options);
}
