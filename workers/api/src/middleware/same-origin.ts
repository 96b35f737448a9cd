import type { MiddlewareHandler } from "hono";
import { AppError } from "#shared/errors";
import { CROSS_SITE_MESSAGE, mayChangeState } from "#shared/same-origin";
import type { ApiBindings } from "../env";

const isPublicApiPath = (path: string) => path === "/v1" || path.startsWith("/v1/");

export { CROSS_SITE_MESSAGE, isSameOriginRequest } from "#shared/same-origin";

/**
 * CSRF defence for every mutating request (workers/shared/same-origin.ts): 403 CROSS_SITE_REQUEST otherwise. Not on
 * /v1: the public API reads no cookie, only an API key in the Authorization header, which a browser never adds by
 * itself to another site's request (docs/decisions/0054).
 */
export const requireSameOrigin = (): MiddlewareHandler<ApiBindings> => async (c, next) => {
  if (!isPublicApiPath(c.req.path) && !mayChangeState(c.req.raw)) {
    throw new AppError("CROSS_SITE_REQUEST", 403, CROSS_SITE_MESSAGE, { type: "USER_MESSAGE" });
  }
  await next();
};
