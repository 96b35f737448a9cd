/**
 * Loaders reach the API worker over the service binding (env.API), on behalf of the browser: the user's Cookie header,
 * client IP and request id are passed along, and the Origin is the site's own so same-origin checks accept it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isValidRequestId, newRequestId, REQUEST_ID_HEADER } from "#shared/request-id";
import { CLIENT_VERSION, CLIENT_VERSION_HEADER } from "#shared/version";

export interface ApiCallInit {
  method?: "GET" | "POST";
  body?: unknown;
  /** Overrides the Cookie header taken from the browser's request (after a refresh). */
  cookie?: string | null;
}

const FORWARDED_HEADERS = ["Cookie", "CF-Connecting-IP", "X-Forwarded-For", "User-Agent", "Accept-Language"];

const requestIds = new WeakMap<Request, string>();

/** One request id per page request, shared by all API calls its loaders make (taken from the browser when valid). */
function requestIdOf(request: Request): string {
  let id = requestIds.get(request);
  if (!id) {
    const incoming = request.headers.get(REQUEST_ID_HEADER);
    id = isValidRequestId(incoming) ? incoming : newRequestId();
    requestIds.set(request, id);
  }
  return id;
}

export function callApi(context: AppLoadContext, request: Request, path: string, init: ApiCallInit = {}): Promise<Response> {
  const incoming = request.headers;
  const url = new URL(request.url);
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  if (init.cookie !== undefined) {
    if (init.cookie) headers.set("Cookie", init.cookie);
    else headers.delete("Cookie");
  }
  headers.set(REQUEST_ID_HEADER, requestIdOf(request));
  headers.set(CLIENT_VERSION_HEADER, String(CLIENT_VERSION));
  headers.set("Accept", "application/json");
  headers.set("Origin", url.origin);
  headers.set("Sec-Fetch-Site", "same-origin");
  let body: string | undefined;
  if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.body);
  }
  return context.cloudflare.env.API.fetch(new URL(path, url.origin).toString(), { method: init.method ?? "GET", headers, body });
}
