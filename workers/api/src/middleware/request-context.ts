import type { MiddlewareHandler } from "hono";
import { log } from "../../../shared/log";
import { isValidRequestId, newRequestId, REQUEST_ID_HEADER } from "../../../shared/request-id";
import { APP_VERSION, CLIENT_VERSION, CLIENT_VERSION_HEADER } from "../../../shared/version";
import type { ApiBindings } from "../env";

/**
 * Per request: a request id (taken from the web worker when present), the server's client version on every answer,
 * Server-Timing with the backend time, and one structured log line with route, status, user and durations.
 *
 * The log line names the route pattern (`/sapi/search/create-shared-link/:serializedSearch`), never the requested
 * path or query: paths carry a serialized search, shared-link ids and list-file ids, and logs must hold no user data.
 */
export const requestContext = (): MiddlewareHandler<ApiBindings> => async (c, next) => {
  const started = performance.now();
  const incoming = c.req.header(REQUEST_ID_HEADER);
  const requestId = isValidRequestId(incoming) ? incoming : newRequestId();
  c.set("requestId", requestId);
  c.set("backendMs", 0);
  c.set("userId", undefined);
  await next();
  const totalMs = Math.round((performance.now() - started) * 10) / 10;
  const backendMs = c.get("backendMs");
  c.header(REQUEST_ID_HEADER, requestId);
  c.header(CLIENT_VERSION_HEADER, String(CLIENT_VERSION));
  c.header("Server-Timing", `backend;dur=${backendMs},total;dur=${totalMs}`);
  log("info", "request", {
    requestId,
    method: c.req.method,
    route: c.req.routePath,
    status: c.res.status,
    userId: c.get("userId"),
    backendMs,
    totalMs,
    version: APP_VERSION,
  });
};
