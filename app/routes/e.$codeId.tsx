/** Spec §2: /e/{codeId} (the short link in a one-time-code message) redirects to /engangskod/{codeId}. */
import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/engangskod/${encodeURIComponent(params.codeId ?? "")}`);
