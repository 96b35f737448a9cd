/**
 * The Konto button and popup (spec §2): 'Inloggad som' with the full name, the e-mail and 'Logga ut'; also the records
 * left to export (issue 38), in the export popup's words; the link to "API-nycklar" (issue 47).
 */
import { Link } from "@remix-run/react";
import { useId } from "react";
import type { ActiveUser } from "#shared/api-contracts/subscription";
import { recordsLeftText } from "../lib/exports/export-list-text";
import { signOut } from "../lib/sign-out";
import { PopupButton } from "./search/popup-button";
import { usePopup } from "./search/use-popup";

export function AccountPopup({ user }: { user: ActiveUser }) {
  const popup = usePopup();
  const popupId = useId();
  const { firstName, lastName, email } = user.endUser;
  return (
    <div className="popup-anchor" ref={popup.rootRef}>
      <PopupButton popup={popup} controls={popupId}>
        Konto
      </PopupButton>
      {popup.open && (
        <section id={popupId} className="popup" aria-labelledby={`${popupId}-heading`} ref={popup.panelRef}>
          <h2 id={`${popupId}-heading`} className="popup__heading">
            Konto
          </h2>
          <p className="popup__muted">Inloggad som</p>
          <p className="popup__name">{`${firstName} ${lastName}`.trim()}</p>
          <p className="popup__muted">{email}</p>
          <p>{recordsLeftText(user.subscription.extractionRecordsLeft)}</p>
          <Link className="button button--secondary" to="/api-nycklar">
            API-nycklar
          </Link>
          <button type="button" className="button button--secondary" onClick={() => void signOut()}>
            Logga ut
          </button>
        </section>
      )}
    </div>
  );
}
