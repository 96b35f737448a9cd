/** The CSRF rule of both workers (ASVS 5.0 V3.5), pure so the web worker and the API worker share one definition. */

/** Methods that never change state. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "Begäran kom inte från Urvals webbplats och har stoppats.";

/**
 * The browser's Sec-Fetch-Site must say "same-origin"; without it (older browsers) the Origin header must equal the
 * request's own origin. A request carrying neither is refused too: every browser sends at least one of them on a
 * POST, and non-browser clients can add them.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const origin = request.headers.get("Origin");
  return origin !== null && origin === new URL(request.url).origin;
}

/** Whether a request may change state: a safe method, or sent by this site's own pages. */
export const mayChangeState = (request: Request): boolean => SAFE_METHODS.has(request.method) || isSameOriginRequest(request);
