/** Renders the modal currently open in the modal store: new version, errorReload, reload after error, or a message. */
import { useLocation } from "@remix-run/react";
import { DEFAULT_ERROR_MESSAGE } from "#shared/error-message";
import { saveReloadState } from "../lib/app-state";
import { closeModal, type Modal, useModal } from "../lib/modal-store";
import { ModalFrame } from "./modal-frame";

const TEXTS: Record<Exclude<Modal["kind"], "message">, { heading: string; text: string }> = {
  newVersion: { heading: "Ny version", text: "En ny version av Urval finns. Ladda om sidan för att fortsätta." },
  errorReload: { heading: "Något gick fel", text: "Det gick inte att hämta grunddata. Ladda om sidan för att försöka igen." },
  reloadAfterError: { heading: "Något gick fel", text: DEFAULT_ERROR_MESSAGE },
};

export function ModalHost() {
  const modal = useModal();
  const location = useLocation();
  if (!modal) return null;

  if (modal.kind === "message") {
    return (
      <ModalFrame
        heading={modal.heading}
        onDismiss={closeModal}
        actions={
          <button type="button" className="button" onClick={closeModal}>
            Stäng
          </button>
        }
      >
        <p>{modal.text}</p>
      </ModalFrame>
    );
  }

  const { heading, text } = TEXTS[modal.kind];
  const reload = () => {
    if (modal.kind === "newVersion") saveReloadState(location.pathname + location.search);
    window.location.reload();
  };
  return (
    <ModalFrame
      heading={heading}
      actions={
        <button type="button" className="button" onClick={reload}>
          Ladda om
        </button>
      }
    >
      <p>{modal.kind === "reloadAfterError" && modal.message ? modal.message : text}</p>
    </ModalFrame>
  );
}
