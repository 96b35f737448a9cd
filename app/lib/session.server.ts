/**
 * The signed-in user for a page request, loaded by the layout loaders over the service binding. A 401 leads to one
 * token refresh (as the browser client does, spec §8); the refreshed cookies are used for the retry and handed to the
 * browser with the page. Protected pages redirect to /logga-in with the path to come back to.
 */
import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { type ActiveUser, ActiveUserSchema, TermsOfUseSchema } from "#shared/api-contracts/subscription";
import { DEFAULT_ERROR_MESSAGE } from "#shared/error-message";
import { parseErrorBody } from "./api-error-body";
import { callApi } from "./api.server";
import { applySetCookies } from "./cookie-jar.server";

export const ACTIVE_USER_PATH = "/sapi/subscription/active-user";
export const TERMS_PATH = "/api/subscription/terms-of-use";
/** The query parameter of /logga-in naming where to return after sign-in. */
export const RETURN_PARAM = "till";

export interface SessionResult {
  user: ActiveUser | null;
  /** Set-Cookie headers to pass on to the browser (from a refresh). */
  headers: Headers;
}

async function throwUnexpected(response: Response): Promise<never> {
  const body = parseErrorBody(await response.json().catch(() => undefined));
  const message =
    body?.type === "USER_MESSAGE" || response.status === 403 ? (body?.message ?? DEFAULT_ERROR_MESSAGE) : DEFAULT_ERROR_MESSAGE;
  throw new Response(message, { status: response.status >= 400 ? response.status : 502 });
}

async function readUser(response: Response): Promise<ActiveUser> {
  const parsed = ActiveUserSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new Response(DEFAULT_ERROR_MESSAGE, { status: 502 });
  return parsed.data;
}

/**
 * The active user, refreshing the session once on 401; null when signed out. A refused account (403: subscription
 * expired, account disabled) is an error page on protected pages and counts as signed out on public ones.
 */
export async function loadSession(
  context: AppLoadContext,
  request: Request,
  onRefused: "error" | "signedOut" = "error",
): Promise<SessionResult> {
  const headers = new Headers();
  if (!request.headers.get("Cookie")) return { user: null, headers };
  const first = await callApi(context, request, ACTIVE_USER_PATH);
  if (first.ok) return { user: await readUser(first), headers };
  if (first.status === 403 && onRefused === "signedOut") return { user: null, headers };
  if (first.status !== 401) return throwUnexpected(first);
  const refresh = await callApi(context, request, "/api/auth/refresh", { method: "POST" });
  const setCookies = refresh.headers.getSetCookie();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  if (!refresh.ok) return { user: null, headers };
  const cookie = applySetCookies(request.headers.get("Cookie"), setCookies);
  const second = await callApi(context, request, ACTIVE_USER_PATH, { cookie });
  if (second.ok) return { user: await readUser(second), headers };
  if (second.status === 401) return { user: null, headers };
  return throwUnexpected(second);
}

/** The sign-in address that returns to this request's path and query afterwards. */
export function signInUrlFor(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return back === "/" ? "/logga-in" : `/logga-in?${RETURN_PARAM}=${encodeURIComponent(back)}`;
}

/** For protected pages: the active user, or a redirect to sign-in (carrying any cookie changes). */
export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionResult & { user: ActiveUser }> {
  const session = await loadSession(context, request);
  if (!session.user) throw redirect(signInUrlFor(request), { headers: session.headers });
  return { ...session, user: session.user };
}

/** The terms of use paragraphs (HTML) from the API; null when they could not be loaded. */
export async function loadTerms(context: AppLoadContext, request: Request): Promise<string[] | null> {
  const response = await callApi(context, request, TERMS_PATH);
  if (!response.ok) return null;
  const parsed = TermsOfUseSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? parsed.data : null;
}
