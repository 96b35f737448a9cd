import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isHttpsUrl } from "#shared/security-floor";
import { forwardToApi } from "../lib/api-forward.server";

/** Under the Vite dev server the worker entry is not used; this resource route forwards /api/* to the API worker. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  forwardToApi(request, context.cloudflare.env.API, isHttpsUrl(request.url));
export const action = ({ request, context }: ActionFunctionArgs) =>
  forwardToApi(request, context.cloudflare.env.API, isHttpsUrl(request.url));
