/** Spec §2: /v/{linkId} redirects to /verifiera-inloggning/{linkId}. */
import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/verifiera-inloggning/${encodeURIComponent(params.linkId ?? "")}`);
