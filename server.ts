/**
 * Web worker entry: static assets are served by the platform ([assets] in wrangler.toml); /sapi/* and /api/* go to the
 * API worker over the service binding and come back as the API answered (it sets the security floor itself);
 * everything else is rendered by Remix. Every answer leaves with the security headers (app/lib/security-headers.server.ts).
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the module exists only after a build, so neither directive fits both states
// @ts-ignore -- produced by `npm run build` (remix vite:build); absent in a fresh clone until then.
import * as serverBuild from "./build/server/index.js";
import { forwardToApi, isApiPath } from "./app/lib/api-forward.server";
import { refuseLegacyDataRequest } from "./app/lib/legacy-data-request.server";
import { refuseCrossSitePost, withSecurityHeaders } from "./app/lib/security-headers.server";
import type { WebEnvBindings } from "./worker-configuration";

/**
 * Bindings and vars of the web worker, generated from wrangler.toml (`npm run types`). PUBLISHER is checked by
 * workers/shared/publisher.ts.
 */
export type WebEnv = WebEnvBindings;

const handleRemixRequest = createRequestHandler(serverBuild as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const isHttps = url.protocol === "https:";
    // The API's answers carry the security floor already and pass through unchanged (docs/decisions/0027).
    if (isApiPath(url.pathname)) return forwardToApi(request, env.API, isHttps);
    const response =
      refuseLegacyDataRequest(url) ?? refuseCrossSitePost(request) ?? (await handleRemixRequest(request, { cloudflare: { env, ctx } }));
    return withSecurityHeaders(response, isHttps);
  },
} satisfies ExportedHandler<WebEnv>;
