/**
 * The search screen (spec §2 "Search screen"): sidebar, summary header, tree editors, results and the detail pane, with
 * Exportera, Dela and Listfiler in the header. State lives in one SearchController; the address follows the search.
 */
import { useLocation, useNavigate } from "@remix-run/react";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { Search } from "#shared/search/search-schema";
import { errorMessage } from "../../lib/api-error";
import { type KnownWatched, KnownWatchedContext } from "../../lib/monitoring/monitoring-store";
import { setCurrentResultType, setScreenSearchText, setTextSearchHandler } from "../../lib/search-launch";
import { detailIdOf } from "../../lib/search/detail-address";
import type { InitialSearch } from "../../lib/search/initial-search";
import { heldAllCounts } from "../../lib/search/held-all-counts";
import { fetchSearchPage } from "../../lib/search/search-calls";
import { SearchController } from "../../lib/search/search-controller";
import { useDetailRoute } from "../../lib/search/use-detail-route";
import { routeUpdater, useSearchRoute } from "../../lib/search/use-search-route";
import { useReloadState } from "../../lib/search/use-reload-state";
import { needsFullSni, needsWholeLocation, useScreenRefdata } from "../../lib/search/use-screen-refdata";
import { HeaderActions } from "../main-header";
import { DetailPane } from "./detail-pane";
import { FilterButton, FilterDrawer } from "./filter-drawer";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
import { MapView } from "./map-view";
import { ResultList } from "./result-list";
import { SearchContextProvider, type SearchScreenContext, type TreePanel } from "./search-context";
import { SearchHeaderActions } from "./search-header-actions";
import { Sidebar } from "./sidebar";
import { SummaryHeader } from "./summary-header";
import { TreeEditor, TreeEditorLoading } from "./tree-editor-lazy";

const log = (msg: string, fields: Record<string, unknown>) => console.warn(JSON.stringify({ level: "warn", msg, ...fields }));

/** The controller and the open record, both kept in the address (the search as `vad`, the record as `visa`). */
function useController(initial: InitialSearch) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigateRef = useRef(navigate);
  const openDetailId = useRef<() => string | null>(() => null);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [controller] = useState(() => {
    // The server-rendered answer has the all-of-Sweden counts: later answers of its version leave them out.
    if (initial.answer) heldAllCounts.remember(initial.answer);
    return new SearchController(
      { fetchPage: fetchSearchPage, onRoute: routeUpdater(navigateRef, () => openDetailId.current()), messageOf: errorMessage, log },
      initial.search,
      initial.answer,
      initial.error,
    );
  });
  const detail = useDetailRoute(detailIdOf(location.search), controller, navigate);
  useEffect(() => {
    openDetailId.current = detail.currentDetailId;
  }, [detail.currentDetailId]);
  useEffect(() => () => controller.dispose(), [controller]);
  // A text from an address that finds nothing runs corrected, like a typed one (issue 48 point 7).
  useEffect(() => controller.correctInitial(), [controller]);
  useSearchRoute(controller, initial, detail.currentDetailId);
  return { controller, detail };
}

export function SearchScreen({ initial }: { initial: InitialSearch }) {
  const { controller, detail } = useController(initial);
  const { detailId, openDetail, showDetail, detailLeftResults } = detail;
  // Only the result type: the screen's parts subscribe to what they show, so a search does not re-render all of it.
  const getType = useCallback(() => controller.getState().search.resultType, [controller]);
  const resultType = useSyncExternalStore(controller.subscribe, getType, getType);
  const getText = useCallback(() => controller.getState().search.text, [controller]);
  const text = useSyncExternalStore(controller.subscribe, getText, getText);
  const [panel, setPanel] = useState<TreePanel>(null);
  // More reference data only when the light version of the loader lacks something (use-screen-refdata.ts).
  const getNeedsFull = useCallback(
    () => needsFullSni(initial.refdata, controller.getState().search.codeSet.sni),
    [controller, initial.refdata],
  );
  const needsFull = useSyncExternalStore(controller.subscribe, getNeedsFull, getNeedsFull);
  const getNeedsPlaces = useCallback(
    () => needsWholeLocation(initial.refdata, controller.getState().search),
    [controller, initial.refdata],
  );
  const needsPlaces = useSyncExternalStore(controller.subscribe, getNeedsPlaces, getNeedsPlaces);
  const { refdata, want: wantFullRefdata } = useScreenRefdata(initial.refdata, {
    sni: needsFull || panel === "sni",
    location: needsPlaces || panel === "location",
  });
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
  // An open tree editor shows every level of its tree's counts (issue 48 point 6).
  useEffect(() => controller.showDeepFacets("tree", panel !== null), [controller, panel]);
  useEffect(() => {
    setScreenSearchText(text);
    return () => setScreenSearchText(undefined);
  }, [text]);
  useEffect(
    () =>
      setTextSearchHandler((build, id) => {
        update(build(controller.getState().search));
        // The search's own address carries the record.
        if (id !== null) showDetail(id);
      }),
    [controller, update, showDetail],
  );
  useReloadState(
    controller,
    () => ({ detailId, panel }),
    (saved) => {
      setPanel(saved.panel);
      showDetail(saved.detailId);
    },
  );

  const context = useMemo<SearchScreenContext>(
    () => ({ controller, refdata, wantFullRefdata, update, edit, panel, setPanel, detailId, openDetail, detailLeftResults }),
    [controller, refdata, wantFullRefdata, update, edit, panel, detailId, openDetail, detailLeftResults],
  );
  const knownWatched = useMemo(() => knownWatchedOf(initial), [initial]);
  return (
    <SearchContextProvider value={context}>
      <KnownWatchedContext.Provider value={knownWatched}>
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
            <MapView />
            <KeyboardShortcuts />
            {panel ? (
              <Suspense key={panel} fallback={<TreeEditorLoading set={panel} />}>
                <TreeEditor.Component set={panel} overDrawer={filtersOpen} />
              </Suspense>
            ) : null}
            <ResultList />
          </div>
          <DetailPane />
        </main>
      </KnownWatchedContext.Provider>
      <HeaderActions>
        <SearchHeaderActions />
      </HeaderActions>
    </SearchContextProvider>
  );
}

/** What the loader knew of the first page's watched companies: the cards it checked, and which of them are watched. */
function knownWatchedOf(initial: InitialSearch): KnownWatched | null {
  if (!initial.answer || !initial.watched) return null;
  const checked = new Set(initial.answer.results.records.flatMap((record) => ("orgSeqNo" in record ? [record.orgSeqNo] : [])));
  return { checked, watched: new Set(initial.watched) };
}
