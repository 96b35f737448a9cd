import type { MiddlewareHandler } from "hono";
import { AppError } from "../../../shared/errors";
import type { ApiBindings } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "Begäran kom inte från Urvals webbplats och har stoppats.";

/**
 * CSRF defence for every mutating request (ASVS 5.0 V3.5): the browser's Sec-Fetch-Site must say "same-origin";
 * without it (older browsers) the Origin header must equal the API's own origin. A request carrying neither is
 * refused too: every browser sends at least one of them on a POST, and non-browser clients can add them.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const origin = request.headers.get("Origin");
  return origin !== null && origin === new URL(request.url).origin;
}

export const requireSameOrigin = (): MiddlewareHandler<ApiBindings> => async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !isSameOriginRequest(c.req.raw)) {
    throw new AppError("CROSS_SITE_REQUEST", 403, CROSS_SITE_MESSAGE, { type: "USER_MESSAGE" });
  }
  await next();
};
