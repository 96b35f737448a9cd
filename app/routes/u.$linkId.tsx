/** Spec §2: /u/{linkId} (a shared search) redirects to /sok?referens={linkId}; /sok asks a signed-out visitor to sign in. */
import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/sok?referens=${encodeURIComponent(params.linkId ?? "")}`);
