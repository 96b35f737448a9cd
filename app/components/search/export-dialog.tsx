/**
 * The 'Exportera urval' popup (spec §2, §4, §5): how many records the selection holds (and how many marked are
 * included or excluded), 'Ange antal att exportera' clamped between 1 and the maximum, the records left in the
 * subscription, 'Ladda ner urval' → 'Laddar ner...' → 'Urval nedladdat!' (closes itself after 20 s) or
 * 'Ett fel inträffade vid export'. After a download the active user is reloaded (records left).
 * Issue 17: the designer (format, template, columns), and the records already exported in the subscription period,
 * which are free: "Urvalet innehåller N organisationer, varav M redan exporterade under din prenumerationsperiod
 * (kostar inget)"; the maximum then comes from the server's preview (records left plus the free ones).
 * Issue 28: while the job runs, a progress bar with the rows written; the popup may be closed meanwhile (the export
 * goes on, the header tells when it is done and the file is under Mina exporter).
 * Issue 38: an export that may use more than half of the records left, or more than 10 000, asks once first
 * (export-confirmation.tsx); smaller ones download at the first click, as before.
 */
import "../../styles/exports.css";
import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { formatNumber, resultTypeWord } from "#shared/format";
import { progressText, recordsLeftText } from "../../lib/exports/export-list-text";
import {
  canDownload,
  clampExportCount,
  exportMax,
  needsQuotaConfirmation,
  parseExportCount,
  quotaUse,
  type ExportScope,
} from "../../lib/search/export-limits";
import { fetchExportPreview } from "../../lib/search/export-designer-calls";
import { useExportDesign } from "../../lib/search/use-export-design";
import { useExportJob, type ExportProgress } from "../../lib/search/use-export-job";
import type { ExtractionPreview } from "#shared/api-contracts/extraction";
import type { loader as signedInLoader } from "../../routes/_auth";
import { ModalFrame } from "../modal-frame";
import { ExportConfirmation } from "./export-confirmation";
import { ExportDesigner } from "./export-designer";
import { useSearchState } from "./search-context";

export const EXPORT_AUTO_CLOSE_MS = 20_000;

const BUTTON_TEXT = { READY: "Ladda ner urval", RUNNING: "Laddar ner...", DONE: "Urval nedladdat!", ERROR: "Ladda ner urval" } as const;

export function ExportDialog({ scope, onClose }: { scope: ExportScope; onClose: () => void }) {
  const { results, selection, serializedSearch, search } = useSearchState();
  const recordsLeft = useRouteLoaderData<typeof signedInLoader>("routes/_auth")?.user.subscription.extractionRecordsLeft ?? 0;
  const revalidator = useRevalidator();
  const hitCount = results?.hitCount ?? 0;
  const marked = selection.ids.length;
  const selectionBody = scope === "all" ? { exclude: false, idNumbers: [] } : { exclude: scope === "unmarked", idNumbers: selection.ids };
  const preview = useExportPreview(serializedSearch, selectionBody, recordsLeft);
  const max = preview?.maxCount ?? exportMax({ scope, hitCount, markedCount: marked, recordsLeft });
  const [count, setCount] = useState(max);
  // The field's text while the user types it; null shows the count with the Swedish thousands space ("9 686").
  const [countText, setCountText] = useState<string | null>(null);
  const countInvalid = countText !== null && parseExportCount(countText) === null;
  const [touched, setTouched] = useState(false);
  const design = useExportDesign(search.resultType);
  useEffect(() => {
    if (!touched) setCount(max);
  }, [max, touched]);
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const countErrorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const onDone = useCallback(() => revalidator.revalidate(), [revalidator]);
  const job = useExportJob(onDone);

  // The 20 s count starts once, when the download is done. The parent passes a new onClose on every render (and
  // the revalidation after a download re-renders it), so the timer reads the latest one through a ref instead of
  // restarting whenever it changes.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (job.status !== "DONE") return;
    const timer = setTimeout(() => onCloseRef.current(), EXPORT_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [job.status]);

  // The popup describes the search's whole selection before and after a download alike (issue 25): the hit count,
  // of which the preview's already exported ones are free; the marked rows are a sentence of their own.
  const typeWord = resultTypeWord(search.resultType, hitCount);
  const markedText = `${formatNumber(marked)} ${marked === 1 ? "markerad" : "markerade"} ${resultTypeWord(search.resultType, marked)}`;
  const exportCount = clampExportCount(count, max);
  const use = quotaUse(exportCount, recordsLeft, preview?.alreadyPaid ?? 0);
  const download = () => {
    if (!serializedSearch) return;
    if (!confirming && needsQuotaConfirmation(use, recordsLeft)) return setConfirming(true);
    setConfirming(false);
    void job.start(serializedSearch, exportCount, { ...selectionBody, format: design.format, columns: design.columns });
  };
  // Portalled out of the page so that the modal frame can make the page behind it inert.
  return createPortal(
    <ModalFrame
      heading="Exportera urval"
      wide
      onDismiss={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Stäng
          </button>
          {canDownload(max, serializedSearch) && !confirming ? (
            <button
              type="button"
              className="button"
              onClick={download}
              disabled={countInvalid || job.status === "RUNNING" || job.status === "DONE"}
            >
              {BUTTON_TEXT[job.status]}
            </button>
          ) : null}
        </>
      }
    >
      {preview && preview.alreadyPaid > 0 ? (
        <p>{`Urvalet innehåller ${formatNumber(hitCount)} ${typeWord}, varav ${formatNumber(preview.alreadyPaid)} ${preview.alreadyPaid === 1 ? "redan exporterad" : "redan exporterade"} under din prenumerationsperiod (kostar inget)`}</p>
      ) : (
        <p>{`Urvalet innehåller ${formatNumber(hitCount)} ${typeWord}.`}</p>
      )}
      {scope === "marked" ? <p>{`${markedText} ingår i exporten.`}</p> : null}
      {scope === "unmarked" ? <p>{`${markedText} exkluderas från exporten.`}</p> : null}
      <div className="field">
        <label htmlFor={inputId}>Ange antal att exportera</label>
        <input
          id={inputId}
          ref={inputRef}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={countText ?? formatNumber(count)}
          disabled={max === 0}
          aria-invalid={countInvalid || undefined}
          aria-describedby={countInvalid ? countErrorId : undefined}
          onChange={(event) => {
            setTouched(true);
            setConfirming(false);
            const text = event.target.value;
            const typed = parseExportCount(text);
            if (typed === null) {
              setCountText(text);
              return;
            }
            // Clamped on change (spec §5); a number out of range shows its clamped value at once.
            const clamped = clampExportCount(typed, max);
            setCount(clamped);
            setCountText(clamped === typed ? text : null);
          }}
          onBlur={() => setCountText(null)}
        />
        {countInvalid ? (
          <p id={countErrorId} className="form-error">
            {"Ange antalet som ett heltal, till exempel 1\u00a0000."}
          </p>
        ) : null}
      </div>
      <p>{recordsLeftText(recordsLeft)}</p>
      {confirming ? (
        <ExportConfirmation
          count={exportCount}
          typeWord={resultTypeWord(search.resultType, exportCount)}
          use={use}
          recordsLeft={recordsLeft}
          onConfirm={download}
          onCancel={() => {
            setConfirming(false);
            inputRef.current?.focus();
          }}
        />
      ) : null}
      <p className="muted">
        {design.format === "csv"
          ? "Urvalet sparas som en CSV-fil (UTF-8, semikolonavgränsad, decimalkomma) som Excel öppnar direkt."
          : "Urvalet sparas som en Excel-fil (XLSX)."}
      </p>
      <ExportDesigner design={design} resultType={search.resultType} />
      {job.status === "RUNNING" && job.progress ? <ExportProgressBar progress={job.progress} /> : null}
      <div role="status" aria-live="polite">
        {job.status === "DONE" ? <p className="form-success">Urval nedladdat!</p> : null}
        {job.status === "ERROR" ? <p className="form-error">Ett fel inträffade vid export</p> : null}
      </div>
    </ModalFrame>,
    document.body,
  );
}

/** The rows written so far; the text is what a screen reader reads as the bar's value. */
function ExportProgressBar({ progress }: { progress: ExportProgress }) {
  const text = progressText(progress.rowsWritten, progress.count);
  return (
    <div className="export-progress">
      <progress max={progress.count} value={progress.rowsWritten} aria-label={`Exporten: ${text}`} />
      <span>{text}</span>
      <span className="muted">Du kan stänga fönstret: exporten fortsätter och finns sedan under Mina exporter.</span>
    </div>
  );
}

/** The server's figures for the selection (N, M, maximum); null until they arrive or when the call fails. */
function useExportPreview(
  serializedSearch: string | null,
  selection: { exclude: boolean; idNumbers: (string | number)[] },
  recordsLeft: number,
) {
  const [preview, setPreview] = useState<ExtractionPreview | null>(null);
  const key = JSON.stringify([serializedSearch, selection, recordsLeft]);
  useEffect(() => {
    if (!serializedSearch) return;
    let alive = true;
    const [, body] = JSON.parse(key) as [string, { exclude: boolean; idNumbers: (string | number)[] }];
    fetchExportPreview(serializedSearch, body).then(
      (answer) => alive && setPreview(answer),
      (error: unknown) => console.warn(JSON.stringify({ level: "warn", msg: "export preview failed", error: String(error) })),
    );
    return () => {
      alive = false;
    };
  }, [serializedSearch, key]);
  return preview;
}
