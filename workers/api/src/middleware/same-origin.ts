import type { MiddlewareHandler } from "hono";
import { AppError } from "#shared/errors";
import { CROSS_SITE_MESSAGE, mayChangeState } from "#shared/same-origin";
import type { ApiBindings } from "../env";

export { CROSS_SITE_MESSAGE, isSameOriginRequest } from "#shared/same-origin";

/** CSRF defence for every mutating request (workers/shared/same-origin.ts): 403 CROSS_SITE_REQUEST otherwise. */
export const requireSameOrigin = (): MiddlewareHandler<ApiBindings> => async (c, next) => {
  if (!mayChangeState(c.req.raw)) {
    throw new AppError("CROSS_SITE_REQUEST", 403, CROSS_SITE_MESSAGE, { type: "USER_MESSAGE" });
  }
  await next();
};
