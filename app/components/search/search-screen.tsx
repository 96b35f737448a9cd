/**
 * The search screen (spec §2 "Search screen"): sidebar, summary header, tree editors, results and the detail pane, with
 * Exportera, Dela and Listfiler in the header. State lives in one SearchController; the address follows the search.
 */
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { Search } from "#shared/search/search-schema";
import { errorMessage } from "../../lib/api-error";
import { clearPendingDetail, pendingDetailFor, setCurrentResultType, setTextSearchHandler } from "../../lib/search-launch";
import type { InitialSearch } from "../../lib/search/initial-search";
import { fetchSearchPage } from "../../lib/search/search-calls";
import { SearchController } from "../../lib/search/search-controller";
import { routeUpdater, useSearchRoute } from "../../lib/search/use-search-route";
import { useReloadState } from "../../lib/search/use-reload-state";
import { useScreenRefdata } from "../../lib/search/use-screen-refdata";
import { HeaderActions } from "../main-header";
import { DetailPane } from "./detail-pane";
import { FilterButton, FilterDrawer } from "./filter-drawer";
import { ResultList } from "./result-list";
import { SearchContextProvider, type SearchScreenContext, type TreePanel } from "./search-context";
import { SearchHeaderActions } from "./search-header-actions";
import { Sidebar } from "./sidebar";
import { SummaryHeader } from "./summary-header";
import { TreeEditor } from "./tree-editor";

const log = (msg: string, fields: Record<string, unknown>) => console.warn(JSON.stringify({ level: "warn", msg, ...fields }));

function useController(initial: InitialSearch) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [controller] = useState(
    () =>
      new SearchController(
        { fetchPage: fetchSearchPage, onRoute: routeUpdater(navigateRef), messageOf: errorMessage, log },
        initial.search,
        initial.answer,
        initial.error,
      ),
  );
  useEffect(() => () => controller.dispose(), [controller]);
  useSearchRoute(controller, initial, navigate);
  return controller;
}

export function SearchScreen({ initial }: { initial: InitialSearch }) {
  const controller = useController(initial);
  // Only the result type: the screen's parts subscribe to what they show, so a search does not re-render all of it.
  const getType = useCallback(() => controller.getState().search.resultType, [controller]);
  const resultType = useSyncExternalStore(controller.subscribe, getType, getType);
  const refdata = useScreenRefdata(initial.refdata);
  const [panel, setPanel] = useState<TreePanel>(null);
  const location = useLocation();
  // A record chosen among the header's suggestions on another page opens with the results.
  const [detailId, setDetailId] = useState<string | null>(() => pendingDetailFor(location.search));
  const [notice, setNotice] = useState(initial.notice);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterButtonRef = useRef<HTMLButtonElement>(null);
  const hideFilters = useCallback(() => setFiltersOpen(false), []);
  const closeFilters = useCallback(() => {
    setFiltersOpen(false);
    filterButtonRef.current?.focus();
  }, []);
  const update = useCallback((search: Search) => void controller.run(search), [controller]);
  const edit = useCallback((change: (search: Search) => Search) => void controller.run(change(controller.getState().search)), [controller]);

  useEffect(() => setCurrentResultType(resultType), [resultType]);
  useEffect(clearPendingDetail, []);
  useEffect(
    () =>
      setTextSearchHandler((build, id) => {
        update(build(controller.getState().search));
        if (id !== null) setDetailId(id);
      }),
    [controller, update],
  );
  useReloadState(
    controller,
    () => ({ detailId, panel }),
    (saved) => {
      setPanel(saved.panel);
      setDetailId(saved.detailId);
    },
  );

  const context = useMemo<SearchScreenContext>(
    () => ({ controller, refdata, update, edit, panel, setPanel, detailId, openDetail: setDetailId }),
    [controller, refdata, update, edit, panel, detailId],
  );
  return (
    <SearchContextProvider value={context}>
      <main className={detailId ? "search-page search-page--detail" : "search-page"} id="main">
        <h1 className="visually-hidden">Sök företag och arbetsställen</h1>
        <FilterDrawer open={filtersOpen} onClose={closeFilters} onHidden={hideFilters}>
          <Sidebar />
        </FilterDrawer>
        <div className="search-main">
          <FilterButton buttonRef={filterButtonRef} onOpen={() => setFiltersOpen(true)} />
          {notice ? (
            <div className="notice-bar" role="alert">
              <p>{notice}</p>
              <button type="button" className="link-button" onClick={() => setNotice(null)}>
                Stäng
              </button>
            </div>
          ) : null}
          <SummaryHeader />
          {panel ? <TreeEditor key={panel} set={panel} /> : null}
          <ResultList />
        </div>
        <DetailPane />
      </main>
      <HeaderActions>
        <SearchHeaderActions />
      </HeaderActions>
    </SearchContextProvider>
  );
}
