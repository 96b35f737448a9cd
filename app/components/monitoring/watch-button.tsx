/**
 * 'Bevaka företaget' / 'Sluta bevaka' on a company card and in the detail pane (issue 16). One button whose text
 * changes; while the call runs it is aria-disabled rather than disabled, so it keeps the focus (issue 38).
 */
import "../../styles/monitoring.css";
import { useState } from "react";
import { flushSync } from "react-dom";
import { toggleWatch, useIsWatched } from "../../lib/monitoring/monitoring-store";

export function WatchButton({ orgSeqNo, name }: { orgSeqNo: number; name: string }) {
  const isWatched = useIsWatched(orgSeqNo);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (isWatched === null) return null;
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    const result = await toggleWatch(orgSeqNo, !isWatched);
    // In the same task as the store's new state (the text): rendered later, the button would read "Sluta bevaka" while
    // still busy for a moment, and a quick second press in between would be dropped.
    flushSync(() => {
      setMessage(result);
      setBusy(false);
    });
  };
  return (
    <span className="watch-button">
      <button
        type="button"
        className="link-button"
        aria-pressed={isWatched}
        title={isWatched ? `Sluta bevaka ${name}` : `Bevaka ${name}: du får veta när något ändras`}
        aria-disabled={busy}
        onClick={() => void onClick()}
      >
        {isWatched ? "Sluta bevaka" : "Bevaka företaget"}
      </button>
      {message ? (
        <span className="form-error" role="alert">
          {message}
        </span>
      ) : null}
    </span>
  );
}
