/**
 * Exportera and Dela on the start page (spec §2: "Export and share buttons also appear on the home page"). They act on
 * the search the start page offers: all companies (or worksites) of Sweden, the default search of the current type.
 */
import "../../styles/search-actions.css";
import { useEffect, useMemo, useState } from "react";
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import { emptySearch } from "#shared/search/empty-search";
import { errorMessage } from "../../lib/api-error";
import { useCurrentResultType } from "../../lib/search-launch";
import { fetchSearchPageAsChecked } from "../../lib/search/search-calls";
import { SearchController } from "../../lib/search/search-controller";
import { ExportMenu } from "./export-menu";
import { SearchContextProvider, type SearchScreenContext, useSearchState } from "./search-context";
import { SharePopup } from "./share-popup";

const log = (msg: string, fields: Record<string, unknown>) => console.warn(JSON.stringify({ level: "warn", msg, ...fields }));

/** The buttons' labels as HomeButtons shows them, for the header's place-holder before hydration (main-header.tsx). */
export const HOME_HEADER_ACTION_LABELS: readonly string[] = ["Exportera", "Dela"];

/**
 * The start page's one search: the default search of the current type, run once. Its answer feeds the buttons and,
 * for companies, the county map's counts (the start page asked for the same search twice before, session 24).
 */
export function useHomeSearch(answered: SearchPageAnswer | null = null): SearchController {
  const resultType = useCurrentResultType();
  const [controller] = useState(
    () =>
      new SearchController(
        { fetchPage: fetchSearchPageAsChecked, onRoute: () => undefined, messageOf: errorMessage, log },
        emptySearch(resultType),
        // The server ran the company search (start-loader.server.ts).
        resultType === "COMPANY" ? answered : null,
      ),
  );
  useEffect(() => {
    const { search, results } = controller.getState();
    if (results && search.resultType === resultType) return;
    void controller.run(emptySearch(resultType), "none");
  }, [controller, resultType]);
  useEffect(() => () => controller.dispose(), [controller]);
  return controller;
}

export function HomeHeaderActions({ controller }: { controller: SearchController }) {
  const context = useMemo<SearchScreenContext>(
    () => ({
      controller,
      refdata: null,
      wantFullRefdata: () => undefined,
      update: () => undefined,
      edit: () => undefined,
      panel: null,
      setPanel: () => undefined,
      detailId: null,
      openDetail: () => undefined,
      detailLeftResults: () => undefined,
    }),
    [controller],
  );
  return (
    <SearchContextProvider value={context}>
      <HomeButtons />
    </SearchContextProvider>
  );
}

function HomeButtons() {
  const { serializedSearch } = useSearchState();
  return (
    <>
      <ExportMenu allowMarking={false} />
      <SharePopup serializedSearch={serializedSearch} />
    </>
  );
}
