/** The search screen's header buttons (spec §2): Exportera (dropdown), Dela (popup) and Listfiler (popup with badge). */
import "../../styles/search-actions.css";
import { ExportMenu } from "./export-menu";
import { ListFilePopup } from "./list-file-popup";
import { useSearchState } from "./search-context";
import { SharePopup } from "./share-popup";

export function SearchHeaderActions() {
  const { serializedSearch } = useSearchState();
  return (
    <>
      <ExportMenu />
      <SharePopup serializedSearch={serializedSearch} />
      <ListFilePopup />
    </>
  );
}
