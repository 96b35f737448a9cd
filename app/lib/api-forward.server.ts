import { isValidRequestId, newRequestId, REQUEST_ID_HEADER } from "../../workers/shared/request-id";

/** Paths served by the API worker. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/sapi/") || pathname.startsWith("/api/");
}

/** Forwards a browser request to the API worker unchanged, adding a request id so both workers log the same one. */
export function forwardToApi(request: Request, api: Fetcher): Promise<Response> {
  const headers = new Headers(request.headers);
  if (!isValidRequestId(headers.get(REQUEST_ID_HEADER))) headers.set(REQUEST_ID_HEADER, newRequestId());
  return api.fetch(new Request(request, { headers }));
}
