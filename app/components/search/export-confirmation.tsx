/**
 * The one confirmation before a large export (issue 38 point 2): shown in the 'Exportera urval' popup instead of
 * 'Ladda ner urval' when the export may use more than half of the records left, or more than 10 000. It states the
 * count and what the subscription has left afterwards ("at least" when some of the records are free, issue 17).
 * The focus goes to 'Avbryt', so a second Enter does not spend the quota; 'Avbryt' gives the count field the focus.
 */
import { useEffect, useId, useRef } from "react";
import { formatNumber } from "#shared/format";
import { quotaUseText } from "../../lib/exports/export-list-text";
import type { QuotaUse } from "../../lib/search/export-limits";

interface ExportConfirmationProps {
  count: number;
  /** 'organisationer' or 'arbetsställen', in the number of `count`. */
  typeWord: string;
  use: QuotaUse;
  recordsLeft: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ExportConfirmation({ count, typeWord, use, recordsLeft, onConfirm, onCancel }: ExportConfirmationProps) {
  const questionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="export-confirm" role="group" aria-labelledby={questionId} aria-describedby={`${questionId}-use`}>
      <p id={questionId} className="export-confirm__question">{`Vill du exportera ${formatNumber(count)} ${typeWord}?`}</p>
      <p id={`${questionId}-use`}>{quotaUseText(use, recordsLeft)}</p>
      <div className="export-confirm__actions">
        <button type="button" className="button" onClick={onConfirm}>
          Ja, ladda ner
        </button>
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
          Avbryt
        </button>
      </div>
    </div>
  );
}
