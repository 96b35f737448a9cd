import type { ErrorHandler, NotFoundHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, DEFAULT_ERROR_MESSAGE, type ErrorBody } from "#shared/errors";
import { describeError, log } from "#shared/log";
import type { ApiBindings } from "../env";

/** The one place where errors become HTTP answers: { type, message, code, requestId }, never a stack trace. */
export const handleError: ErrorHandler<ApiBindings> = (error, c) => {
  const requestId = c.get("requestId") ?? "unknown";
  if (error instanceof AppError) {
    const body: ErrorBody = {
      type: error.type,
      message: error.expose ? error.message : DEFAULT_ERROR_MESSAGE,
      code: error.code,
      requestId,
      ...(error.issues ? { issues: error.issues } : {}),
    };
    log(error.status >= 500 ? "error" : "warn", "request failed", {
      requestId,
      code: error.code,
      status: error.status,
      issues: error.issues,
      ...(error.status >= 500 ? describeError(error.cause ?? error) : {}),
    });
    return c.json(body, error.status as ContentfulStatusCode, error.headers);
  }
  log("error", "unexpected error", { requestId, route: c.req.routePath, ...describeError(error) });
  const body: ErrorBody = { type: "ERROR", message: DEFAULT_ERROR_MESSAGE, code: "INTERNAL", requestId };
  return c.json(body, 500);
};

export const handleNotFound: NotFoundHandler<ApiBindings> = (c) => {
  const body: ErrorBody = {
    type: "NOT_FOUND",
    message: "Hittades inte.",
    code: "ROUTE_NOT_FOUND",
    requestId: c.get("requestId") ?? "unknown",
  };
  return c.json(body, 404);
};
