/**
 * `?_data=` requests belong to Remix before single fetch; this app's client never sends them (it asks for `.data`).
 * Remix still answers them, but first reports a warning through handleError, which any visitor could turn into an
 * error-level log line at will (issue 25). They are answered here instead: 400, no log line.
 */
const MESSAGE = "Ogiltig begäran.";

export function refuseLegacyDataRequest(url: URL): Response | null {
  if (!url.searchParams.has("_data")) return null;
  return new Response(MESSAGE, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
