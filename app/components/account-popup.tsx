/** The Konto button and popup (spec §2): 'Inloggad som' with the full name, the e-mail and 'Logga ut'. */
import { useEffect, useId, useRef, useState } from "react";
import type { ActiveUser } from "#shared/api-contracts/subscription";
import { signOut } from "../lib/sign-out";

export function AccountPopup({ user }: { user: ActiveUser }) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const { firstName, lastName, email } = user.endUser;
  return (
    <div className="popup-anchor" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-button"
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((value) => !value)}
      >
        Konto
      </button>
      {open && (
        <section id={popupId} className="popup" aria-labelledby={`${popupId}-heading`}>
          <h2 id={`${popupId}-heading`} className="popup__heading">
            Konto
          </h2>
          <p className="popup__muted">Inloggad som</p>
          <p className="popup__name">{`${firstName} ${lastName}`.trim()}</p>
          <p className="popup__muted">{email}</p>
          <button type="button" className="button button--secondary" onClick={() => void signOut()}>
            Logga ut
          </button>
        </section>
      )}
    </div>
  );
}
