import { DEFAULT_ERROR_MESSAGE, type ErrorBody } from "../../workers/shared/errors";
import { describeError, log } from "../../workers/shared/log";
import { isValidRequestId, newRequestId, REQUEST_ID_HEADER } from "../../workers/shared/request-id";

/** Paths served by the API worker. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/sapi/") || pathname.startsWith("/api/");
}

/**
 * Forwards a browser request to the API worker unchanged, adding a request id so both workers log the same one. When
 * the service binding itself fails (the API worker unreachable, the connection lost mid-body), the browser gets 502
 * with the spec's error body instead of the runtime's bare 500, and the failure is logged with the request id.
 */
export async function forwardToApi(request: Request, api: Fetcher): Promise<Response> {
  const headers = new Headers(request.headers);
  if (!isValidRequestId(headers.get(REQUEST_ID_HEADER))) headers.set(REQUEST_ID_HEADER, newRequestId());
  const requestId = headers.get(REQUEST_ID_HEADER) ?? newRequestId();
  try {
    return await api.fetch(new Request(request, { headers }));
  } catch (error) {
    log("error", "API forward failed", { requestId, ...describeError(error) });
    const body: ErrorBody = { type: "ERROR", message: DEFAULT_ERROR_MESSAGE, code: "API_UNREACHABLE", requestId };
    return Response.json(body, { status: 502, headers: { [REQUEST_ID_HEADER]: requestId, "Cache-Control": "no-store" } });
  }
}
