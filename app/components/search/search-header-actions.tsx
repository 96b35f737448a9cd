/**
 * The search screen's header buttons (spec §2): Exportera (dropdown), Dela (popup), Spara bevakning next to Dela for
 * company searches (issue 16; the name it suggests describes the search, issue 38) and Listfiler (popup with badge).
 */
import "../../styles/search-actions.css";
import { savedSearchName } from "../../lib/monitoring/saved-search-name";
import { SaveSearchPopup } from "../monitoring/save-search-popup";
import { ExportMenu } from "./export-menu";
import { ListFilePopup } from "./list-file-popup";
import { useSearchScreen, useSearchState } from "./search-context";
import { SharePopup } from "./share-popup";

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
