/**
 * The search route (spec §2: /sok with `vad` or `referens`). A direct visit is rendered on the server: the loader reads
 * the search and runs its first page through the API. Afterwards the screen runs searches itself and only changes the
 * query, so no loader runs again while the user stays on /sok.
 */
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import type { HeaderActionsHandle } from "../components/main-header";
import { searchHeaderActionLabels } from "../components/search/search-header-actions";
import { SearchScreen } from "../components/search/search-screen";
import type { InitialSearch } from "../lib/search/initial-search";
import { loadInitialSearch } from "../lib/search/search-loader.server";
import searchStyles from "../styles/search-page.css?url";

export const meta: MetaFunction = () => [{ title: "Sök – Urval" }];

/** Exportera, Dela, Spara bevakning and Listfiler in the header (main-header.tsx keeps their place). */
export const handle: HeaderActionsHandle = {
  headerActions: (data) => searchHeaderActionLabels((data as InitialSearch | undefined)?.search.resultType ?? "COMPANY"),
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: searchStyles }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  return data(await loadInitialSearch(context, request), { headers: { "Cache-Control": "private, no-store" } });
}

/** Query changes made on /sok (searches, back, forward) are the screen's own business. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function SearchRoute() {
  const initial = useLoaderData<typeof loader>();
  return <SearchScreen initial={initial} />;
}
