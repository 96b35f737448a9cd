import { redirect } from "@remix-run/cloudflare";

/** The start page needs a signed-in user; until sessions exist every visit goes to sign-in. */
export const loader = () => redirect("/logga-in");
