/**
 * The 'Exportera urval' popup (spec §2, §4, §5): how many records the selection holds (and how many marked are
 * included or excluded), 'Ange antal att exportera' clamped between 1 and the maximum, the records left in the
 * subscription, 'Ladda ner urval' → 'Laddar ner...' → 'Urval nedladdat!' (closes itself after 20 s) or
 * 'Ett fel inträffade vid export'. After a download the active user is reloaded (records left).
 */
import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useId, useState } from "react";
import { createPortal } from "react-dom";
import { formatNumber, resultTypeWord } from "../../../workers/shared/format";
import { canDownload, clampExportCount, exportMax, type ExportScope } from "../../lib/search/export-limits";
import { useExportJob } from "../../lib/search/use-export-job";
import type { loader as signedInLoader } from "../../routes/_auth";
import { ModalFrame } from "../modal-frame";
import { useSearchState } from "./search-context";

export const EXPORT_AUTO_CLOSE_MS = 20_000;

const BUTTON_TEXT = { READY: "Ladda ner urval", RUNNING: "Laddar ner...", DONE: "Urval nedladdat!", ERROR: "Ladda ner urval" } as const;

export function ExportDialog({ scope, onClose }: { scope: ExportScope; onClose: () => void }) {
  const { results, selection, serializedSearch, search } = useSearchState();
  const recordsLeft = useRouteLoaderData<typeof signedInLoader>("routes/_auth")?.user.subscription.extractionRecordsLeft ?? 0;
  const revalidator = useRevalidator();
  const hitCount = results?.hitCount ?? 0;
  const marked = selection.ids.length;
  const max = exportMax({ scope, hitCount, markedCount: marked, recordsLeft });
  const [count, setCount] = useState(max);
  const inputId = useId();
  const onDone = useCallback(() => revalidator.revalidate(), [revalidator]);
  const job = useExportJob(onDone);

  useEffect(() => {
    if (job.status !== "DONE") return;
    const timer = setTimeout(onClose, EXPORT_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [job.status, onClose]);

  const typeWord = resultTypeWord(search.resultType);
  const download = () => {
    if (!serializedSearch) return;
    const selectionBody = scope === "all" ? { exclude: false, idNumbers: [] } : { exclude: scope === "unmarked", idNumbers: selection.ids };
    void job.start(serializedSearch, clampExportCount(count, max), selectionBody);
  };
  // Portalled out of the page so that the modal frame can make the page behind it inert.
  return createPortal(
    <ModalFrame
      heading="Exportera urval"
      onDismiss={job.status === "RUNNING" ? undefined : onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={job.status === "RUNNING"}>
            Stäng
          </button>
          {canDownload(max, serializedSearch) ? (
            <button type="button" className="button" onClick={download} disabled={job.status === "RUNNING" || job.status === "DONE"}>
              {BUTTON_TEXT[job.status]}
            </button>
          ) : null}
        </>
      }
    >
      <p>{`Urvalet innehåller ${formatNumber(hitCount)} ${typeWord}.`}</p>
      {scope === "marked" ? <p>{`${formatNumber(marked)} markerade ${typeWord} ingår i exporten.`}</p> : null}
      {scope === "unmarked" ? <p>{`${formatNumber(marked)} markerade ${typeWord} exkluderas från exporten.`}</p> : null}
      <div className="field">
        <label htmlFor={inputId}>Ange antal att exportera</label>
        <input
          id={inputId}
          type="number"
          min={max > 0 ? 1 : 0}
          max={max}
          step={1}
          value={count}
          disabled={max === 0}
          onChange={(event) => setCount(clampExportCount(Number(event.target.value), max))}
        />
      </div>
      <p>{`Ditt abonnemang har ${formatNumber(recordsLeft)} poster kvar att exportera.`}</p>
      <p className="muted">Urvalet sparas som en Excel-fil (XLSX).</p>
      <div role="status" aria-live="polite">
        {job.status === "DONE" ? <p className="form-success">Urval nedladdat!</p> : null}
        {job.status === "ERROR" ? <p className="form-error">Ett fel inträffade vid export</p> : null}
      </div>
    </ModalFrame>,
    document.body,
  );
}
