/**
 * 'Hitta liknande' in the detail pane (issue 39): opens the ordinary, editable search for companies like this one
 * (use-find-similar.ts). A worksite offers it for its company. While the searches run it is aria-disabled rather than
 * disabled, so it keeps the focus.
 */
import { useCallback } from "react";
import { useFindSimilar } from "../../lib/search/use-find-similar";
import { useSearchScreen } from "./search-context";

export function FindSimilarButton({ orgSeqNo, name }: { orgSeqNo: number; name: string }) {
  const { refdata, update, controller } = useSearchScreen();
  const current = useCallback(() => controller.getState().search, [controller]);
  const { find, busy, error } = useFindSimilar(refdata, current, update);
  return (
    <span className="find-similar">
      <button
        type="button"
        className="link-button"
        title={`Sök företag som liknar ${name}: samma bransch, storlek och län`}
        aria-disabled={busy || !refdata}
        onClick={() => {
          if (!busy) void find(orgSeqNo);
        }}
      >
        Hitta liknande
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
