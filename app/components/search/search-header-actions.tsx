/**
 * The search screen's header buttons (spec §2): Exportera (dropdown), Dela (popup), Spara bevakning next to Dela for
 * company searches (issue 16) and Listfiler (popup with badge).
 */
import "../../styles/search-actions.css";
import { SaveSearchPopup } from "../monitoring/save-search-popup";
import { ExportMenu } from "./export-menu";
import { ListFilePopup } from "./list-file-popup";
import { useSearchState } from "./search-context";
import { SharePopup } from "./share-popup";

export function SearchHeaderActions() {
  const { serializedSearch, search } = useSearchState();
  return (
    <>
      <ExportMenu />
      <SharePopup serializedSearch={serializedSearch} />
      {search.resultType === "COMPANY" ? (
        <SaveSearchPopup serializedSearch={serializedSearch} suggestedName={search.text ? `Sökning: ${search.text}` : "Min bevakning"} />
      ) : null}
      <ListFilePopup />
    </>
  );
}
