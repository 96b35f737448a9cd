/**
 * Layout of the pages that need a signed-in subscriber (spec §2: /, /sok, /u/…): loads the active user on the server
 * (redirecting to /logga-in when signed out), shows the signed-in header and footer, and blocks with the terms modal
 * until the terms are accepted.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { AcceptTermsModal } from "../components/accept-terms-modal";
import { MainHeader } from "../components/main-header";
import { SiteFooter } from "../components/site-footer";
import { noteSessionExpiry } from "../lib/session-clock";
import { loadSearchContracts, warmContractsOnIntent } from "../lib/warm-contracts";
import { loadTerms, requireUser } from "../lib/session.server";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { user, headers } = await requireUser(context, request);
  const terms = user.endUser.signedTerms ? null : await loadTerms(context, request);
  return data({ user, terms }, { headers });
}

/** The search screen changes only its query on every search; that needs no new active user (revalidate() still does). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === "/sok" && nextUrl.pathname === "/sok" && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

export default function SignedInLayout() {
  const { user, terms } = useLoaderData<typeof loader>();
  useEffect(() => noteSessionExpiry(user.expiresAt), [user.expiresAt]);
  useEffect(() => warmContractsOnIntent(window, loadSearchContracts), []);
  return (
    <>
      <div className="app" data-modal-background>
        <MainHeader user={user} />
        {/* Until the terms are accepted the API answers only the terms calls, so the screens are not started. */}
        {user.endUser.signedTerms ? <Outlet /> : <main className="page" id="main" />}
        <SiteFooter />
      </div>
      {user.endUser.signedTerms ? null : <AcceptTermsModal terms={terms} />}
    </>
  );
}
