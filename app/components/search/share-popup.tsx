/**
 * The header's 'Dela' popup, 'Dela urval' (spec §2, §8): creates a link for the search on screen, shows it with
 * 'Kopiera länk' (→ 'Länk kopierad!' for 1.5 s), and notes that the recipient needs an account of their own and will
 * not see later changes. A failure shows the extracted message.
 */
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { createSharedLink } from "../../lib/search/search-calls";
import { PopupButton } from "./popup-button";
import { usePopup } from "./use-popup";

export const COPIED_MS = 1_500;

type LinkState = { status: "idle" | "loading" } | { status: "ready"; link: string } | { status: "error"; message: string };

async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    input?.select();
    document.execCommand("copy");
  }
}

export function SharePopup({ serializedSearch }: { serializedSearch: string | null }) {
  const popup = usePopup();
  const [state, setState] = useState<LinkState>({ status: "idle" });
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (!popup.open || !serializedSearch) return;
    let active = true;
    setState({ status: "loading" });
    createSharedLink(serializedSearch).then(
      (link) => active && setState({ status: "ready", link }),
      (error: unknown) => active && setState({ status: "error", message: errorMessage(error) }),
    );
    return () => {
      active = false;
    };
  }, [popup.open, serializedSearch]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const link = state.status === "ready" ? state.link : "";
  return (
    <div className="popup-anchor" ref={popup.rootRef}>
      <PopupButton popup={popup}>Dela</PopupButton>
      {popup.open ? (
        <section className="popup popup--wide" aria-labelledby={headingId} ref={popup.panelRef}>
          <h2 id={headingId} className="popup__heading">
            Dela urval
          </h2>
          <label className="field">
            <span>Länk</span>
            <input
              ref={inputRef}
              type="text"
              readOnly
              value={state.status === "loading" ? "Skapar länk…" : link}
              onFocus={(e) => e.target.select()}
            />
          </label>
          {state.status === "error" ? <p className="form-error">{state.message}</p> : null}
          <button
            type="button"
            className="button"
            disabled={state.status !== "ready"}
            onClick={() => void copyText(link, inputRef.current).then(() => setCopied(true))}
          >
            {copied ? "Länk kopierad!" : "Kopiera länk"}
          </button>
          <p className="popup__muted">Mottagaren behöver ett eget konto för att öppna länken.</p>
          <p className="popup__muted">Ändringar du gör i urvalet efteråt syns inte för mottagaren.</p>
        </section>
      ) : null}
    </div>
  );
}
