/**
 * Layout of the pages anyone may see (spec §2: /om, /kontakt, /anvandarvillkor, /personuppgiftspolicy, /logga-in,
 * /verifiera-inloggning/…): the sign-in header for visitors, the signed-in header when a session exists. A signed-in
 * user who opens /logga-in goes where `till` says, or home (issue 25).
 */
import { data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { MainHeader } from "../components/main-header";
import { PublicHeader } from "../components/public-header";
import { SiteFooter } from "../components/site-footer";
import { isSignInPath, safeReturnPath } from "../lib/app-state";
import { loadSession } from "../lib/session.server";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { user, headers } = await loadSession(context, request, "signedOut");
  const url = new URL(request.url);
  if (user && isSignInPath(url.pathname)) throw redirect(safeReturnPath(url.searchParams.get("till")) ?? "/", { headers });
  return data({ user }, { headers });
}

export default function PublicLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <>
      {user ? <MainHeader user={user} /> : <PublicHeader />}
      <Outlet />
      <SiteFooter />
    </>
  );
}
