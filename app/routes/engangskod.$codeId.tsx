/** Spec §2: /engangskod/{codeId} redirects to /logga-in/{codeId}, which opens the code step. */
import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/logga-in/${encodeURIComponent(params.codeId ?? "")}`);
