/** 'Spara bevakning' in the search header next to Dela (issue 16): names the search on screen and saves it. */
import "../../styles/monitoring.css";
import { Link } from "@remix-run/react";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../lib/api-error";
import { saveSearch } from "../../lib/monitoring/monitoring-calls";
import { PopupButton } from "../search/popup-button";
import { usePopup } from "../search/use-popup";

type SaveState = { status: "idle" | "saving" | "saved" } | { status: "error"; message: string };

export function SaveSearchPopup({ serializedSearch, suggestedName }: { serializedSearch: string | null; suggestedName: string }) {
  const popup = usePopup();
  const headingId = useId();
  const [name, setName] = useState("");
  const [state, setState] = useState<SaveState>({ status: "idle" });

  const open = () => {
    if (!popup.open) {
      setName(suggestedName);
      setState({ status: "idle" });
    }
    popup.setOpen(!popup.open);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!serializedSearch) return;
    setState({ status: "saving" });
    try {
      await saveSearch(name, serializedSearch);
      setState({ status: "saved" });
    } catch (error) {
      setState({ status: "error", message: errorMessage(error) });
    }
  };
  return (
    <div className="popup-anchor" ref={popup.rootRef}>
      <PopupButton popup={popup} onToggle={open}>
        Spara bevakning
      </PopupButton>
      {popup.open ? (
        <section className="popup popup--wide" aria-labelledby={headingId} ref={popup.panelRef}>
          <h2 id={headingId} className="popup__heading">
            Spara bevakning
          </h2>
          {state.status === "saved" ? (
            <>
              <p>Bevakningen är sparad. Efter varje uppdatering av registret ser du vilka företag som tillkommit eller fallit bort.</p>
              <Link to="/bevakningar" className="button" onClick={() => popup.setOpen(false)}>
                Visa bevakningar
              </Link>
            </>
          ) : (
            <form onSubmit={(e) => void submit(e)}>
              <label className="field">
                <span>Namn på bevakningen</span>
                <input type="text" value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} />
              </label>
              {state.status === "error" ? <p className="form-error">{state.message}</p> : null}
              <button type="submit" className="button" disabled={!serializedSearch || state.status === "saving"}>
                {state.status === "saving" ? "Sparar…" : "Spara"}
              </button>
              <p className="popup__muted">Du får ett sammandrag per e-post när något ändras. Inställningen finns under Bevakningar.</p>
            </form>
          )}
        </section>
      ) : null}
    </div>
  );
}
