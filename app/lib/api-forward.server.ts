import { LIST_FILE_REQUEST_TOO_LARGE, MAX_LIST_FILE_REQUEST_BYTES } from "#shared/api-contracts/list-files";
import { DEFAULT_ERROR_MESSAGE, type ErrorBody } from "#shared/errors";
import { describeError, log } from "#shared/log";
import { isValidRequestId, newRequestId, REQUEST_ID_HEADER } from "#shared/request-id";
import { withSecurityHeaders } from "./security-headers.server";

/** Paths served by the API worker: the web app's calls and the public API (/v1, issue 47). */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/sapi/") || pathname.startsWith("/api/") || pathname.startsWith("/v1/");
}

/**
 * Forwards a browser request to the API worker unchanged and hands its answer back as it is: the API stamps the request
 * id (the browser's when well-formed, else its own) and the security floor on every answer itself, so this hop copies
 * no headers, request or response (docs/decisions/0027). When the service binding itself fails (the API worker
 * unreachable, the connection lost mid-body), the browser gets 502 with the spec's error body instead of the runtime's
 * bare 500, and the failure is logged with the request id. The web worker's own answers get the floor here.
 */
export async function forwardToApi(request: Request, api: Fetcher, isHttps: boolean): Promise<Response> {
  const refused = refuseOversizeUpload(request);
  if (refused) return withSecurityHeaders(refused, isHttps);
  try {
    return await api.fetch(request);
  } catch (error) {
    const requestId = requestIdOf(request);
    log("error", "API forward failed", { requestId, ...describeError(error) });
    const body: ErrorBody = { type: "ERROR", message: DEFAULT_ERROR_MESSAGE, code: "API_UNREACHABLE", requestId };
    const failed = Response.json(body, { status: 502, headers: { [REQUEST_ID_HEADER]: requestId, "Cache-Control": "no-store" } });
    return withSecurityHeaders(failed, isHttps);
  }
}

/** The browser's request id when well-formed (the API would have used it), else a new one. */
function requestIdOf(request: Request): string {
  const incoming = request.headers.get(REQUEST_ID_HEADER);
  return isValidRequestId(incoming) ? incoming : newRequestId();
}

const LIST_FILE_UPLOAD_PATH = /^\/sapi\/list-file\/add(\/|$)/;

/**
 * A list-file upload whose Content-Length says it is over the limit is refused here, before any of its body is read
 * or forwarded (the API, which also caps bodies without a length, would first have to read it through both workers).
 */
function refuseOversizeUpload(request: Request): Response | null {
  if (request.method !== "POST" || !LIST_FILE_UPLOAD_PATH.test(new URL(request.url).pathname)) return null;
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (!(length > MAX_LIST_FILE_REQUEST_BYTES)) return null;
  const requestId = requestIdOf(request);
  log("warn", "list-file upload refused at the edge", { requestId, route: "/sapi/list-file/add/:seqNo", bytes: length });
  const body: ErrorBody = { type: "USER_MESSAGE", ...LIST_FILE_REQUEST_TOO_LARGE, requestId };
  return Response.json(body, { status: 400, headers: { [REQUEST_ID_HEADER]: requestId, "Cache-Control": "no-store" } });
}
