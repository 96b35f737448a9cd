/**
 * The search screen's header buttons (spec §2): Exportera (dropdown), Dela (popup), Spara bevakning next to Dela for
 * company searches (issue 16; the name it suggests describes the search, issue 38) and Listfiler (popup with badge).
 */
import "../../styles/search-actions.css";
import type { ResultType } from "#shared/search/search-fields";
import { savedSearchName } from "../../lib/monitoring/saved-search-name";
import { SaveSearchPopup } from "../monitoring/save-search-popup";
import { ExportMenu } from "./export-menu";
import { ListFilePopup } from "./list-file-popup";
import { useSearchScreen, useSearchState } from "./search-context";
import { SharePopup } from "./share-popup";

/** The buttons' labels as SearchHeaderActions shows them, for the header's place-holder before hydration (main-header.tsx). */
export const searchHeaderActionLabels = (resultType: ResultType): readonly string[] =>
  resultType === "COMPANY" ? ["Exportera", "Dela", "Spara bevakning", "Listfiler"] : ["Exportera", "Dela", "Listfiler"];

export function SearchHeaderActions() {
  const { serializedSearch, search } = useSearchState();
  const { refdata } = useSearchScreen();
  return (
    <>
      <ExportMenu />
      <SharePopup serializedSearch={serializedSearch} />
      {search.resultType === "COMPANY" ? (
        <SaveSearchPopup serializedSearch={serializedSearch} suggestedName={savedSearchName(search, refdata)} />
      ) : null}
      <ListFilePopup />
    </>
  );
}
