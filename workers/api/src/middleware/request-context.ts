import type { Context, MiddlewareHandler } from "hono";
import { log } from "#shared/log";
import { isValidRequestId, newRequestId, REQUEST_ID_HEADER } from "#shared/request-id";
import { applySecurityFloor, isHttpsUrl } from "#shared/security-floor";
import { APP_VERSION, CLIENT_VERSION, CLIENT_VERSION_HEADER } from "#shared/version";
import type { ApiBindings, ApiEnv } from "../env";

/**
 * Per request: a request id (taken from the caller when well-formed), the server's client version on every answer,
 * Server-Timing with the backend time, the security floor (workers/shared/security-floor.ts), and one structured log
 * line with route, status, user and durations.
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
  c.set("searchCache", undefined);
  c.set("userId", undefined);
  await next();
  const totalMs = Math.round((performance.now() - started) * 10) / 10;
  const backendMs = c.get("backendMs");
  // The backend's time would tell a shared cache's hit (0 ms) from a miss: clients see it only with diagnostics on.
  stampAnswer(c, requestId, cacheDiagnostics(c.env) ? `backend;dur=${backendMs},total;dur=${totalMs}` : `total;dur=${totalMs}`);
  log("info", "request", {
    requestId,
    method: c.req.method,
    route: c.req.routePath,
    status: c.res.status,
    userId: c.get("userId"),
    backendMs,
    searchCache: c.get("searchCache"),
    totalMs,
    version: APP_VERSION,
  });
};

const CLIENT_VERSION_VALUE = String(CLIENT_VERSION);

/** Whether clients may see where a search's results came from (env.ts SEARCH_CACHE_DIAGNOSTICS; never in production). */
export function cacheDiagnostics(env: Pick<ApiEnv, "APP_ENV" | "SEARCH_CACHE_DIAGNOSTICS"> | undefined): boolean {
  return env?.SEARCH_CACHE_DIAGNOSTICS === "1" && env.APP_ENV !== "production";
}

/**
 * Request id, client version, Server-Timing and the security floor on the answer, set on its headers in place: one
 * Response per request. (Hono's c.header() copies a finished Response on every call; the answers of our routes are
 * built in this worker and have mutable headers, so only an answer with immutable ones is copied, once.)
 */
function stampAnswer(c: Context<ApiBindings>, requestId: string, serverTiming: string): void {
  let headers = c.res.headers;
  try {
    headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    c.header(REQUEST_ID_HEADER, requestId);
    headers = c.res.headers;
  }
  headers.set(CLIENT_VERSION_HEADER, CLIENT_VERSION_VALUE);
  headers.set("Server-Timing", serverTiming);
  applySecurityFloor(headers, isHttpsUrl(c.req.url));
}
