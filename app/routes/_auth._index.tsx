/**
 * Start page (spec §1): welcome text, a link selecting all industries and places (an empty search), the top-level SNI
 * groups with company counts, and the county map. The loader reads the grid's counts and the page's one search on the
 * server (start-loader.server.ts); a part it could not read loads in the browser, the reference data all together,
 * with errorReload on failure.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { emptySearch } from "#shared/search/empty-search";
import { CountyMap } from "../components/county-map";
import { HeaderActions, type HeaderActionsHandle } from "../components/main-header";
import { HOME_HEADER_ACTION_LABELS, HomeHeaderActions, useHomeSearch } from "../components/search/home-header-actions";
import { industriesOf, SniGrid } from "../components/sni-grid";
import { useStartCountyCounts } from "../lib/county-counts";
import { useRefdata } from "../lib/refdata";
import { searchHref, useCurrentResultType } from "../lib/search-launch";
import { loadStartPage } from "../lib/start-loader.server";

export const meta: MetaFunction = () => [{ title: "Urval – start" }];

/** Exportera and Dela in the header (main-header.tsx keeps their place). */
export const handle: HeaderActionsHandle = { headerActions: () => HOME_HEADER_ACTION_LABELS };

export async function loader({ context, request }: LoaderFunctionArgs) {
  return data(await loadStartPage(context, request), { headers: { "Cache-Control": "private, no-store" } });
}

export default function StartPage() {
  const start = useLoaderData<typeof loader>();
  const refdata = useRefdata(start.industries === null);
  const home = useHomeSearch(start.home);
  const countyCounts = useStartCountyCounts(home);
  const resultType = useCurrentResultType();
  return (
    <main className="page start" id="main">
      <section className="start__intro">
        <h1>Välkommen till Urval</h1>
        <p className="lead">
          Sök bland alla Sveriges företag och arbetsställen. Börja med en bransch eller ett län, eller välj allt och avgränsa sedan med
          filtren.
        </p>
        <Link className="button" to={searchHref(emptySearch(resultType))}>
          Välj alla branscher och platser
        </Link>
      </section>
      <HeaderActions>
        <HomeHeaderActions controller={home} />
      </HeaderActions>
      <div className="start__columns">
        <section aria-labelledby="sni-heading">
          <h2 id="sni-heading">Branscher</h2>
          <SniGrid industries={start.industries ?? industriesOf(refdata)} resultType={resultType} />
        </section>
        <section aria-labelledby="map-heading" className="start__map">
          <h2 id="map-heading">Län</h2>
          <CountyMap counts={countyCounts} resultType={resultType} />
        </section>
      </div>
    </main>
  );
}
