/**
 * Spec §4/§6: a user who has not signed the terms sees this blocking modal until accepting with 'Godkänn'; an error
 * from the acceptance is shown in the modal (spec §8).
 */
import { Link, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { api } from "../lib/api";
import { errorMessage } from "../lib/api-error";
import { ModalFrame } from "./modal-frame";
import { TermsText } from "./terms-text";

export function AcceptTermsModal({ terms }: { terms: readonly string[] | null }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setPending(true);
    setError(null);
    try {
      await api.call("/sapi/subscription/accept-terms", { method: "POST", responseType: "none" });
      revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  }

  return (
    <ModalFrame
      heading="Användarvillkor"
      wide
      actions={
        <button type="button" className="button" onClick={() => void accept()} disabled={pending} aria-describedby="terms-error">
          Godkänn
        </button>
      }
    >
      <p>Läs och godkänn användarvillkoren för att fortsätta använda Urval.</p>
      <div className="modal__scroll" tabIndex={0} aria-label="Användarvillkoren">
        {terms ? (
          <TermsText paragraphs={terms} />
        ) : (
          <p>
            Villkoren kunde inte visas här just nu. Du kan läsa dem på sidan <Link to="/anvandarvillkor">Användarvillkor</Link>.
          </p>
        )}
      </div>
      <p id="terms-error" className="form-error" role="alert">
        {error}
      </p>
    </ModalFrame>
  );
}
