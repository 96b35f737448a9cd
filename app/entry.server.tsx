import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";
import { preloadLinks } from "./lib/preload-links.server";
import { applySecurityHeaders, createNonce } from "./lib/security-headers.server";

const ABORT_DELAY_MS = 5_000;

const logLine = (level: "info" | "error", msg: string, fields: Record<string, unknown>) =>
  (level === "error" ? console.error : console.log)(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));

/**
 * Errors of loaders, actions and routing, logged as one JSON line. Remix's default logs the error object, whose
 * message for an unknown address quotes the address; addresses carry searches (`vad`, `till`) and ids, so the line
 * names the method and status only. An unknown page is not an error of the service (info, no stack).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    logLine(error.status >= 500 ? "error" : "info", "page request refused", { method: request.method, status: error.status });
    return;
  }
  const details =
    error instanceof Error ? { error: error.name, errorMessage: error.message, stack: error.stack } : { error: String(error) };
  logLine("error", "page request failed", { method: request.method, ...details });
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(JSON.stringify({ level: "error", msg: "render failed", error: String(error) }));
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeoutId)).catch(() => clearTimeout(timeoutId));
  // Bots get the complete page; browsers stream, but the stylesheet link comes first so there is no unstyled flash.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Link", preloadLinks(remixContext));
  applySecurityHeaders(responseHeaders, nonce, import.meta.env.DEV, new URL(request.url).protocol === "https:");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
